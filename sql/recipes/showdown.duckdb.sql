/*
  A showdown over your own hand history, on DuckDB, with the macros of 026: one statement.

  Reads a table (or view, or file) hand_history(hand_id, seat, hole, board): one row per
  seat of each hand, hole its 2 cards and board the 5 on the table, as card text in the
  contract's notation. Writes nothing.

  One row per seat: the best five of its seven cards, their category and hand_rank, its
  place within its hand (1 = best; equal hands share a place), and whether it wins the pot
  alone, splits it, or loses. A seat whose cards are no hand (hand_problem of 026: an unknown
  card, a card twice, not 5 to 7 cards) gets no rank and its problem; no seat of that hand
  gets a place or a result, since who wins it is not known. problem is null for a good seat.
*/

with
    seats as (
        select
            hand_history.hand_id,
            hand_history.seat,
            hand_history.hole,
            hand_history.board,
            hand_card_ids(hand_history.hole || ' ' || hand_history.board) as card_ids,
            hand_problem(hand_history.hole || ' ' || hand_history.board) as problem
        from hand_history
    ),
    classed as (
        select
            seats.*,
            hand_class_of(seats.card_ids) as hand_class
        from seats
    ),
    placed as (
        select
            classed.hand_id,
            classed.seat,
            classed.hole,
            classed.board,
            case
                when classed.hand_class is not null then best_five_from_class(classed.card_ids, classed.hand_class)
            end as best,
            classed.hand_class.category as category,
            classed.hand_class.hand_rank as hand_rank,
            rank() over (partition by classed.hand_id order by classed.hand_class.hand_rank) as place,
            count(*) over (partition by classed.hand_id, classed.hand_class.hand_rank) as sharing,
            count(classed.problem) over (partition by classed.hand_id) as bad_seats,
            classed.problem
        from classed
    )
select
    placed.hand_id,
    placed.seat,
    placed.hole,
    placed.board,
    placed.best,
    placed.category,
    placed.hand_rank,
    case when placed.bad_seats = 0 then placed.place end as place,
    case
        when placed.bad_seats > 0 then null
        when placed.place > 1 then 'loses'
        when placed.sharing > 1 then 'splits'
        else 'wins'
    end as result,
    placed.problem
from placed
order by
    placed.hand_id,
    placed.seat;
