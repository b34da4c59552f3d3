/*
  What a tracker reports of the imported hands (028), paid by the one tally of every game (062:
  each hand by its own game's rule, each board of a hand run twice), which the import stores
  (066) and `pokersql history` and `stats` read (issue 44: one tally, where these views read
  030's Hold'em payouts before).

    history_allin_ev      one row per player per hand of history_allin_equities (032): the
                          equity in the main pot, what the pots would pay by equity (ev_won,
                          the sum of ev_share; ev_net = ev_won less in_pot) and what they paid
                          (won and net); luck = net - ev_net. ev_won is rounded to the
                          hundredth (on SQLite, which has no decimals, it is not); all before rake
    history_player_hands  one row per seat per hand, what `pokersql history` sums with
                          history_allin_ev's luck: net (what the history says the player
                          collected, else won, less in_pot: after rake), showdown (1 when the
                          player was still in at the end of a hand whose pot two or more could
                          win); played_at and the source's file and line give the hands' order.
                          (It does not read history_allin_ev: Spark analyzes every view a view
                          reads when it is created, and that one again would be half a minute
                          more of every build there.)
    history_hand_stats    one row per seat per hand: history_seat_actions (044) with what the
                          pots paid: won_at_showdown and won_when_saw_flop (won: collected, as
                          the history says; where it says nothing, netted more than nothing)
                          and net (history_player_hands': after rake)
    history_player_stats  one row per player and position, and per player (position 'all'):
                          hands, each statistic as a percentage of its chances (NULL without
                          one), the aggression factor and frequency, bb/100, and the hands
                          whose result is unknown (067: left out of W$SD, WWSF and bb/100)

  Each view but history_player_stats is `select *` of its table macro (history_allin_ev_of, ...),
  given by name the relations it reads: the view gives the database's, and the import the
  copies of a chunk of new hands, whose rows it stores (066: pokersql/histories/stored.py).
*/

create macro history_allin_ev_of(history_allin_equities, history_game_payouts) as table
with
    by_player as (
        select
            equities.site,
            equities.hand_id,
            equities.seat,
            max(equities.street) as street,
            max(case when equities.pot_no = 1 then equities.equity end) as equity,
            sum(equities.ev_share) as ev_won
        from query_table(history_allin_equities) as equities
        group by equities.site, equities.hand_id, equities.seat
    )
select
    payouts.site,
    payouts.hand_id,
    payouts.seat,
    payouts.player,
    by_player.street,
    by_player.equity,
    payouts.in_pot,
    -- a hand whose result is unknown (067): its EV unknown too
    case when payouts.won is not null then cast(by_player.ev_won as decimal(18, 2)) end as ev_won,
    case when payouts.won is not null then cast(by_player.ev_won as decimal(18, 2)) - payouts.in_pot end as ev_net,
    payouts.won,
    payouts.net,
    payouts.net - (cast(by_player.ev_won as decimal(18, 2)) - payouts.in_pot) as luck
from by_player
inner join query_table(history_game_payouts) as payouts
    on payouts.site = by_player.site
    and payouts.hand_id = by_player.hand_id
    and payouts.seat = by_player.seat;

create view history_allin_ev as
select * from history_allin_ev_of('history_allin_equities', 'history_game_payouts');

create macro history_player_hands_of(history_pots, history_game_payouts, history_hands, history_contributions, history_results) as table
with
    contested as (
        select pots.site, pots.hand_id
        from query_table(history_pots) as pots
        where pots.players > 1
        group by pots.site, pots.hand_id
    )
select
    payouts.site,
    payouts.hand_id,
    hands.played_at,
    hands.source_file,
    hands.source_line,
    payouts.seat,
    payouts.player,
    coalesce(results.collected, payouts.won) - payouts.in_pot as net,
    case when contributions.folded = 0 and contested.hand_id is not null then 1 else 0 end as showdown
from query_table(history_game_payouts) as payouts
inner join query_table(history_hands) as hands
    on hands.site = payouts.site
    and hands.hand_id = payouts.hand_id
inner join query_table(history_contributions) as contributions
    on contributions.site = payouts.site
    and contributions.hand_id = payouts.hand_id
    and contributions.seat = payouts.seat
left join query_table(history_results) as results
    on results.site = payouts.site
    and results.hand_id = payouts.hand_id
    and results.seat = payouts.seat
left join contested
    on contested.site = payouts.site
    and contested.hand_id = payouts.hand_id;

create view history_player_hands as
select * from history_player_hands_of('history_pots', 'history_game_payouts', 'history_hands', 'history_contributions', 'history_results');

create macro history_hand_stats_of(history_seat_actions, history_results, history_player_hands) as table
with
    -- won: collected from the pots, as the history says; where it does not say, netted more than nothing
    paid as (
        select
            actions.*,
            coalesce(results.collected, 0) > 0 or (results.collected is null and player_hands.net > 0) as won,
            player_hands.net
        from query_table(history_seat_actions) as actions
        left join query_table(history_results) as results
            on results.site = actions.site and results.hand_id = actions.hand_id and results.seat = actions.seat
        left join query_table(history_player_hands) as player_hands
            on player_hands.site = actions.site and player_hands.hand_id = actions.hand_id and player_hands.seat = actions.seat
    )
