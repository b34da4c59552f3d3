/*
  All-in equity of the imported hands (028): where the money went in before the river with
  the players' cards known, each player's exact equity at that moment, over every board still
  to come, pot by pot (029), and what each pot would pay by those equities (065 sets it
  against what the pots paid, the one tally of 062). The tally is the one of every equity
  view, equity_of (017), its lookup seven_card_ranks (013), over the boards still to come:
  history_equities_of (031; before the flop, the boards counted by kind:
  preflop_board_classes_of, 024).

  history_allin_equities: one row per player per pot of a hand whose betting ended before the
    river with two or more players in and all of them all-in but at most one (the one who
    covers the others has no one left to bet against), every hole card of those players
    known: the street of the last action (street) and the board then (board_size cards),
    the pot (pot_no, amount: 029), the players who may win it (players), and the player's
    runouts, wins, ties and equity in that pot among them, as equity_of counts them;
    ev_share, the pot times that equity (in the pot's unit, unrounded).
    The cards of players who folded are not dead cards: like a tracker, and like
    `pokersql equity` given the hands still in, the deck holds every card no one in holds.
    Heads-up before the flop, with preflop_matchups filled (`pokersql build --preflop`, 022:
    every such matchup counted once, exactly), the counts are read from it, not enumerated:
    the same numbers, in a join, where counting them by kind is some 20,000 classes.
  What each player's equity would have paid against what the pots paid, history_allin_ev, is
  065's, with history_player_hands: they read the one tally of every game (062).
  history_allin_equities is `select *` of its table macro, history_allin_equities_of, given by
  name the relations it reads: the view gives the database's; the import a chunk of new hands'.
*/

