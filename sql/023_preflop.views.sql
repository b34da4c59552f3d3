/*
  Every heads-up preflop matchup, exactly (issue 13): the job that fills preflop_matchups (022),
  and the views that read it.

  A matchup is an ordered pair of disjoint starting hands (1,624,350 of them); its counts are
  over the 1,712,304 boards of the 48 other cards. Enumerating them is 2.8 trillion hands: the
  job counts boards by kind instead, in two parts.

  1. Every board as if suits did not matter (preflop_value_counts): a board is its five values,
     a multiset M (6,175 of them), and the boards of M left by the four dead cards number
     prod over values v of C(4 - dead(v), m(v)). Both hands are ranked by values alone
     (best_by_values): this depends on the hands' values only, so it is counted once per
     value matchup (8,281 of them), not per pair.
  2. The boards where a suit s holds three or more cards (preflop_flush_corrections): the only
     boards on which a flush can be made. Such a board is a flush class f: the values F of its
     s cards (3 to 5 of them) and the values O of the others (36,608 classes, the same for
     every suit), and the boards of f left by the dead cards number
       prod over values v in F of [(v, s) not dead] * C(3 - dead off s(v), m(v) - 1)
       * prod over the other values v of C(3 - dead off s(v), m(v)).
     On them each hand gets its true rank (with the flush, best_by_flush), and the job adds
     what changes: weight * (outcome with flushes - outcome by values alone). A class changes
     nothing for a pair unless one hand's rank changes (its cards of s and the board's make
     five, and the flush beats what its values make), so only those classes are joined. This depends on the hands' values and which of
     their cards are of suit s (a suit profile: 114,478 of them over all pairs and suits).
  A pair's counts are part 1 for its values plus part 2 for each of the four suits.

  Both parts weight a kind by the product above, written as (the kind's weight with no dead
  cards) / (those factors of the dead values with no dead cards) * (those factors with the dead
  cards): at most four dead values, the slots below, so no product over 13 values per row.

  Part 2 is the work: about 0.9 billion (profile, class) rows, each pair of shapes counted in
  one order and turned round; the whole job takes about 195 s of CPU on DuckDB and 1 GB.

  On Spark, the same SQL. A comment that starts with a plus sign right after a select, as
  in BROADCAST(slot_1, ...), is Spark's hint to send the small side of a join (the slots'
  factors, the profiles) to every task rather than sort both sides by the key: its estimate
  of a view's size is far too large to choose that itself. Every other engine reads a comment.

  The answer is checked from outside (tests/test_preflop.py): 200 random pairs against
  pokersql equity's enumeration by board classes (015, itself checked against phevaluator),
  AA v KK and AKs v QQ against published figures, and wins of A over B equal to losses of B
  to A over all pairs.
*/

/* C(n, k) for the few cards a value can have left: n and k from 0 to 4. */
create view small_binomials as
select
    n.digit as n,
    k.digit as k,
    case
        when k.digit > n.digit then 0
        when k.digit = 0 or k.digit = n.digit then 1
        when k.digit = 1 or k.digit = n.digit - 1 then n.digit
        else 6  -- C(4, 2), the one left
    end as ways
from digits as n
cross join digits as k
where n.digit <= 4
    and k.digit <= 4;

/* Part 1's factor of one value: m board cards of a value with dead dead cards. */
create view preflop_value_ways as
select
    left_cards.k as board_cards,
    4 - left_cards.n as dead_cards,
    left_cards.ways,
    all_cards.ways as ways_undealt
from small_binomials as left_cards
inner join small_binomials as all_cards
    on all_cards.n = 4
    and all_cards.k = left_cards.k;

/* Part 2's factor of one value: m board cards of a value, in_flush 1 when one of them is the
   flush suit's (the rest are off it), dead_in_suit and dead_off_suit its dead cards. */
create view preflop_flush_ways as
with
    choices as (
        select
            board_cards.digit as board_cards,
            in_flush.digit as in_flush,
            dead_in_suit.digit as dead_in_suit,
            dead_off_suit.digit as dead_off_suit
        from digits as board_cards
        cross join digits as in_flush
        cross join digits as dead_in_suit
        cross join digits as dead_off_suit
        where board_cards.digit <= 4
            and in_flush.digit <= 1
            and dead_in_suit.digit <= 1
            and dead_off_suit.digit <= 3
            and in_flush.digit <= board_cards.digit
    )
select
    choices.board_cards,
    choices.in_flush,
    choices.dead_in_suit,
    choices.dead_off_suit,
    case when choices.in_flush = 1 and choices.dead_in_suit = 1 then 0 else off_suit.ways end as ways,
    off_suit_undealt.ways as ways_undealt
from choices
inner join small_binomials as off_suit
    on off_suit.n = 3 - choices.dead_off_suit
    and off_suit.k = choices.board_cards - choices.in_flush
inner join small_binomials as off_suit_undealt
    on off_suit_undealt.n = 3
    and off_suit_undealt.k = choices.board_cards - choices.in_flush;

