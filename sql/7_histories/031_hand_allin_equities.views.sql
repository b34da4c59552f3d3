/*
  All-in equity of the imported hands (028): where the money went in before the river with
  the players' cards known, each player's exact equity at that moment, by enumerating every
  board still to come, pot by pot (029), and what the pots would have paid by those equities
  against what they paid (030). The tally is the one of every equity view, equity_of (017),
  its lookup seven_card_ranks (013).

  history_boards_of(spot_cards): a table macro. The relation named holds, per spot (a hand at
    a moment of it, any key), the cards known then: spot, card_id, on_board (1 for the board
    so far, 0 for hole cards). One row per spot per complete five-card board that can still
    come from the cards no one holds: board_mask (the five cards as a 52-bit set, a number
    unique within the spot), rank_key and suit_counts (the board's cards summed, 001). Two
    cards to come after a flop (990 boards heads-up), one after a turn, none after a river,
    five before the flop (1,712,304 boards heads-up).
  history_allin_equities: one row per player per pot of a hand whose betting ended before the
    river with two or more players in and all of them all-in but at most one (the one who
    covers the others has no one left to bet against), every hole card of those players
    known: the street of the last action (street) and the board then (board_size cards),
    the pot (pot_no, amount: 029), the players who may win it (players), and the player's
    runouts, wins, ties and equity in that pot among them, as equity_of counts them;
    ev_share, the pot times that equity (in the pot's unit, unrounded).
    The cards of players who folded are not dead cards: like a tracker, and like
    `pokersql equity` given the hands still in, the deck holds every card no one in holds.
  history_allin_ev: one row per player per such hand: the equity in the main pot, what the
    pots would pay by equity (ev_won, the sum of ev_share; ev_net = ev_won less in_pot) and
    what they paid (won and net, history_payouts, 030); luck = net - ev_net. ev_won is rounded
    to the hundredth (on SQLite, which has no decimals, it is not); all before rake.
*/

create macro history_boards_of(spot_cards) as table
with
    known_cards as (
        select
            spot,
            card_id,
            on_board
        from query_table(spot_cards)
    ),
    spot_boards as (
        select
            known_cards.spot,
            sum(known_cards.on_board) as board_size,
            cast(sum(case when known_cards.on_board = 1 then cards.rank_code else 0 end) as bigint) as rank_key,
            cast(sum(case when known_cards.on_board = 1 then cards.suit_code else 0 end) as bigint) as suit_counts,
            cast(sum(case when known_cards.on_board = 1 then cards.card_bit else 0 end) as bigint) as card_mask
        from known_cards
        inner join cards
            on cards.card_id = known_cards.card_id
        group by known_cards.spot
    ),
    spot_deck as (
        select
            spot_boards.spot,
            spot_boards.board_size,
            cards.card_id,
            cards.rank_code,
            cards.suit_code,
            cards.card_bit
        from spot_boards
        cross join cards
        where spot_boards.board_size < 5
            and not exists (
                select 1
                from known_cards
                where known_cards.spot = spot_boards.spot
                    and known_cards.card_id = cards.card_id
            )
    ),
    -- two cards of the deck, for a flop (the turn and the river) or before it
    spot_pairs as (
        select
            low.spot,
            low.board_size,
            low.card_id as low_card,
            high.card_id as high_card,
            low.rank_code + high.rank_code as rank_key,
            low.suit_code + high.suit_code as suit_counts,
            low.card_bit + high.card_bit as card_mask
        from spot_deck as low
        inner join spot_deck as high
            on high.spot = low.spot
            and high.card_id > low.card_id
        where low.board_size in (0, 3)
    ),
    -- before the flop: a card below a pair, three cards, to go above another pair
    spot_triples as (
        select
            third.spot,
            third.card_id as low_card,
            third.rank_code + spot_pairs.rank_key as rank_key,
            third.suit_code + spot_pairs.suit_counts as suit_counts,
            third.card_bit + spot_pairs.card_mask as card_mask
        from spot_deck as third
        inner join spot_pairs
            on spot_pairs.spot = third.spot
            and spot_pairs.low_card > third.card_id
        where third.board_size = 0
    ),
    to_come as (
        select
            spot_pairs.spot,
            spot_pairs.rank_key + spot_triples.rank_key as rank_key,
            spot_pairs.suit_counts + spot_triples.suit_counts as suit_counts,
            spot_pairs.card_mask + spot_triples.card_mask as card_mask
        from spot_pairs
        inner join spot_triples
            on spot_triples.spot = spot_pairs.spot
            and spot_triples.low_card > spot_pairs.high_card
        where spot_pairs.board_size = 0
        union all
        select spot, rank_key, suit_counts, card_mask
        from spot_pairs
        where board_size = 3
        union all
        select spot, rank_code, suit_code, card_bit
        from spot_deck
        where board_size = 4
        union all
        select spot, 0, 0, 0
        from spot_boards
        where board_size = 5
    )