create macro history_allin_equities_of(history_actions, history_contributions, history_seats, history_board, history_pots) as table
with
    -- the board when the betting ended: the street of the hand's last action
    last_streets as (
        select
            actions.site,
            actions.hand_id,
            max(case actions.street when 'preflop' then 0 when 'flop' then 3 when 'turn' then 4 else 5 end) as board_size
        from query_table(history_actions) as actions
        group by actions.site, actions.hand_id
    ),
    players_in as (
        select site, hand_id, seat, player, all_in, in_pot_hundredths, hole_1, hole_2
        from players_in_of(history_contributions, history_seats)
    ),
    allin_hands as (
        select
            players_in.site,
            players_in.hand_id,
            row_number() over (order by players_in.site, players_in.hand_id) as spot,
            last_streets.board_size,
            count(*) as hand_players
        from players_in
        inner join last_streets
            on last_streets.site = players_in.site
            and last_streets.hand_id = players_in.hand_id
        where last_streets.board_size < 5
        group by players_in.site, players_in.hand_id, last_streets.board_size
        having count(*) >= 2
            and sum(players_in.all_in) >= 1
            and sum(players_in.all_in) >= count(*) - 1
            and count(players_in.hole_1) = count(*)
    ),
    -- Each player's two hole cards from one join (Spark expands a CTE at every place it is read).
    allin_cards as (
        select
            allin_hands.spot,
            case holes.hole_no when 1 then players_in.hole_1 else players_in.hole_2 end as card_id,
            0 as on_board
        from allin_hands
        inner join players_in
            on players_in.site = allin_hands.site
            and players_in.hand_id = allin_hands.hand_id
        cross join (select 1 as hole_no union all select 2) as holes
        union all
        select allin_hands.spot, board.card_id, 1
        from allin_hands
        inner join query_table(history_board) as board
            on board.site = allin_hands.site
            and board.hand_id = allin_hands.hand_id
            and board.card_no <= allin_hands.board_size
    ),
    -- who may win each pot (029), numbered 1, 2, ... within it: each pot is a tally
    pot_players as (
        select
            allin_hands.spot,
            allin_hands.board_size,
            allin_hands.hand_players,
            pots.site,
            pots.hand_id,
            pots.pot_no,
            pots.amount_hundredths,
            allin_hands.spot * 100 + pots.pot_no as tally,
            players_in.seat,
            players_in.player as player_name,
            row_number() over (partition by pots.site, pots.hand_id, pots.pot_no order by players_in.seat) as player,
            count(*) over (partition by pots.site, pots.hand_id, pots.pot_no) as players,
            players_in.hole_1,
            players_in.hole_2
        from allin_hands
        inner join query_table(history_pots) as pots
            on pots.site = allin_hands.site
            and pots.hand_id = allin_hands.hand_id
        inner join players_in
            on players_in.site = pots.site
            and players_in.hand_id = pots.hand_id
            and players_in.in_pot_hundredths >= pots.to_hundredths
    ),
    -- Heads-up before the flop (two players in the hand, so no other card is out of the deck),
    -- where preflop_matchups holds the matchup (022, filled by `pokersql build --preflop`): its
    -- counts over the 1,712,304 boards are read, not enumerated again, as the outcomes that
    -- pot_shares_of (017) tallies (a board won alone, shared by two, lost), each of the pair's
    -- hands high card first. The other player's cards are the pot's sums less the player's own;
    -- a pot is looked up when both its players' rows are found (looked_up), else enumerated.
    -- One CTE read by both ways: Spark expands a CTE at every place it is read.
    pot_matchups as (
        select
            pot_players.spot,
            pot_players.board_size,
            pot_players.hand_players,
            pot_players.site,
            pot_players.hand_id,
            pot_players.pot_no,
            pot_players.amount_hundredths,
            pot_players.tally,
            pot_players.seat,
            pot_players.player_name,
            pot_players.player,
            pot_players.players,
            pot_players.hole_1,
            pot_players.hole_2,
            matchups.wins,
            matchups.ties,
            matchups.losses,
            case when count(matchups.wins) over (partition by pot_players.tally) = 2 then 1 else 0 end as looked_up
        from (
            select
                pot_players.*,
                sum(pot_players.hole_1) over (partition by pot_players.tally) - pot_players.hole_1 as other_1,
                sum(pot_players.hole_2) over (partition by pot_players.tally) - pot_players.hole_2 as other_2
            from pot_players
        ) as pot_players
        left join preflop_matchups as matchups
            on pot_players.board_size = 0
            and pot_players.hand_players = 2
            and pot_players.players = 2
            and matchups.hand_1_high = greatest(pot_players.hole_1, pot_players.hole_2)
            and matchups.hand_1_low = least(pot_players.hole_1, pot_players.hole_2)
            and matchups.hand_2_high = greatest(pot_players.other_1, pot_players.other_2)
            and matchups.hand_2_low = least(pot_players.other_1, pot_players.other_2)
    ),
    matchup_outcomes as (
        select
            pot_matchups.tally,
            pot_matchups.player,
            case outcomes.winners
                when 1 then pot_matchups.wins
                when 2 then pot_matchups.ties
                else pot_matchups.losses
            end as weight,
            outcomes.winners
        from pot_matchups
        cross join (select 1 as winners union all select 2 union all select 0) as outcomes
        where pot_matchups.looked_up = 1
    ),
    -- every other tally, and the cards of its spot, enumerated
    enumerated_players as (
        select
            spot,
            board_size,
            hand_players,
            site,
            hand_id,
            pot_no,
            amount_hundredths,
            tally,
            seat,
            player_name,
            player,
            players,
            hole_1,
            hole_2
        from pot_matchups
        where looked_up = 0
    ),
    enumerated_cards as (
        select * from allin_cards where spot in (select spot from enumerated_players)
    ),
    tallied as (
        select tally, player, runouts, wins, ties, pot_shares, equity
        from history_equities_of('enumerated_cards', 'enumerated_players')
        union all
        select tally, player, runouts, wins, ties, pot_shares, equity
        from pot_shares_of('matchup_outcomes')
    )
select
    pot_players.site,
    pot_players.hand_id,
    case pot_players.board_size when 0 then 'preflop' when 3 then 'flop' else 'turn' end as street,
    pot_players.board_size,
    pot_players.pot_no,
    cast(pot_players.amount_hundredths / 100.0 as decimal(18, 2)) as amount,
    pot_players.players,
    pot_players.seat,
    pot_players.player_name as player,
    tallied.runouts,
    tallied.wins,
    tallied.ties,
    tallied.equity,
    pot_players.amount_hundredths * tallied.pot_shares / (2520.0 * tallied.runouts) / 100.0 as ev_share
from pot_players
inner join tallied
    on tallied.tally = pot_players.tally
    and tallied.player = pot_players.player;

create view history_allin_equities as
select * from history_allin_equities_of('history_actions', 'history_contributions', 'history_seats', 'history_board', 'history_pots');