/* Every ordered pair of disjoint starting hands (1,624,350), each hand high card first. */
create view preflop_pairs as
select
    hand_1.card_1 as hand_1_high,
    hand_1.card_2 as hand_1_low,
    hand_2.card_1 as hand_2_high,
    hand_2.card_2 as hand_2_low
from starting_hands as hand_1
inner join starting_hands as hand_2
    on hand_2.card_1 not in (hand_1.card_1, hand_1.card_2)
    and hand_2.card_2 not in (hand_1.card_1, hand_1.card_2);

/* A hand's shape on one suit: its values and which of its cards are of the suit (suited: 2
   for the high card, 1 for the low one). 351 shapes; an id for joins. */
create view preflop_hole_shapes as
select
    (high.value * 15 + low.value) * 4 + suited.digit as hole_shape,
    high.value * 15 + low.value as hole_values,
    high.value as value_high,
    low.value as value_low,
    suited.digit as suited,
    high.rank_code + low.rank_code as rank_key,
    high.value_bit as value_high_bit,
    low.value_bit as value_low_bit,
    case when suited.digit // 2 = 1 then high.value_bit else 0 end
        + case when suited.digit % 2 = 1 then low.value_bit else 0 end as suited_mask,
    suited.digit // 2 + suited.digit % 2 as suited_cards
from card_values as high
inner join card_values as low
    on low.value <= high.value
cross join digits as suited
where suited.digit <= 3
    and not (high.value = low.value and suited.digit = 3);

