/*
  Every heads-up preflop matchup, exactly (issue 13): the job that fills preflop_matchups (022),
  and the views that read it, in three files: this one, the hands' shapes, the profiles of
  pairs and the flush classes; 024, part 1 (below), and the same counting for any number of
  hands (preflop_board_classes_of: the all-ins of hand histories, 032); 025, part 2, the job's
  view (preflop_matchup_counts) and preflop_classes.

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
  pokersql equity's enumeration by board classes (015 and 017, itself checked against phevaluator),
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
/* The flush classes (36,608): the values of the flush suit's three to five board cards
   (flush_mask, flush_key) and the values of the other board cards, none to two (other_key),
   with the class's boards in one suit when no card is dead (board_ways): the other cards' suits,
   3 for one card or a pair of one value, 9 for two values; unpaired, 1 when the board's five
   values are all different (no full house or four of a kind can beat a flush then). */
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
        select 0 as other_cards, cast(0 as bigint) as other_key, 1 as board_ways, 0 as other_mask
        union all
        select 1, rank_code, 3, value_bit from card_values
        union all
        select
            2,
            high.rank_code + low.rank_code,
            case when high.value = low.value then 3 else 9 end,
            case when high.value = low.value then -1 else high.value_bit + low.value_bit end
        from card_values as high
        inner join card_values as low
            on low.value <= high.value
    )
select
    flush_sets.flush_key + other_cards.other_key as board_key,
    flush_sets.flush_mask,
    flush_sets.flush_cards,
    other_cards.board_ways,
    case when other_cards.other_mask >= 0 and (other_cards.other_mask & flush_sets.flush_mask) = 0 then 1 else 0 end as unpaired
from flush_sets
inner join other_cards
    on other_cards.other_cards = 5 - flush_sets.flush_cards;

