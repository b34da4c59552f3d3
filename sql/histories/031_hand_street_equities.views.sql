/*
  Every street of the imported hands (028) whose hole cards are all known (the Pluribus hands
  show every seat's): each player's exact equity on the flop, the turn and the river, so that
  SQL can ask how often the hand that led on the flop won (history_equities_of, below).
  history_street_equities: one row per player per street (flop, turn, river) of a hand where
    every seat's hole cards are known and the street was dealt with two or more players still
    in: the board then (board_size cards), players (how many are still in), runouts, wins, ties
    and equity (990 boards heads-up on a flop, 44 on a turn, 1 on a river), the hand so far
    (hand_rank of the hole cards and the board then), ahead (1 when that hand is the best at
    the table, alone or shared) and favourite (1 when the equity is the largest, alone or
    shared). The cards of players who folded are not dead cards (as in 032). Before the flop
    is left out: some 20,000 classes of boards a hand, tens of milliseconds on DuckDB.

  history_equities_of(spot_cards, spot_players): a table macro, exact equity at a moment of a
    hand. spot_cards, per spot (the hand at that moment, any key), the cards known then: spot,
    card_id, on_board (1 for the board so far, 0 for hole cards); spot_players, who is tallied:
    spot, tally (the spot, or a pot of it), player (1 to 10 within the tally), hole_1, hole_2.
    Every board that can still come is dealt (990 after a flop heads-up, 44 after a turn, one
    after a river) as the classes of equity_board_classes (015); before the flop they are
    counted by kind (preflop_board_classes_of, 024). Each hand of a spot is ranked once on
    each class, the classes where the hands rank in the same order summed, and each tally's
    players tallied as equity_of (017) tallies them: one row per tally per player, runouts,
    wins, ties, pot_shares, equity.
*/

