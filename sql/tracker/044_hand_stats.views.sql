/*
  A tracker's statistics (issue 46), from the imported hands' actions (028): each definition,
  its chances and whose it follows (PokerTracker 4's or fpdb's) in docs/histories-stats.md.

    history_seat_actions  one row per seat per hand: position (from the button and the seats
                          dealt in; heads-up the button is the small blind; NULL in a hand
                          with no button, as stud's), a boolean for each
                          chance and action (false, never NULL, without the chance; but VPIP
                          and PFR, whose chance is every hand, are NULL in a hand with no
                          street before the flop: stud's, razz's), the bets,
                          raises, calls and folds of each street, and the hand's game, stakes
                          and date: every column of history_hand_stats but what the pots paid
                          (won_at_showdown, won_when_saw_flop, net), which 065 adds from the one
                          tally (062), with history_player_stats

  The view is `select *` of its table macro (history_seat_actions_of), given by name the
  relations it reads: the view gives the database's; the import a chunk of new hands' (066).
*/

create macro history_seat_actions_of(history_seats, history_hands, history_actions, history_board) as table
with
    -- each seat dealt in, numbered clockwise from the seat after the button (1) to the button (n)
    seated as (
        select
            seats.site,
            seats.hand_id,
            seats.seat,
            seats.player,
            seats.button_seat,
            row_number() over (
                partition by seats.site, seats.hand_id
                order by seats.clockwise_key
            ) as clockwise,
            count(*) over (partition by seats.site, seats.hand_id) as dealt
        from seats_clockwise_of(history_seats, history_hands) as seats
    ),
    positioned as (
        select
            seated.site,
            seated.hand_id,
            seated.seat,
            seated.player,
            case
                -- no button (stud, or a file that names none): no position
                when seated.button_seat is null then null
                when seated.dealt = 2 and seated.clockwise = 2 then 'SB'
                when seated.dealt = 2 then 'BB'
                when seated.clockwise = seated.dealt then 'BTN'
                when seated.clockwise = 1 then 'SB'
                when seated.clockwise = 2 then 'BB'
                when seated.clockwise = seated.dealt - 1 then 'CO'
                when seated.clockwise = 3 then 'UTG'
                when seated.clockwise = seated.dealt - 2 then 'HJ'
                when seated.clockwise = seated.dealt - 3 then 'LJ'
                else 'UTG+' || cast(seated.clockwise - 3 as varchar)
            end as position
        from seated
    ),
    -- the players' own decisions (no blinds, antes or straddles), each with the bets and
    -- raises before it on its street, and (before the flop) the calls, bets and raises
    acts as (
        select
            actions.site,
            actions.hand_id,
            actions.action_no,
            actions.street,
            actions.seat,
            actions.action,
            case when actions.action in ('bet', 'raise') then 1 else 0 end as aggressive,
            sum(case when actions.action in ('bet', 'raise') then 1 else 0 end) over (
                partition by actions.site, actions.hand_id, actions.street order by actions.action_no
            ) - case when actions.action in ('bet', 'raise') then 1 else 0 end as raises_before,
            sum(case when actions.action in ('call', 'bet', 'raise') then 1 else 0 end) over (
                partition by actions.site, actions.hand_id, actions.street order by actions.action_no
            ) - case when actions.action in ('call', 'bet', 'raise') then 1 else 0 end as entered_before,
            row_number() over (
                partition by actions.site, actions.hand_id, actions.street, actions.seat order by actions.action_no
            ) as seat_turn
        from query_table(history_actions) as actions
        where actions.action in ('fold', 'check', 'call', 'bet', 'raise')
    ),
    -- the first raise before the flop: who opened, and whether it was a steal (raised first
    -- in, everyone before folded, from the cutoff, the button or the small blind)
    openers as (
        select
            acts.site,
            acts.hand_id,
            acts.seat,
            case when acts.entered_before = 0 and positioned.position in ('CO', 'BTN', 'SB') then 1 else 0 end as steal
        from acts
        inner join positioned
            on positioned.site = acts.site
            and positioned.hand_id = acts.hand_id
            and positioned.seat = acts.seat
        where acts.street = 'preflop'
            and acts.aggressive = 1
            and acts.raises_before = 0
    ),
    -- the last bet or raise of each street: who has the initiative on the next one
    initiative as (
        select
            ranked.site,
            ranked.hand_id,
            case ranked.street when 'preflop' then 'flop' when 'flop' then 'turn' else 'river' end as next_street,
            ranked.seat
        from (
            select
                acts.site,
                acts.hand_id,
                acts.street,
                acts.seat,
                row_number() over (partition by acts.site, acts.hand_id, acts.street order by acts.action_no desc) as from_last
            from acts
            where acts.aggressive = 1
        ) as ranked
        where ranked.from_last = 1
    ),
    -- the continuation bet: the player with the initiative acts first on the street with no
    -- bet before (the chance) and bets (done)
    cbets as (
        select
            acts.site,
            acts.hand_id,
            acts.street,
            acts.seat,
            case when acts.raises_before = 0 then 1 else 0 end as chance,
            case when acts.raises_before = 0 and acts.aggressive = 1 then 1 else 0 end as done
        from acts
        inner join initiative
            on initiative.site = acts.site
            and initiative.hand_id = acts.hand_id
            and initiative.next_street = acts.street
            and initiative.seat = acts.seat
        where acts.seat_turn = 1
            and acts.street in ('flop', 'turn')
    ),
    -- each decision's part in each statistic
    flagged as (
        select
            acts.site,
            acts.hand_id,
            acts.seat,
            acts.street,
            acts.action,
            acts.aggressive,
            case when acts.street = 'preflop' and acts.action in ('call', 'bet', 'raise') then 1 else 0 end as vpip,
            case when acts.street = 'preflop' and acts.entered_before = 0 then 1 else 0 end as rfi_chance,
            case when acts.street = 'preflop' and acts.raises_before = 1 and acts.seat <> openers.seat then 1 else 0 end as three_bet_chance,
            case when acts.street = 'preflop' and acts.raises_before = 2 and acts.seat = openers.seat then 1 else 0 end as fold_to_three_bet_chance,
            case when acts.street = 'preflop' and acts.raises_before = 2 then 1 else 0 end as four_bet_chance,
            -- a blind facing a steal: the stealer's raise the only chips in before it
            case when acts.street = 'preflop' and openers.steal = 1 and acts.raises_before = 1 and acts.entered_before = 1 then 1 else 0 end as facing_steal,
            case when cbets.done = 1 and acts.seat <> cbets.seat and acts.raises_before = 1 then 1 else 0 end as facing_cbet
        from acts
        left join openers
            on openers.site = acts.site
            and openers.hand_id = acts.hand_id
        left join cbets
            on cbets.site = acts.site
            and cbets.hand_id = acts.hand_id
            and cbets.street = acts.street
    ),
    -- every seat dealt in, with its decisions' parts summed (a seat that took none: zeros)
    per_seat as (
        select
            positioned.site,
            positioned.hand_id,
            positioned.seat,
            positioned.player,
            positioned.position,
            max(case when flagged.seat is null then 0 else 1 end) as decided,
            coalesce(max(flagged.vpip), 0) as vpip,
            max(case when flagged.street = 'preflop' then flagged.aggressive else 0 end) as pfr,
            coalesce(max(flagged.rfi_chance), 0) as rfi_chance,
            max(case when flagged.rfi_chance = 1 then flagged.aggressive else 0 end) as rfi,
            coalesce(max(flagged.three_bet_chance), 0) as three_bet_chance,
            max(case when flagged.three_bet_chance = 1 then flagged.aggressive else 0 end) as three_bet,
            coalesce(max(flagged.fold_to_three_bet_chance), 0) as fold_to_three_bet_chance,
            max(case when flagged.fold_to_three_bet_chance = 1 and flagged.action = 'fold' then 1 else 0 end) as fold_to_three_bet,
            coalesce(max(flagged.four_bet_chance), 0) as four_bet_chance,
            max(case when flagged.four_bet_chance = 1 then flagged.aggressive else 0 end) as four_bet,
            coalesce(max(flagged.facing_steal), 0) as facing_steal,
            max(case when flagged.facing_steal = 1 and flagged.action = 'fold' then 1 else 0 end) as folded_to_steal,
            max(case when flagged.street = 'flop' then flagged.facing_cbet else 0 end) as fold_to_cbet_flop_chance,
            max(case when flagged.street = 'flop' and flagged.facing_cbet = 1 and flagged.action = 'fold' then 1 else 0 end) as fold_to_cbet_flop,
            max(case when flagged.street = 'turn' then flagged.facing_cbet else 0 end) as fold_to_cbet_turn_chance,
            max(case when flagged.street = 'turn' and flagged.facing_cbet = 1 and flagged.action = 'fold' then 1 else 0 end) as fold_to_cbet_turn,
            max(case when flagged.action = 'fold' then 1 else 0 end) as folded,
            max(case when flagged.street = 'preflop' and flagged.action = 'fold' then 1 else 0 end) as folded_preflop,
            sum(case when flagged.street = 'preflop' and flagged.action = 'bet' then 1 else 0 end) as preflop_bets, sum(case when flagged.street = 'preflop' and flagged.action = 'raise' then 1 else 0 end) as preflop_raises, sum(case when flagged.street = 'preflop' and flagged.action = 'call' then 1 else 0 end) as preflop_calls, sum(case when flagged.street = 'preflop' and flagged.action = 'fold' then 1 else 0 end) as preflop_folds,
            sum(case when flagged.street = 'flop' and flagged.action = 'bet' then 1 else 0 end) as flop_bets, sum(case when flagged.street = 'flop' and flagged.action = 'raise' then 1 else 0 end) as flop_raises, sum(case when flagged.street = 'flop' and flagged.action = 'call' then 1 else 0 end) as flop_calls, sum(case when flagged.street = 'flop' and flagged.action = 'fold' then 1 else 0 end) as flop_folds,
            sum(case when flagged.street = 'turn' and flagged.action = 'bet' then 1 else 0 end) as turn_bets, sum(case when flagged.street = 'turn' and flagged.action = 'raise' then 1 else 0 end) as turn_raises, sum(case when flagged.street = 'turn' and flagged.action = 'call' then 1 else 0 end) as turn_calls, sum(case when flagged.street = 'turn' and flagged.action = 'fold' then 1 else 0 end) as turn_folds,
            sum(case when flagged.street = 'river' and flagged.action = 'bet' then 1 else 0 end) as river_bets, sum(case when flagged.street = 'river' and flagged.action = 'raise' then 1 else 0 end) as river_raises, sum(case when flagged.street = 'river' and flagged.action = 'call' then 1 else 0 end) as river_calls, sum(case when flagged.street = 'river' and flagged.action = 'fold' then 1 else 0 end) as river_folds
        from positioned
        left join flagged
            on flagged.site = positioned.site
            and flagged.hand_id = positioned.hand_id
            and flagged.seat = positioned.seat
        group by positioned.site, positioned.hand_id, positioned.seat, positioned.player, positioned.position
    ),
    -- the hand's end: how many never folded, and whether a flop was dealt
    hand_ends as (
        select
            per_seat.site,
            per_seat.hand_id,
            sum(1 - per_seat.folded) as players_left,
            max(case when board.card_no is null then 0 else 1 end) as flop
        from per_seat
        left join query_table(history_board) as board
            on board.site = per_seat.site and board.hand_id = per_seat.hand_id and board.card_no = 3
        group by per_seat.site, per_seat.hand_id
    ),
    -- the hands with a street before the flop: stud's and razz's first street is third, and
    -- VPIP and PFR, counted before the flop, have no chance there (NULL, never false)
    preflop_hands as (
        select distinct
            actions.site,
            actions.hand_id
        from query_table(history_actions) as actions
        where actions.street = 'preflop'
    )
