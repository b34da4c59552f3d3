/*
  A showdown over your own hand history, on SQLite: one statement over pokersql's tables, the
  best five by hand_evaluations_of (011), what `pokersql eval` shows. SQLite has no macros:
  print this query with the macro written in, and read it in the sqlite3 shell, with
      pokersql sql --recipe showdown --dialect sqlite > showdown.sql
  (on DuckDB, showdown.duckdb.sql, with the list macros of 027). Writes nothing.

  Reads a table (or view) hand_history(hand_id, seat, hole, board): one row per seat of
  each hand, hole its 2 cards and board the 5 on the table, as card text in the contract's
  notation, read as hand_ranks.sqlite.sql reads it ('Ah Kh', '2c,7d,9s,jh,10h', 'A♥K♥').

  One row per seat: the best five of its seven cards, their category and hand_rank, its
  place within its hand (1 = best; equal hands share a place), and whether it wins the pot
  alone, splits it, or loses. A seat whose cards are no hand (an unknown card, a card twice,
  not 5 to 7 cards: hand_ranks.sqlite.sql's checks, in its words) gets no rank and its
  problem; no seat of that hand gets a place or a result, since who wins it is not known.
  problem is null for a good seat.

  Your own long rows (one row per hand and card_id) evaluate the same way: give them to
  hand_evaluations_of as its rows (hand_no, card_id) in place of seat_cards.
  10,000 hands of 2 to 10 seats (about 60,000 seats) take about 10 s in SQLite 3.40.
*/

