/*
  A showdown over your own hand history, on SQLite (no macros): one statement, joins over
  the same lookup tables as best_hands (cards, flush_suits, best_by_values, best_by_flush,
  hand_classes). Writes nothing. (SQLite's integer `/` and two-argument min(): on DuckDB,
  use showdown.duckdb.sql.)

  Reads a table (or view) hand_history(hand_id, seat, hole, board): one row per seat of
  each hand, hole its 2 cards and board the 5 on the table, as card text in the contract's
  notation, read as hand_ranks.sqlite.sql reads it ('Ah Kh', '2c,7d,9s,jh,10h', 'A♥K♥').

  One row per seat: the best five of its seven cards, their category and hand_rank, its
  place within its hand (1 = best; equal hands share a place), and whether it wins the pot
  alone, splits it, or loses. A seat whose cards are no hand (an unknown card, a card twice,
  not 5 to 7 cards: hand_ranks.sqlite.sql's checks, in its words) gets no rank and its
  problem; no seat of that hand gets a place or a result, since who wins it is not known.
  problem is null for a good seat.

  Your own long rows (one row per hand and card_id) evaluate the same way: join them to
  cards on card_id in place of the instr() join of seat_cards, with a constant seat.
  10,000 hands of 2 to 10 seats (about 60,000 seats) take about 5 s in the sqlite3 shell.
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
    seat_cards as (
        -- Each good seat's cards (the cards whose name stands in its text run together: in a
        -- hand's, no name straddles two cards), each row with its seat's key: sums over the
        -- seat's cards, by a window (a join back to a grouped row per seat would make SQLite
        -- loop over one side for each row of the other).
        select
            seat_checks.hand_id,
            seat_checks.seat,
            seat_checks.hole,
            seat_checks.board,
            cards.name,
            cards.value,
            cards.suit_index,
            cards.rank_code,
            count(*) over seat as card_count,
            sum(cards.rank_code) over seat as rank_key,
            sum(cards.suit_code) over seat as suit_counts,
            sum(cards.card_bit) over seat as card_mask,
            row_number() over (
                partition by seat_checks.hand_id, seat_checks.seat, cards.value
                order by cards.suit_index desc
            ) as suit_order
        from seat_checks
        inner join cards
            on instr(seat_checks.run_together, cards.name) > 0
        where seat_checks.problem is null
        window seat as (partition by seat_checks.hand_id, seat_checks.seat)
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
    all_seats as (
        -- The good seats, and the others with no rank (a union, not a join back: SQLite would
        -- loop over one side for each row of the other).
        select
            best_five.*,
            null as problem
        from best_five
        union all
        select
            seat_checks.hand_id,
            seat_checks.seat,
            seat_checks.hole,
            seat_checks.board,
            null as category,
            null as hand_rank,
            null as best,
            seat_checks.problem
        from seat_checks
        where seat_checks.problem is not null
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