/* Each pair once per suit (6,497,400 rows): its hands' shapes on that suit. */
create view preflop_suit_profiles as
select
    preflop_pairs.hand_1_high,
    preflop_pairs.hand_1_low,
    preflop_pairs.hand_2_high,
    preflop_pairs.hand_2_low,
    suits.suit_index,
    ((preflop_pairs.hand_1_high // 4 + 2) * 15 + preflop_pairs.hand_1_low // 4 + 2) * 4
        + case when preflop_pairs.hand_1_high % 4 = suits.suit_index then 2 else 0 end
        + case when preflop_pairs.hand_1_low % 4 = suits.suit_index then 1 else 0 end as shape_1,
    ((preflop_pairs.hand_2_high // 4 + 2) * 15 + preflop_pairs.hand_2_low // 4 + 2) * 4
        + case when preflop_pairs.hand_2_high % 4 = suits.suit_index then 2 else 0 end
        + case when preflop_pairs.hand_2_low % 4 = suits.suit_index then 1 else 0 end as shape_2
from preflop_pairs
cross join (select distinct suit_index from cards) as suits;

/* One row per suit profile (the pair of shapes, 114,478): its dead values in four slots, each
   value once (the first card's, then each other card's value unless an earlier card has it),
   with its dead cards on the suit and off it. An empty slot is a value above the ace that no
   board holds (rank_code 5 ^ 13, value_bit 2 ^ 13), whose factor is 1. */
create view preflop_profiles as
with
    profiles as (
        select distinct
            shape_1,
            shape_2
        from preflop_suit_profiles
    ),
    dead_cards as (
        select /*+ BROADCAST(shape) */ profiles.shape_1, profiles.shape_2, 1 as slot, shape.value_high as value, shape.suited // 2 as in_suit
        from profiles inner join preflop_hole_shapes as shape on shape.hole_shape = profiles.shape_1
        union all
        select /*+ BROADCAST(shape) */ profiles.shape_1, profiles.shape_2, 2, shape.value_low, shape.suited % 2
        from profiles inner join preflop_hole_shapes as shape on shape.hole_shape = profiles.shape_1
        union all
        select /*+ BROADCAST(shape) */ profiles.shape_1, profiles.shape_2, 3, shape.value_high, shape.suited // 2
        from profiles inner join preflop_hole_shapes as shape on shape.hole_shape = profiles.shape_2
        union all
        select /*+ BROADCAST(shape) */ profiles.shape_1, profiles.shape_2, 4, shape.value_low, shape.suited % 2
        from profiles inner join preflop_hole_shapes as shape on shape.hole_shape = profiles.shape_2
    ),
    slots as (
        select
            dead_cards.shape_1,
            dead_cards.shape_2,
            dead_cards.slot,
            case when dead_cards.slot = min(dead_cards.slot) over by_value then dead_cards.value end as value,
            sum(dead_cards.in_suit) over by_value as dead_in_suit,
            count(*) over by_value - sum(dead_cards.in_suit) over by_value as dead_off_suit
        from dead_cards
        window by_value as (partition by dead_cards.shape_1, dead_cards.shape_2, dead_cards.value)
    ),
    slot_codes as (
        select
            slots.shape_1,
            slots.shape_2,
            slots.slot,
            coalesce(card_values.rank_code, 1220703125) as rank_code,
            coalesce(card_values.value_bit, 8192) as value_bit,
            case when slots.value is null then 0 else slots.dead_in_suit end as dead_in_suit,
            case when slots.value is null then 0 else slots.dead_off_suit end as dead_off_suit
        from slots
        left join card_values
            on card_values.value = slots.value
    )
select
    shape_1,
    shape_2,
    shape_1 // 4 as values_1,
    shape_2 // 4 as values_2,
    max(case when slot = 1 then rank_code end) as code_1,
    max(case when slot = 1 then value_bit end) as bit_1,
    max(case when slot = 1 then dead_in_suit end) as in_suit_1,
    max(case when slot = 1 then dead_off_suit end) as off_suit_1,
    max(case when slot = 2 then rank_code end) as code_2,
    max(case when slot = 2 then value_bit end) as bit_2,
    max(case when slot = 2 then dead_in_suit end) as in_suit_2,
    max(case when slot = 2 then dead_off_suit end) as off_suit_2,
    max(case when slot = 3 then rank_code end) as code_3,
    max(case when slot = 3 then value_bit end) as bit_3,
    max(case when slot = 3 then dead_in_suit end) as in_suit_3,
    max(case when slot = 3 then dead_off_suit end) as off_suit_3,
    max(case when slot = 4 then rank_code end) as code_4,
    max(case when slot = 4 then value_bit end) as bit_4,
    max(case when slot = 4 then dead_in_suit end) as in_suit_4,
    max(case when slot = 4 then dead_off_suit end) as off_suit_4
from slot_codes
group by shape_1, shape_2;

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

/* The flush classes (36,608): the values of the flush suit's three to five board cards
   (flush_mask, flush_key) and the values of the other board cards, none to two (other_key),
   with the class's boards in one suit when no card is dead (board_ways): the other cards' suits,
   3 for one card or a pair of one value, 9 for two values. */
create view preflop_flush_classes as
with
    value_pairs as (
        select
            low.value as low_value,
            high.value_bit + low.value_bit as flush_mask,
            high.rank_code + low.rank_code as flush_key
        from card_values as high
        inner join card_values as low
            on low.value < high.value
    ),
    value_sets as (
        select
            third.value as low_value,
            value_pairs.flush_mask + third.value_bit as flush_mask,
            value_pairs.flush_key + third.rank_code as flush_key,
            3 as flush_cards
        from value_pairs
        inner join card_values as third
            on third.value < value_pairs.low_value
    ),
    flush_sets as (
        select flush_mask, flush_key, flush_cards, low_value from value_sets
        union all
        select
            value_sets.flush_mask + fourth.value_bit,
            value_sets.flush_key + fourth.rank_code,
            4,
            fourth.value
        from value_sets
        inner join card_values as fourth
            on fourth.value < value_sets.low_value
        union all
        select
            value_sets.flush_mask + fourth.value_bit + fifth.value_bit,
            value_sets.flush_key + fourth.rank_code + fifth.rank_code,
            5,
            fifth.value
        from value_sets
        inner join card_values as fourth
            on fourth.value < value_sets.low_value
        inner join card_values as fifth
            on fifth.value < fourth.value
    ),
    other_cards as (
        select 0 as other_cards, cast(0 as bigint) as other_key, 1 as board_ways
        union all
        select 1, rank_code, 3 from card_values
        union all
        select
            2,
            high.rank_code + low.rank_code,
            case when high.value = low.value then 3 else 9 end
        from card_values as high
        inner join card_values as low
            on low.value <= high.value
    )
select
    flush_sets.flush_key + other_cards.other_key as board_key,
    flush_sets.flush_mask,
    flush_sets.flush_cards,
    other_cards.board_ways
from flush_sets
inner join other_cards
    on other_cards.other_cards = 5 - flush_sets.flush_cards;

/* Each hand shape on each flush class whose cards it does not hold: its rank by values alone and
   its true rank (with the flush when the suit makes five), and whether they differ. */
create view preflop_flush_ranks as
with
    hands as (
        select
            classes.board_key,
            classes.flush_mask,
            classes.board_ways,
            shapes.hole_shape,
            classes.board_key + shapes.rank_key as rank_key,
            classes.flush_cards + shapes.suited_cards as flush_cards,
            classes.flush_mask + shapes.suited_mask as flush_values
        from preflop_flush_classes as classes
        cross join preflop_hole_shapes as shapes
        -- A card of the suit in the hand is not on the board: no value of the hand's suited
        -- cards is in the class's flush values.
        where (classes.flush_mask // shapes.value_high_bit) % 2 * (shapes.suited // 2) = 0
            and (classes.flush_mask // shapes.value_low_bit) % 2 * (shapes.suited % 2) = 0
    )
select
    hands.board_key,
    hands.flush_mask,
    hands.board_ways,
    hands.hole_shape,
    by_values.hand_rank as rank_by_values,
    case
        when by_flush.hand_rank < by_values.hand_rank then by_flush.hand_rank
        else by_values.hand_rank
    end as hand_rank
from hands
inner join best_by_values as by_values
    on by_values.card_count = 7
    and by_values.rank_key = hands.rank_key
left join best_by_flush as by_flush
    on by_flush.card_count = hands.flush_cards
    and by_flush.value_mask = hands.flush_values;

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