select
    per_seat.site,
    per_seat.hand_id,
    per_seat.seat,
    per_seat.player,
    per_seat.position,
    hands.game,
    hands.small_blind,
    hands.big_blind,
    hands.currency,
    hands.played_at,
    case when preflop_hands.hand_id is not null then per_seat.vpip = 1 end as vpip,
    case when preflop_hands.hand_id is not null then per_seat.pfr = 1 end as pfr,
    per_seat.three_bet_chance = 1 as three_bet_chance,
    per_seat.three_bet = 1 as three_bet,
    per_seat.fold_to_three_bet_chance = 1 as fold_to_three_bet_chance,
    per_seat.fold_to_three_bet = 1 as fold_to_three_bet,
    per_seat.four_bet_chance = 1 as four_bet_chance,
    per_seat.four_bet = 1 as four_bet,
    per_seat.rfi_chance = 1 as rfi_chance,
    per_seat.rfi = 1 as rfi,
    per_seat.rfi_chance = 1 and per_seat.position in ('CO', 'BTN', 'SB') as steal_chance,
    per_seat.rfi = 1 and per_seat.position in ('CO', 'BTN', 'SB') as steal,
    per_seat.facing_steal = 1 and per_seat.position = 'SB' as sb_fold_to_steal_chance,
    per_seat.folded_to_steal = 1 and per_seat.position = 'SB' as sb_fold_to_steal,
    per_seat.facing_steal = 1 and per_seat.position = 'BB' as bb_fold_to_steal_chance,
    per_seat.folded_to_steal = 1 and per_seat.position = 'BB' as bb_fold_to_steal,
    -- what each seat saw: the flop, a showdown, or a walk
    hand_ends.flop = 1 and per_seat.folded_preflop = 0 as saw_flop,
    coalesce(flop_cbets.chance, 0) = 1 as cbet_flop_chance,
    coalesce(flop_cbets.done, 0) = 1 as cbet_flop,
    per_seat.fold_to_cbet_flop_chance = 1 as fold_to_cbet_flop_chance,
    per_seat.fold_to_cbet_flop = 1 as fold_to_cbet_flop,
    coalesce(turn_cbets.chance, 0) = 1 as cbet_turn_chance,
    coalesce(turn_cbets.done, 0) = 1 as cbet_turn,
    per_seat.fold_to_cbet_turn_chance = 1 as fold_to_cbet_turn_chance,
    per_seat.fold_to_cbet_turn = 1 as fold_to_cbet_turn,
    per_seat.folded = 0 and hand_ends.players_left > 1 as saw_showdown,
    per_seat.decided = 0 and hand_ends.players_left = 1 as walk,
    per_seat.preflop_bets, per_seat.preflop_raises, per_seat.preflop_calls, per_seat.preflop_folds,
    per_seat.flop_bets, per_seat.flop_raises, per_seat.flop_calls, per_seat.flop_folds,
    per_seat.turn_bets, per_seat.turn_raises, per_seat.turn_calls, per_seat.turn_folds,
    per_seat.river_bets, per_seat.river_raises, per_seat.river_calls, per_seat.river_folds
from per_seat
inner join query_table(history_hands) as hands
    on hands.site = per_seat.site
    and hands.hand_id = per_seat.hand_id
inner join hand_ends
    on hand_ends.site = per_seat.site
    and hand_ends.hand_id = per_seat.hand_id
left join preflop_hands
    on preflop_hands.site = per_seat.site
    and preflop_hands.hand_id = per_seat.hand_id
left join cbets as flop_cbets
    on flop_cbets.site = per_seat.site and flop_cbets.hand_id = per_seat.hand_id and flop_cbets.seat = per_seat.seat
    and flop_cbets.street = 'flop'
left join cbets as turn_cbets
    on turn_cbets.site = per_seat.site and turn_cbets.hand_id = per_seat.hand_id and turn_cbets.seat = per_seat.seat
    and turn_cbets.street = 'turn';

create view history_seat_actions as
select * from history_seat_actions_of('history_seats', 'history_hands', 'history_actions', 'history_board');
