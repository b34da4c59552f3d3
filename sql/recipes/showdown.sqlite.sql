/*
  A showdown over your own hand history, on SQLite (no macros): one statement, joins over
  the same lookup tables as best_hands (cards, flush_suits, best_by_values, best_by_flush,
  hand_classes). Writes nothing. (SQLite's integer `/` and two-argument min(): on DuckDB,
  use showdown.duckdb.sql.)

  Reads a table (or view) hand_history(hand_id, seat, hole, board): one row per seat of
  each hand, hole its 2 cards and board the 5 on the table, as canonical card text
  ('Ah Kh', '2c 7d 9s Jh Th': rank then lower-case suit, T for ten, one space between).

  One row per seat: the best five of its seven cards, their category and hand_rank, its
  place within its hand (1 = best; equal hands share a place), and whether it wins the pot
  alone, splits it, or loses.

  Your own long rows (one row per hand and card_id) evaluate the same way: join them to
  cards on card_id in place of the instr() join of seat_cards, with a constant seat.
  10,000 hands of 2 to 10 seats (about 60,000 seats) take about 5 s in the sqlite3 shell.
*/

with
    seat_cards as (
        -- Each seat's seven cards (the cards whose name stands in its text), each row with
        -- its seat's key: sums over the seat's cards, by a window (a join back to a grouped
        -- row per seat would make SQLite loop over one side for each row of the other).
        select
            hand_history.hand_id,
            hand_history.seat,
            hand_history.hole,
            hand_history.board,
            cards.name,
            cards.value,
            cards.suit_index,
            cards.rank_code,
            count(*) over seat as card_count,
            sum(cards.rank_code) over seat as rank_key,
            sum(cards.suit_code) over seat as suit_counts,
            sum(cards.card_bit) over seat as card_mask,
            row_number() over (
                partition by hand_history.hand_id, hand_history.seat, cards.value
                order by cards.suit_index desc
            ) as suit_order
        from hand_history
        inner join cards
            on instr(' ' || hand_history.hole || ' ' || hand_history.board || ' ', ' ' || cards.name || ' ') > 0
        window seat as (partition by hand_history.hand_id, hand_history.seat)
    ),
    card_roles as (
        -- The seat's class, by the lookups of best_hands; of each value, how many cards the
        -- class holds (its base-5 digit of rank_key); the play value (the ace low in a wheel).
        select
            seat_cards.*,
            hand_classes.category,
            hand_classes.hand_rank,
            hand_classes.is_flush,
            flush_suits.flush_shift / 13 as flush_suit,
            hand_classes.rank_key / seat_cards.rank_code % 5 as group_size,
            case
                when hand_classes.points in (4, 8) and hand_classes.kicker_1 = 5 and seat_cards.value = 14 then 1
                else seat_cards.value
            end as play_value
        from seat_cards
        inner join flush_suits
            on flush_suits.suit_counts = seat_cards.suit_counts
        inner join best_by_values as by_values
            on by_values.rank_key = seat_cards.rank_key
        left join best_by_flush as by_flush
            on by_flush.value_mask = (seat_cards.card_mask >> flush_suits.flush_shift) & flush_suits.flush_bits
        inner join hand_classes
            on hand_classes.hand_rank = min(by_values.hand_rank, coalesce(by_flush.hand_rank, by_values.hand_rank))
        where seat_cards.card_count = 7
    ),
    best_cards as (
        -- The five that make the class, numbered in the shown order: larger groups first,
        -- then higher values (the ace low in a wheel), then higher suits.
        select
            card_roles.hand_id,
            card_roles.seat,
            card_roles.hole,
            card_roles.board,
            card_roles.category,
            card_roles.hand_rank,
            card_roles.name,
            row_number() over (
                partition by card_roles.hand_id, card_roles.seat
                order by card_roles.group_size desc, card_roles.play_value desc, card_roles.suit_index desc
            ) as position
        from card_roles
        where card_roles.group_size > 0
            and case
                when card_roles.is_flush = 1 then card_roles.suit_index = card_roles.flush_suit
                else card_roles.suit_order <= card_roles.group_size
            end
    ),
    best_five as (
        -- One row per seat again (no join back: SQLite would loop over one side for each row
        -- of the other), carrying what the seat is.
        select
            best_cards.hand_id,
            best_cards.seat,
            best_cards.hole,
            best_cards.board,
            best_cards.category,
            best_cards.hand_rank,
            max(case when best_cards.position = 1 then best_cards.name end)
            || ' ' || max(case when best_cards.position = 2 then best_cards.name end)
            || ' ' || max(case when best_cards.position = 3 then best_cards.name end)
            || ' ' || max(case when best_cards.position = 4 then best_cards.name end)
            || ' ' || max(case when best_cards.position = 5 then best_cards.name end) as best
        from best_cards
        group by
            best_cards.hand_id,
            best_cards.seat,
            best_cards.hole,
            best_cards.board,
            best_cards.category,
            best_cards.hand_rank
    ),
    placed as (
        select
            best_five.*,
            rank() over (partition by best_five.hand_id order by best_five.hand_rank) as place,
            count(*) over (partition by best_five.hand_id, best_five.hand_rank) as sharing
        from best_five
    )
select
    placed.hand_id,
    placed.seat,
    placed.hole,
    placed.board,
    placed.best,
    placed.category,
    placed.hand_rank,
    placed.place,
    case
        when placed.place > 1 then 'loses'
        when placed.sharing > 1 then 'splits'
        else 'wins'
    end as result
from placed
order by
    placed.hand_id,
    placed.seat;
