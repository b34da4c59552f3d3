/*
  The preflop job (023), part 2: what the flush classes (preflop_flush_classes, 023) change, suit
  by suit (023's header says how); then every pair's counts (preflop_matchup_counts, what build --preflop writes into
  preflop_matchups, 022) and the 169 x 169 starting classes that read them (preflop_classes).
*/

/* Each hand shape on each flush class whose cards it does not hold: its rank by values alone and
   its true rank (with the flush when the suit makes five), both by hand_ranks_of (011): first
   with no flush mask, then with the suit's values. */
create view preflop_flush_ranks as
with
    hands as (
        select
            classes.board_key,
            classes.flush_mask as board_flush_mask,
            classes.board_ways,
            shapes.hole_shape,
            classes.board_key + shapes.rank_key as rank_key,
            classes.flush_mask + shapes.suited_mask as flush_values,
            0 as flush_mask
        from preflop_flush_classes as classes
        cross join preflop_hole_shapes as shapes
        -- A card of the suit in the hand is not on the board: no value of the hand's suited
        -- cards is in the class's flush values.
        where (classes.flush_mask // shapes.value_high_bit) % 2 * (shapes.suited // 2) = 0
            and (classes.flush_mask // shapes.value_low_bit) % 2 * (shapes.suited % 2) = 0
    ),
    by_values as (
        select
            board_key,
            board_flush_mask,
            board_ways,
            hole_shape,
            rank_key,
            flush_values as flush_mask,
            hand_rank as rank_by_values
        from hand_ranks_of('hands')
    )
select
    board_key,
    board_flush_mask as flush_mask,
    board_ways,
    hole_shape,
    rank_by_values,
    hand_rank
from hand_ranks_of('by_values');

/* Part 2: for every suit profile, what the flush classes change: the boards of each class left
   by the dead cards, times (outcome with flushes - outcome by values alone). Only the classes
   where a hand's rank changes are joined: those where the first hand's does, against every
   second hand, and those where only the second hand's does. Each pair of shapes is counted in
   one order (the first shape's id not above the second's) and turned round at the end. */
create view preflop_flush_corrections as
with
    ranks as (
        select
            board_key * 8192 + flush_mask as class_key,
            board_key,
            flush_mask,
            board_ways,
            hole_shape,
            rank_by_values,
            hand_rank,
            case when hand_rank < rank_by_values then 1 else 0 end as changes
        from preflop_flush_ranks
    ),
    showdowns as (
        select
            hand_1.board_key,
            hand_1.flush_mask,
            hand_1.board_ways,
            hand_1.hole_shape as shape_1,
            hand_2.hole_shape as shape_2,
            hand_1.rank_by_values as values_1,
            hand_1.hand_rank as rank_1,
            hand_2.rank_by_values as values_2,
            hand_2.hand_rank as rank_2
        from ranks as hand_1
        inner join ranks as hand_2
            on hand_2.class_key = hand_1.class_key
            and hand_2.hole_shape >= hand_1.hole_shape
        where hand_1.changes = 1
        union all
        select
            hand_1.board_key,
            hand_1.flush_mask,
            hand_1.board_ways,
            hand_1.hole_shape,
            hand_2.hole_shape,
            hand_1.rank_by_values,
            hand_1.hand_rank,
            hand_2.rank_by_values,
            hand_2.hand_rank
        from ranks as hand_1
        inner join ranks as hand_2
            on hand_2.class_key = hand_1.class_key
            and hand_2.hole_shape >= hand_1.hole_shape
        where hand_1.changes = 0
            and hand_2.changes = 1
    ),
    -- Each class's cards of the dead values, the slots' keys into preflop_flush_ways.
    dead_values as (
        select /*+ BROADCAST(profiles) */
            showdowns.*,
            profiles.in_suit_1,
            profiles.off_suit_1,
            profiles.in_suit_2,
            profiles.off_suit_2,
            profiles.in_suit_3,
            profiles.off_suit_3,
            profiles.in_suit_4,
            profiles.off_suit_4,
            showdowns.board_key // profiles.code_1 % 5 as board_1,
            showdowns.flush_mask // profiles.bit_1 % 2 as flush_1,
            showdowns.board_key // profiles.code_2 % 5 as board_2,
            showdowns.flush_mask // profiles.bit_2 % 2 as flush_2,
            showdowns.board_key // profiles.code_3 % 5 as board_3,
            showdowns.flush_mask // profiles.bit_3 % 2 as flush_3,
            showdowns.board_key // profiles.code_4 % 5 as board_4,
            showdowns.flush_mask // profiles.bit_4 % 2 as flush_4
        from showdowns
        inner join preflop_profiles as profiles
            on profiles.shape_1 = showdowns.shape_1
            and profiles.shape_2 = showdowns.shape_2
    ),
    weighted as (
        select /*+ BROADCAST(slot_1, slot_2, slot_3, slot_4) */
            dead_values.shape_1,
            dead_values.shape_2,
            dead_values.values_1,
            dead_values.rank_1,
            dead_values.values_2,
            dead_values.rank_2,
            dead_values.board_ways
                // (slot_1.ways_undealt * slot_2.ways_undealt * slot_3.ways_undealt * slot_4.ways_undealt)
                * (slot_1.ways * slot_2.ways * slot_3.ways * slot_4.ways) as boards
        from dead_values
        inner join preflop_flush_ways as slot_1
            on slot_1.board_cards = dead_values.board_1
            and slot_1.in_flush = dead_values.flush_1
            and slot_1.dead_in_suit = dead_values.in_suit_1
            and slot_1.dead_off_suit = dead_values.off_suit_1
        inner join preflop_flush_ways as slot_2
            on slot_2.board_cards = dead_values.board_2
            and slot_2.in_flush = dead_values.flush_2
            and slot_2.dead_in_suit = dead_values.in_suit_2
            and slot_2.dead_off_suit = dead_values.off_suit_2
        inner join preflop_flush_ways as slot_3
            on slot_3.board_cards = dead_values.board_3
            and slot_3.in_flush = dead_values.flush_3
            and slot_3.dead_in_suit = dead_values.in_suit_3
            and slot_3.dead_off_suit = dead_values.off_suit_3
        inner join preflop_flush_ways as slot_4
            on slot_4.board_cards = dead_values.board_4
            and slot_4.in_flush = dead_values.flush_4
            and slot_4.dead_in_suit = dead_values.in_suit_4
            and slot_4.dead_off_suit = dead_values.off_suit_4
    ),
    changes as (
        select
            shape_1,
            shape_2,
            sum(case when rank_1 < rank_2 then boards else 0 end)
                - sum(case when values_1 < values_2 then boards else 0 end) as wins,
            sum(case when rank_1 = rank_2 then boards else 0 end)
                - sum(case when values_1 = values_2 then boards else 0 end) as ties
        from weighted
        group by shape_1, shape_2
    )
-- And in the other order (turned 1): the second hand's wins are the first's losses, and what a
-- class adds to one outcome it takes from the others (its boards are the same), so losses
-- change by -(wins + ties). One reading of changes, as in preflop_value_counts.
select
    case when turned.digit = 0 then changes.shape_1 else changes.shape_2 end as shape_1,
    case when turned.digit = 0 then changes.shape_2 else changes.shape_1 end as shape_2,
    case when turned.digit = 0 then changes.wins else -(changes.wins + changes.ties) end as wins,
    changes.ties
from changes
inner join digits as turned
    on turned.digit <= 1
    and (turned.digit = 0 or changes.shape_2 <> changes.shape_1);

/* Every pair's counts: part 1 for its values, plus part 2 for each of the four suits. */
create view preflop_matchup_counts as
with
    corrections as (
        select
            profiles.hand_1_high,
            profiles.hand_1_low,
            profiles.hand_2_high,
            profiles.hand_2_low,
            sum(coalesce(flush.wins, 0)) as wins,
            sum(coalesce(flush.ties, 0)) as ties
        from preflop_suit_profiles as profiles
        left join preflop_flush_corrections as flush
            on flush.shape_1 = profiles.shape_1
            and flush.shape_2 = profiles.shape_2
        group by profiles.hand_1_high, profiles.hand_1_low, profiles.hand_2_high, profiles.hand_2_low
    )
select
    corrections.hand_1_high,
    corrections.hand_1_low,
    corrections.hand_2_high,
    corrections.hand_2_low,
    cast(by_values.wins + corrections.wins as bigint) as wins,
    cast(by_values.ties + corrections.ties as bigint) as ties,
    cast(by_values.boards - by_values.wins - corrections.wins - by_values.ties - corrections.ties as bigint) as losses
from corrections
inner join preflop_value_counts as by_values
    on by_values.values_1 = (corrections.hand_1_high // 4 + 2) * 15 + corrections.hand_1_low // 4 + 2
    and by_values.values_2 = (corrections.hand_2_high // 4 + 2) * 15 + corrections.hand_2_low // 4 + 2;

/* The 169 x 169 starting classes (28,561 rows) once preflop_matchups is filled: each class
   matchup's counts summed over its pairs of combinations (combos), so its equity is the
   average of theirs weighted by their number; ties count half. */
create view preflop_classes as
select
    hand_1.hand_class as class_1,
    hand_2.hand_class as class_2,
    count(*) as combos,
    sum(matchups.wins) as wins,
    sum(matchups.ties) as ties,
    sum(matchups.losses) as losses,
    (sum(matchups.wins) + sum(matchups.ties) / 2.0) / sum(matchups.wins + matchups.ties + matchups.losses) as equity
from preflop_matchups as matchups
inner join starting_hands as hand_1
    on hand_1.card_1 = matchups.hand_1_high
    and hand_1.card_2 = matchups.hand_1_low
inner join starting_hands as hand_2
    on hand_2.card_1 = matchups.hand_2_high
    and hand_2.card_2 = matchups.hand_2_low
group by hand_1.hand_class, hand_2.hand_class;