select
    spot_boards.spot,
    cast(spot_boards.card_mask + to_come.card_mask as bigint) as board_mask,
    cast(spot_boards.rank_key + to_come.rank_key as bigint) as rank_key,
    cast(spot_boards.suit_counts + to_come.suit_counts as bigint) as suit_counts
from to_come
inner join spot_boards
    on spot_boards.spot = to_come.spot;

create view history_allin_equities as
with
    -- the board when the betting ended: the street of the hand's last action
    last_streets as (
        select
            actions.site,
            actions.hand_id,
            max(case actions.street when 'preflop' then 0 when 'flop' then 3 when 'turn' then 4 else 5 end) as board_size
        from history_actions as actions
        group by actions.site, actions.hand_id
    ),
    players_in as (
        select
            contributions.site,
            contributions.hand_id,
            contributions.seat,
            contributions.player,
            contributions.all_in,
            contributions.in_pot_hundredths,
            seats.hole_1,
            seats.hole_2
        from history_contributions as contributions
        inner join history_seats as seats
            on seats.site = contributions.site
            and seats.hand_id = contributions.hand_id
            and seats.seat = contributions.seat
        where contributions.folded = 0
    ),
    allin_hands as (
        select
            players_in.site,
            players_in.hand_id,
            players_in.site || '/' || players_in.hand_id as spot,
            last_streets.board_size
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
    allin_cards as (
        select allin_hands.spot, players_in.hole_1 as card_id, 0 as on_board
        from allin_hands
        inner join players_in
            on players_in.site = allin_hands.site
            and players_in.hand_id = allin_hands.hand_id
        union all
        select allin_hands.spot, players_in.hole_2, 0
        from allin_hands
        inner join players_in
            on players_in.site = allin_hands.site
            and players_in.hand_id = allin_hands.hand_id
        union all
        select allin_hands.spot, board.card_id, 1
        from allin_hands
        inner join history_board as board
            on board.site = allin_hands.site
            and board.hand_id = allin_hands.hand_id
            and board.card_no <= allin_hands.board_size
    ),
    allin_boards as (
        select spot, board_mask, rank_key, suit_counts
        from history_boards_of('allin_cards')
    ),
    -- who may win each pot (029), numbered 1, 2, ... within it for the tally
    pot_players as (
        select
            allin_hands.spot,
            allin_hands.board_size,
            pots.site,
            pots.hand_id,
            pots.pot_no,
            pots.amount_hundredths,
            allin_hands.spot || '/' || cast(pots.pot_no as varchar) as pot_key,
            players_in.seat,
            players_in.player as player_name,
            row_number() over (partition by pots.site, pots.hand_id, pots.pot_no order by players_in.seat) as pot_player,
            count(*) over (partition by pots.site, pots.hand_id, pots.pot_no) as players,
            first_card.rank_code + second_card.rank_code as rank_key,
            first_card.suit_code + second_card.suit_code as suit_counts,
            first_card.card_bit + second_card.card_bit as card_mask
        from allin_hands
        inner join history_pots as pots
            on pots.site = allin_hands.site
            and pots.hand_id = allin_hands.hand_id
        inner join players_in
            on players_in.site = pots.site
            and players_in.hand_id = pots.hand_id
            and players_in.in_pot_hundredths >= pots.to_hundredths
        inner join cards as first_card
            on first_card.card_id = players_in.hole_1
        inner join cards as second_card
            on second_card.card_id = players_in.hole_2
    ),
    pot_runouts as (
        select
            pot_players.pot_key as tally,
            allin_boards.board_mask as runout,
            1 as weight,
            pot_players.pot_player as player,
            cast(allin_boards.rank_key + pot_players.rank_key as bigint) as rank_key,
            cast(allin_boards.suit_counts + pot_players.suit_counts as bigint) as suit_counts,
            cast(allin_boards.board_mask + pot_players.card_mask as bigint) as card_mask
        from pot_players
        inner join allin_boards
            on allin_boards.spot = pot_players.spot
    ),
    tallied as (
        select tally, player, runouts, wins, ties, pot_shares, equity
        from equity_of('pot_runouts')
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
    on tallied.tally = pot_players.pot_key
    and tallied.player = pot_players.pot_player;

create view history_allin_ev as
with
    by_player as (
        select
            equities.site,
            equities.hand_id,
            equities.seat,
            max(equities.street) as street,
            max(case when equities.pot_no = 1 then equities.equity end) as equity,
            sum(equities.ev_share) as ev_won
        from history_allin_equities as equities
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
    cast(by_player.ev_won as decimal(18, 2)) as ev_won,
    cast(by_player.ev_won as decimal(18, 2)) - payouts.in_pot as ev_net,
    payouts.won,
    payouts.net,
    payouts.net - (cast(by_player.ev_won as decimal(18, 2)) - payouts.in_pot) as luck
from by_player
inner join history_payouts as payouts
    on payouts.site = by_player.site
    and payouts.hand_id = by_player.hand_id
    and payouts.seat = by_player.seat;
