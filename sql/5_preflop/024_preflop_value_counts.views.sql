/*
  The preflop job (023), part 1: every board as if suits did not matter, counted once per value
  matchup (023's header says how).
*/

/* Part 1: for every value matchup and five-value board (best_by_values' keys of five cards),
   the boards left by the dead cards and who wins on them by values alone. */
create view preflop_value_counts as
with
    value_matchups as (
        select distinct
            values_1,
            values_2,
            code_1,
            in_suit_1 + off_suit_1 as dead_1,
            code_2,
            in_suit_2 + off_suit_2 as dead_2,
            code_3,
            in_suit_3 + off_suit_3 as dead_3,
            code_4,
            in_suit_4 + off_suit_4 as dead_4
        from preflop_profiles
    ),
    -- Each hand's values on each board: 91 value pairs times 6,175 boards.
    hole_boards as (
        select
            hole.hole_values,
            board.rank_key as board_key,
            board.rank_key + hole.rank_key as rank_key
        from (select distinct hole_values, rank_key from preflop_hole_shapes) as hole
        cross join best_by_values as board
        where board.card_count = 5
    ),
    hole_ranks as (
        select
            hole_boards.hole_values,
            hole_boards.board_key,
            value_picks.picks,
            hand.hand_rank
        from hole_boards
        inner join value_picks
            on value_picks.rank_key = hole_boards.board_key
        inner join best_by_values as hand
            on hand.card_count = 7
            and hand.rank_key = hole_boards.rank_key
    ),
    showdowns as (
        select
            hand_1.hole_values as values_1,
            hand_2.hole_values as values_2,
            hand_1.board_key,
            hand_1.picks,
            hand_1.hand_rank as rank_1,
            hand_2.hand_rank as rank_2
        from hole_ranks as hand_1
        inner join hole_ranks as hand_2
            on hand_2.board_key = hand_1.board_key
            and hand_2.hole_values >= hand_1.hole_values
    ),
    -- Each board's cards of the dead values, the slots' keys into preflop_value_ways.
    dead_values as (
        select /*+ BROADCAST(value_matchups) */
            showdowns.rank_1,
            showdowns.rank_2,
            showdowns.picks,
            value_matchups.*,
            showdowns.board_key // value_matchups.code_1 % 5 as board_1,
            showdowns.board_key // value_matchups.code_2 % 5 as board_2,
            showdowns.board_key // value_matchups.code_3 % 5 as board_3,
            showdowns.board_key // value_matchups.code_4 % 5 as board_4
        from showdowns
        inner join value_matchups
            on value_matchups.values_1 = showdowns.values_1
            and value_matchups.values_2 = showdowns.values_2
    ),
    weighted as (
        select /*+ BROADCAST(slot_1, slot_2, slot_3, slot_4) */
            dead_values.values_1,
            dead_values.values_2,
            dead_values.rank_1,
            dead_values.rank_2,
            dead_values.picks
                // (slot_1.ways_undealt * slot_2.ways_undealt * slot_3.ways_undealt * slot_4.ways_undealt)
                * (slot_1.ways * slot_2.ways * slot_3.ways * slot_4.ways) as boards
        from dead_values
        inner join preflop_value_ways as slot_1
            on slot_1.board_cards = dead_values.board_1
            and slot_1.dead_cards = dead_values.dead_1
        inner join preflop_value_ways as slot_2
            on slot_2.board_cards = dead_values.board_2
            and slot_2.dead_cards = dead_values.dead_2
        inner join preflop_value_ways as slot_3
            on slot_3.board_cards = dead_values.board_3
            and slot_3.dead_cards = dead_values.dead_3
        inner join preflop_value_ways as slot_4
            on slot_4.board_cards = dead_values.board_4
            and slot_4.dead_cards = dead_values.dead_4
    ),
    counts as (
        select
            values_1,
            values_2,
            sum(boards) as boards,
            sum(case when rank_1 < rank_2 then boards else 0 end) as wins,
            sum(case when rank_1 = rank_2 then boards else 0 end) as ties
        from weighted
        group by values_1, values_2
    )
-- Counted in one order (the first hand's values not above the second's), turned round here:
-- each row of two different values again with the hands swapped (turned 1). One reading of
-- counts, not a union of two: Spark computes a CTE once for each time it is read.
select
    case when turned.digit = 0 then counts.values_1 else counts.values_2 end as values_1,
    case when turned.digit = 0 then counts.values_2 else counts.values_1 end as values_2,
    counts.boards,
    case when turned.digit = 0 then counts.wins else counts.boards - counts.wins - counts.ties end as wins,
    counts.ties
from counts
inner join digits as turned
    on turned.digit <= 1
    and (turned.digit = 0 or counts.values_2 <> counts.values_1);