select
    paid.site, paid.hand_id, paid.seat, paid.player,
    paid.position, paid.game, paid.small_blind, paid.big_blind,
    paid.currency, paid.played_at, paid.vpip, paid.pfr,
    paid.three_bet_chance, paid.three_bet, paid.fold_to_three_bet_chance, paid.fold_to_three_bet,
    paid.four_bet_chance, paid.four_bet, paid.rfi_chance, paid.rfi,
    paid.steal_chance, paid.steal, paid.sb_fold_to_steal_chance, paid.sb_fold_to_steal,
    paid.bb_fold_to_steal_chance, paid.bb_fold_to_steal, paid.saw_flop, paid.cbet_flop_chance,
    paid.cbet_flop, paid.fold_to_cbet_flop_chance, paid.fold_to_cbet_flop, paid.cbet_turn_chance,
    paid.cbet_turn, paid.fold_to_cbet_turn_chance, paid.fold_to_cbet_turn, paid.saw_showdown,
    paid.saw_showdown and paid.won as won_at_showdown,
    paid.saw_flop and paid.won as won_when_saw_flop,
    paid.walk,
    paid.preflop_bets, paid.preflop_raises, paid.preflop_calls, paid.preflop_folds,
    paid.flop_bets, paid.flop_raises, paid.flop_calls, paid.flop_folds,
    paid.turn_bets, paid.turn_raises, paid.turn_calls, paid.turn_folds,
    paid.river_bets, paid.river_raises, paid.river_calls, paid.river_folds,
    paid.net
from paid;

create view history_hand_stats as
select * from history_hand_stats_of('history_seat_actions', 'history_results', 'history_player_hands');

/* percent_of(happened, chances): an aggregate, the rows where happened holds as a percentage of
   the rows where chances holds (NULL without one): a statistic of history_player_stats. */
create macro percent_of(happened, chances) as
    100.0 * sum(case when happened then 1 else 0 end) / nullif(sum(case when chances then 1 else 0 end), 0);

create view history_player_stats as
with
    -- each seat's row twice: under its position, and under 'all'
    rows_by_position as (
        select
            stats.*,
            case when wholes.whole = 1 then 'all' else stats.position end as grouped_position,
            stats.flop_bets + stats.flop_raises + stats.turn_bets + stats.turn_raises + stats.river_bets + stats.river_raises as aggressive,
            stats.flop_calls + stats.turn_calls + stats.river_calls as calls,
            stats.flop_folds + stats.turn_folds + stats.river_folds as folds
        from history_hand_stats as stats
        cross join (select 0 as whole union all select 1) as wholes
    )
select
    rows_by_position.player,
    rows_by_position.grouped_position as position,
    count(*) as hands,
    percent_of(rows_by_position.vpip, rows_by_position.vpip is not null and not rows_by_position.walk) as vpip,
    percent_of(rows_by_position.pfr, rows_by_position.pfr is not null and not rows_by_position.walk) as pfr,
    percent_of(rows_by_position.three_bet, rows_by_position.three_bet_chance) as three_bet,
    percent_of(rows_by_position.fold_to_three_bet, rows_by_position.fold_to_three_bet_chance) as fold_to_three_bet,
    percent_of(rows_by_position.four_bet, rows_by_position.four_bet_chance) as four_bet,
    percent_of(rows_by_position.rfi, rows_by_position.rfi_chance) as rfi,
    percent_of(rows_by_position.steal, rows_by_position.steal_chance) as steal,
    percent_of(rows_by_position.sb_fold_to_steal, rows_by_position.sb_fold_to_steal_chance) as sb_fold_to_steal,
    percent_of(rows_by_position.bb_fold_to_steal, rows_by_position.bb_fold_to_steal_chance) as bb_fold_to_steal,
    percent_of(rows_by_position.cbet_flop, rows_by_position.cbet_flop_chance) as cbet_flop,
    percent_of(rows_by_position.fold_to_cbet_flop, rows_by_position.fold_to_cbet_flop_chance) as fold_to_cbet_flop,
    percent_of(rows_by_position.cbet_turn, rows_by_position.cbet_turn_chance) as cbet_turn,
    percent_of(rows_by_position.fold_to_cbet_turn, rows_by_position.fold_to_cbet_turn_chance) as fold_to_cbet_turn,
    percent_of(rows_by_position.saw_showdown, rows_by_position.saw_flop) as wtsd,
    -- W$SD, WWSF and bb/100 leave out the hands whose result is unknown (067: won, net NULL)
    percent_of(rows_by_position.won_at_showdown, rows_by_position.saw_showdown and rows_by_position.won_at_showdown is not null) as wsd,
    percent_of(rows_by_position.won_when_saw_flop, rows_by_position.saw_flop and rows_by_position.won_when_saw_flop is not null) as wwsf,
    -- after the flop: (bets + raises) / calls, and (bets + raises) / every bet, raise, call and fold
    1.0 * sum(rows_by_position.aggressive) / nullif(sum(rows_by_position.calls), 0) as aggression_factor,
    100.0 * sum(rows_by_position.aggressive) / nullif(sum(rows_by_position.aggressive + rows_by_position.calls + rows_by_position.folds), 0) as aggression_frequency,
    -- each hand's big blinds as an exact decimal, so the sum does not depend on the order of the rows
    100.0 * sum(cast(rows_by_position.net / rows_by_position.big_blind as decimal(38, 12))) / nullif(count(rows_by_position.net), 0) as bb_per_100,
    count(*) - count(rows_by_position.net) as unknown_results
from rows_by_position
group by rows_by_position.player, rows_by_position.grouped_position;