with
    seat_texts as (
        select
            hand_history.hand_id,
            hand_history.seat,
            hand_history.hole,
            hand_history.board,
            hand_history.hole || ' ' || hand_history.board as cards
        from hand_history
    ),
    seat_spaced as (
        -- As hand_ranks.sqlite.sql: the text in canonical letters, every separator a space.
        select
            seat_texts.*,
            case
                when length(seat_texts.cards) <= 64 then replace(replace(replace(replace(replace(replace(replace(
                    replace(replace(replace(replace(replace(
                        replace(replace(replace(replace(replace(seat_texts.cards, '10', 'T'),
                            '♠', 's'), '♥', 'h'), '♦', 'd'), '♣', 'c'),
                        't', 'T'), 'j', 'J'), 'q', 'Q'), 'k', 'K'), 'a', 'A'),
                    'S', 's'), 'H', 'h'), 'D', 'd'), 'C', 'c'), ',', ' '), '	', ' '), '
', ' ')
            end as spaced
        from seat_texts
    ),
    seat_runs as (
        select
            seat_spaced.*,
            replace(seat_spaced.spaced, ' ', '') as run_together
        from seat_spaced
    ),
    seat_checks as (
        -- As hand_ranks.sqlite.sql: what makes the seat's cards no hand, null for a hand.
        select
            seat_runs.hand_id,
            seat_runs.seat,
            seat_runs.hole,
            seat_runs.board,
            seat_runs.run_together,
            row_number() over (order by seat_runs.hand_id, seat_runs.seat) as seat_no,
            case
                when seat_runs.cards is null
                    then 'no cards: the hand is null'
                when seat_runs.spaced is null
                    then 'the hand is ' || length(seat_runs.cards) || ' characters long: 5 to 7 cards take at most 64'
                when seat_runs.spaced glob '*[2-9TJQKA] *'
                    then 'unknown card: a rank apart from its suit'
                when card_1.card_id is null and length(seat_runs.run_together) >= 1
                    then 'unknown card ''' || substr(seat_runs.run_together, 1, 2) || ''' (card 1 as read)'
                when card_2.card_id is null and length(seat_runs.run_together) >= 3
                    then 'unknown card ''' || substr(seat_runs.run_together, 3, 2) || ''' (card 2 as read)'
                when card_3.card_id is null and length(seat_runs.run_together) >= 5
                    then 'unknown card ''' || substr(seat_runs.run_together, 5, 2) || ''' (card 3 as read)'
                when card_4.card_id is null and length(seat_runs.run_together) >= 7
                    then 'unknown card ''' || substr(seat_runs.run_together, 7, 2) || ''' (card 4 as read)'
                when card_5.card_id is null and length(seat_runs.run_together) >= 9
                    then 'unknown card ''' || substr(seat_runs.run_together, 9, 2) || ''' (card 5 as read)'
                when card_6.card_id is null and length(seat_runs.run_together) >= 11
                    then 'unknown card ''' || substr(seat_runs.run_together, 11, 2) || ''' (card 6 as read)'
                when card_7.card_id is null and length(seat_runs.run_together) >= 13
                    then 'unknown card ''' || substr(seat_runs.run_together, 13, 2) || ''' (card 7 as read)'
                when card_2.card_id in (card_1.card_id)
                    then 'duplicate card ''' || card_2.name || ''''
                when card_3.card_id in (card_1.card_id, card_2.card_id)
                    then 'duplicate card ''' || card_3.name || ''''
                when card_4.card_id in (card_1.card_id, card_2.card_id, card_3.card_id)
                    then 'duplicate card ''' || card_4.name || ''''
                when card_5.card_id in (card_1.card_id, card_2.card_id, card_3.card_id, card_4.card_id)
                    then 'duplicate card ''' || card_5.name || ''''
                when card_6.card_id in (card_1.card_id, card_2.card_id, card_3.card_id, card_4.card_id, card_5.card_id)
                    then 'duplicate card ''' || card_6.name || ''''
                when card_7.card_id in (
                    card_1.card_id, card_2.card_id, card_3.card_id, card_4.card_id, card_5.card_id, card_6.card_id
                )
                    then 'duplicate card ''' || card_7.name || ''''
                when length(seat_runs.run_together) not in (10, 12, 14)
                    -- the count with no fraction on either engine (DuckDB's / is exact)
                    then 'a hand needs 5, 6 or 7 cards, got '
                        || cast((length(seat_runs.run_together) + length(seat_runs.run_together) % 2) / 2 as integer)
            end as problem
        from seat_runs
        left join cards as card_1
            on card_1.name = substr(seat_runs.run_together, 1, 2)
        left join cards as card_2
            on card_2.name = substr(seat_runs.run_together, 3, 2)
        left join cards as card_3
            on card_3.name = substr(seat_runs.run_together, 5, 2)
        left join cards as card_4
            on card_4.name = substr(seat_runs.run_together, 7, 2)
        left join cards as card_5
            on card_5.name = substr(seat_runs.run_together, 9, 2)
        left join cards as card_6
            on card_6.name = substr(seat_runs.run_together, 11, 2)
        left join cards as card_7
            on card_7.name = substr(seat_runs.run_together, 13, 2)
    ),
    seat_cards as not materialized (
        -- Each good seat's cards, one row each: the cards whose name stands in its text run
        -- together (in a hand's, no name straddles two cards). Not materialized, and the
        -- cards first: where hand_evaluations_of reads a seat's cards again (each seat, then
        -- its cards), SQLite then finds the seat by an index it makes of seat_checks; a
        -- materialized relation it would scan whole for every seat (minutes, not seconds).
        select
            seat_checks.seat_no as hand_no,
            cards.card_id
        from cards
        inner join seat_checks
            on instr(seat_checks.run_together, cards.name) > 0
        where seat_checks.problem is null
    ),
    -- The best five of each good seat, in order, with its class: hand_evaluations_of (011),
    -- what pokersql eval shows.
    evaluated as (
        select
            hand_no as seat_no,
            best,
            category,
            hand_rank
        from hand_evaluations_of('seat_cards')
    ),
    all_seats as (
        select
            seat_checks.hand_id,
            seat_checks.seat,
            seat_checks.hole,
            seat_checks.board,
            evaluated.best,
            evaluated.category,
            evaluated.hand_rank,
            seat_checks.problem
        from seat_checks
        left join evaluated
            on evaluated.seat_no = seat_checks.seat_no
    ),
    placed as (
        select
            all_seats.*,
            rank() over (partition by all_seats.hand_id order by all_seats.hand_rank) as place,
            count(*) over (partition by all_seats.hand_id, all_seats.hand_rank) as sharing,
            count(all_seats.problem) over (partition by all_seats.hand_id) as bad_seats
        from all_seats
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