create macro history_equities_of(spot_cards, spot_players) as table
with
    known_cards as (
        select spot, card_id, on_board from query_table(spot_cards)
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
    -- each card still in the deck, and the board so far with that card (its sums)
    spot_deck as (
        select
            spot_boards.spot,
            spot_boards.board_size,
            cards.card_id, cards.rank_code, cards.suit_code, cards.card_bit,
            spot_boards.rank_key + cards.rank_code as rank_key,
            spot_boards.suit_counts + cards.suit_code as suit_counts,
            spot_boards.card_mask + cards.card_bit as card_mask
        from spot_boards
        cross join cards
        where spot_boards.board_size in (3, 4)
            and not exists (select 1 from known_cards where known_cards.spot = spot_boards.spot and known_cards.card_id = cards.card_id)
    ),
    -- every board still to come: a flop's with two more cards of the deck, a turn's with one, the river's
    boards as (
        select
            low.spot,
            low.card_mask + high.card_bit as board_mask,
            low.rank_key + high.rank_code as rank_key,
            low.suit_counts + high.suit_code as suit_counts
        from spot_deck as low
        inner join spot_deck as high
            on high.spot = low.spot
            and high.card_id > low.card_id
        where low.board_size = 3
        union all
        select spot, card_mask, rank_key, suit_counts from spot_deck where board_size = 4
        union all
        select spot, card_mask, rank_key, suit_counts from spot_boards where board_size = 5
    ),
    -- the classes of equity_board_classes (015): the values, and a suit holding three or more
    board_classes as (
        select
            spot,
            cast(board_class as bigint) as runout,
            count(*) as weight,
            cast(rank_key as bigint) as rank_key,
            cast(class_suit_counts as bigint) as suit_counts,
            cast(class_card_mask as bigint) as card_mask
        from board_classes_of('boards')
        group by spot, board_class, rank_key, class_suit_counts, class_card_mask
    ),
    -- before the flop, the classes counted by kind (024), not dealt
    preflop_cards as (
        select known_cards.spot, known_cards.card_id
        from known_cards
        inner join spot_boards
            on spot_boards.spot = known_cards.spot
        where spot_boards.board_size = 0
    ),
    all_classes as (
        select spot, runout, weight, rank_key, suit_counts, card_mask from board_classes
        union all
        select spot, runout, weight, rank_key, suit_counts, card_mask
        from preflop_board_classes_of('preflop_cards', spot_players)
    ),
    -- Each hand of a spot (hand_no) ranked once a class, whatever pots it is in, and the
    -- spot's ranks set side by side a class (runout_ranks_of, 017) once for all its tallies.
    spot_hands as (
        select spot, hole_1, hole_2, row_number() over (partition by spot order by hole_1, hole_2) as hand_no
        from (select distinct spot, hole_1, hole_2 from query_table(spot_players)) as distinct_hands
    ),
    class_runouts as (
        select
            spot_hands.spot as tally,
            board_classes.runout,
            board_classes.weight,
            spot_hands.hand_no as player,
            board_classes.rank_key + first_card.rank_code + second_card.rank_code as rank_key,
            board_classes.suit_counts + first_card.suit_code + second_card.suit_code as suit_counts,
            board_classes.card_mask + first_card.card_bit + second_card.card_bit as card_mask
        from spot_hands
        inner join cards as first_card
            on first_card.card_id = spot_hands.hole_1
        inner join cards as second_card
            on second_card.card_id = spot_hands.hole_2
        inner join all_classes as board_classes
            on board_classes.spot = spot_hands.spot
    ),
    class_ranks as (
        select tally, runout, weight, player, hand_rank
        from seven_card_ranks('class_runouts')
    ),
    -- each tally's players' hand_no, and the tally's hands as bits of hand_no (hands)
    tally_hands as (
        select
            tallied_players.spot, tallied_players.tally, tallied_players.player,
            spot_hands.hand_no,
            sum(cast(1 as bigint) << (spot_hands.hand_no - 1)) over (partition by tallied_players.tally) as hands
        from query_table(spot_players) as tallied_players
        inner join spot_hands
            on spot_hands.spot = tallied_players.spot
            and spot_hands.hole_1 = tallied_players.hole_1
            and spot_hands.hole_2 = tallied_players.hole_2
    ),
    -- The spot's runouts by the order of its hands' ranks (place: 1 + the hands ranked better): a
    -- few dozen orders a spot, of thousands of classes, each with the same outcome in every tally.
    runout_orders as (
        select spot, sum(weight) as weight, place_1, place_2, place_3, place_4, place_5, place_6, place_7, place_8, place_9, place_10
        from (
            select
                tally as spot,
                weight,
                case when rank_1 is not null then 1 + case when rank_2 < rank_1 then 1 else 0 end + case when rank_3 < rank_1 then 1 else 0 end + case when rank_4 < rank_1 then 1 else 0 end + case when rank_5 < rank_1 then 1 else 0 end + case when rank_6 < rank_1 then 1 else 0 end + case when rank_7 < rank_1 then 1 else 0 end + case when rank_8 < rank_1 then 1 else 0 end + case when rank_9 < rank_1 then 1 else 0 end + case when rank_10 < rank_1 then 1 else 0 end end as place_1,
                case when rank_2 is not null then 1 + case when rank_1 < rank_2 then 1 else 0 end + case when rank_3 < rank_2 then 1 else 0 end + case when rank_4 < rank_2 then 1 else 0 end + case when rank_5 < rank_2 then 1 else 0 end + case when rank_6 < rank_2 then 1 else 0 end + case when rank_7 < rank_2 then 1 else 0 end + case when rank_8 < rank_2 then 1 else 0 end + case when rank_9 < rank_2 then 1 else 0 end + case when rank_10 < rank_2 then 1 else 0 end end as place_2,
                case when rank_3 is not null then 1 + case when rank_1 < rank_3 then 1 else 0 end + case when rank_2 < rank_3 then 1 else 0 end + case when rank_4 < rank_3 then 1 else 0 end + case when rank_5 < rank_3 then 1 else 0 end + case when rank_6 < rank_3 then 1 else 0 end + case when rank_7 < rank_3 then 1 else 0 end + case when rank_8 < rank_3 then 1 else 0 end + case when rank_9 < rank_3 then 1 else 0 end + case when rank_10 < rank_3 then 1 else 0 end end as place_3,
                case when rank_4 is not null then 1 + case when rank_1 < rank_4 then 1 else 0 end + case when rank_2 < rank_4 then 1 else 0 end + case when rank_3 < rank_4 then 1 else 0 end + case when rank_5 < rank_4 then 1 else 0 end + case when rank_6 < rank_4 then 1 else 0 end + case when rank_7 < rank_4 then 1 else 0 end + case when rank_8 < rank_4 then 1 else 0 end + case when rank_9 < rank_4 then 1 else 0 end + case when rank_10 < rank_4 then 1 else 0 end end as place_4,
                case when rank_5 is not null then 1 + case when rank_1 < rank_5 then 1 else 0 end + case when rank_2 < rank_5 then 1 else 0 end + case when rank_3 < rank_5 then 1 else 0 end + case when rank_4 < rank_5 then 1 else 0 end + case when rank_6 < rank_5 then 1 else 0 end + case when rank_7 < rank_5 then 1 else 0 end + case when rank_8 < rank_5 then 1 else 0 end + case when rank_9 < rank_5 then 1 else 0 end + case when rank_10 < rank_5 then 1 else 0 end end as place_5,
                case when rank_6 is not null then 1 + case when rank_1 < rank_6 then 1 else 0 end + case when rank_2 < rank_6 then 1 else 0 end + case when rank_3 < rank_6 then 1 else 0 end + case when rank_4 < rank_6 then 1 else 0 end + case when rank_5 < rank_6 then 1 else 0 end + case when rank_7 < rank_6 then 1 else 0 end + case when rank_8 < rank_6 then 1 else 0 end + case when rank_9 < rank_6 then 1 else 0 end + case when rank_10 < rank_6 then 1 else 0 end end as place_6,
                case when rank_7 is not null then 1 + case when rank_1 < rank_7 then 1 else 0 end + case when rank_2 < rank_7 then 1 else 0 end + case when rank_3 < rank_7 then 1 else 0 end + case when rank_4 < rank_7 then 1 else 0 end + case when rank_5 < rank_7 then 1 else 0 end + case when rank_6 < rank_7 then 1 else 0 end + case when rank_8 < rank_7 then 1 else 0 end + case when rank_9 < rank_7 then 1 else 0 end + case when rank_10 < rank_7 then 1 else 0 end end as place_7,
                case when rank_8 is not null then 1 + case when rank_1 < rank_8 then 1 else 0 end + case when rank_2 < rank_8 then 1 else 0 end + case when rank_3 < rank_8 then 1 else 0 end + case when rank_4 < rank_8 then 1 else 0 end + case when rank_5 < rank_8 then 1 else 0 end + case when rank_6 < rank_8 then 1 else 0 end + case when rank_7 < rank_8 then 1 else 0 end + case when rank_9 < rank_8 then 1 else 0 end + case when rank_10 < rank_8 then 1 else 0 end end as place_8,
                case when rank_9 is not null then 1 + case when rank_1 < rank_9 then 1 else 0 end + case when rank_2 < rank_9 then 1 else 0 end + case when rank_3 < rank_9 then 1 else 0 end + case when rank_4 < rank_9 then 1 else 0 end + case when rank_5 < rank_9 then 1 else 0 end + case when rank_6 < rank_9 then 1 else 0 end + case when rank_7 < rank_9 then 1 else 0 end + case when rank_8 < rank_9 then 1 else 0 end + case when rank_10 < rank_9 then 1 else 0 end end as place_9,
                case when rank_10 is not null then 1 + case when rank_1 < rank_10 then 1 else 0 end + case when rank_2 < rank_10 then 1 else 0 end + case when rank_3 < rank_10 then 1 else 0 end + case when rank_4 < rank_10 then 1 else 0 end + case when rank_5 < rank_10 then 1 else 0 end + case when rank_6 < rank_10 then 1 else 0 end + case when rank_7 < rank_10 then 1 else 0 end + case when rank_8 < rank_10 then 1 else 0 end + case when rank_9 < rank_10 then 1 else 0 end end as place_10
            from runout_ranks_of('class_ranks')
        ) as ranked
        group by spot, place_1, place_2, place_3, place_4, place_5, place_6, place_7, place_8, place_9, place_10
    ),
    -- each tally with each order of its spot, the places of hands not in it null, tallied
    tally_runouts as (
        select
            tally_masks.tally,
            spot_runouts.weight,
            case when tally_masks.hands & 1 > 0 then spot_runouts.place_1 end as rank_1, case when tally_masks.hands & 2 > 0 then spot_runouts.place_2 end as rank_2,
            case when tally_masks.hands & 4 > 0 then spot_runouts.place_3 end as rank_3, case when tally_masks.hands & 8 > 0 then spot_runouts.place_4 end as rank_4,
            case when tally_masks.hands & 16 > 0 then spot_runouts.place_5 end as rank_5, case when tally_masks.hands & 32 > 0 then spot_runouts.place_6 end as rank_6,
            case when tally_masks.hands & 64 > 0 then spot_runouts.place_7 end as rank_7, case when tally_masks.hands & 128 > 0 then spot_runouts.place_8 end as rank_8,
            case when tally_masks.hands & 256 > 0 then spot_runouts.place_9 end as rank_9, case when tally_masks.hands & 512 > 0 then spot_runouts.place_10 end as rank_10
        from runout_orders as spot_runouts
        inner join (select distinct spot, tally, hands from tally_hands) as tally_masks
            on tally_masks.spot = spot_runouts.spot
    )
select
    tally_hands.tally,
    tally_hands.player,
    tallied.runouts,
    tallied.wins,
    tallied.ties,
    tallied.pot_shares,
    tallied.equity
from tally_hands
inner join runout_equity_of('tally_runouts') as tallied
    on tallied.tally = tally_hands.tally
    and tallied.player = tally_hands.hand_no;

create view history_street_equities as
with
    known_hands as (
        select seats.site, seats.hand_id
        from history_seats as seats
        group by seats.site, seats.hand_id
        having count(seats.hole_1) = count(*)
    ),
    dealt_streets as (
        select
            board.site,
            board.hand_id,
            board.card_no as board_size,
            case board.card_no when 3 then 'flop' when 4 then 'turn' else 'river' end as street
        from history_board as board
        inner join known_hands
            on known_hands.site = board.site
            and known_hands.hand_id = board.hand_id
        where board.card_no >= 3
    ),
    -- the board size of the street each player folded on (none: 9)
    folds as (
        select
            seats.site,
            seats.hand_id,
            seats.seat,
            seats.player,
            seats.hole_1,
            seats.hole_2,
            coalesce(min(case actions.street when 'preflop' then 0 when 'flop' then 3 when 'turn' then 4 else 5 end), 9) as folded_at
        from history_seats as seats
        left join history_actions as actions
            on actions.site = seats.site
            and actions.hand_id = seats.hand_id
            and actions.seat = seats.seat
            and actions.action = 'fold'
        group by seats.site, seats.hand_id, seats.seat, seats.player, seats.hole_1, seats.hole_2
    ),
    street_players as (
        select
            dealt_streets.site,
            dealt_streets.hand_id,
            dealt_streets.street,
            dealt_streets.board_size,
            dealt_streets.site || '/' || dealt_streets.hand_id || '/' || dealt_streets.street as spot,
            folds.seat,
            folds.player as player_name,
            folds.hole_1,
            folds.hole_2,
            dealt_streets.site || '/' || dealt_streets.hand_id || '/' || dealt_streets.street as tally,
            row_number() over (partition by dealt_streets.site, dealt_streets.hand_id, dealt_streets.street order by folds.seat) as player,
            count(*) over (partition by dealt_streets.site, dealt_streets.hand_id, dealt_streets.street) as players
        from dealt_streets
        inner join folds
            on folds.site = dealt_streets.site
            and folds.hand_id = dealt_streets.hand_id
            and folds.folded_at >= dealt_streets.board_size
    ),
    contested as (
        select * from street_players where players >= 2
    ),
    spot_cards as (
        select spot, hole_1 as card_id, 0 as on_board from contested
        union all
        select spot, hole_2, 0 from contested
        union all
        select distinct contested.spot, board.card_id, 1
        from contested
        inner join history_board as board
            on board.site = contested.site
            and board.hand_id = contested.hand_id
            and board.card_no <= contested.board_size
    ),
    tallied as (
        select tally, player, runouts, wins, ties, equity
        from history_equities_of('spot_cards', 'contested')
    ),
    -- the hand so far: the hole cards and the board when the street was dealt
    so_far_cards as (
        select spot || '/' || cast(player as varchar) as hand_no, hole_1 as card_id from contested
        union all
        select spot || '/' || cast(player as varchar), hole_2 from contested
        union all
        select contested.spot || '/' || cast(contested.player as varchar), spot_cards.card_id
        from contested
        inner join spot_cards
            on spot_cards.spot = contested.spot
            and spot_cards.on_board = 1
    ),
    ranked as (
        select hand_no, hand_rank
        from hand_evaluations_of('so_far_cards')
    ),
    together as (
        select
            contested.site,
            contested.hand_id,
            contested.street,
            contested.board_size,
            contested.seat,
            contested.player_name,
            contested.players,
            tallied.runouts,
            tallied.wins,
            tallied.ties,
            tallied.equity,
            ranked.hand_rank,
            min(ranked.hand_rank) over (partition by contested.spot) as best_rank,
            max(tallied.equity) over (partition by contested.spot) as best_equity
        from contested
        inner join tallied
            on tallied.tally = contested.tally
            and tallied.player = contested.player
        inner join ranked
            on ranked.hand_no = contested.spot || '/' || cast(contested.player as varchar)
    )
select
    site, hand_id, street, board_size, seat, player_name as player, players, runouts, wins, ties, equity, hand_rank,
    case when hand_rank = best_rank then 1 else 0 end as ahead,
    case when equity = best_equity then 1 else 0 end as favourite
from together;
