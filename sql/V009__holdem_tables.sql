/*
  Texas Hold'em tables: starting hands, suit-reduced hands, every seven-card hand.

  starting_hands: one row per pair of hole cards (1,326 rows), high card first,
    with its class (169 of them: 'AA', 'AKs', 'AKo', ...) and the number of
    combinations in the class (6 for a pair, 4 suited, 12 offsuit).

  suit_reduced_five: one row per class of five-card hands (7,462 rows) and its
    weight, the number of hands in the class, counted without dealing them:
    a hand's values hold m cards of each value, which can be picked in C(4, m)
    ways; five distinct values in one suit are the 4 flushes, and the rest of
    those picks are not.

  suit_reduced_seven: one row per seven-card pattern (190,346 rows), the Power BI
    study's way: the seven values, and which of them are the cards of a suit
    holding five or more (the suited cards: none, or 5, 6 or 7 of them), with
    the pattern's weight, the number of seven-card hands it stands for:
      suited: 4 suits for the suited cards, times C(3, o) for the o other cards
        of each value, which come from the other three suits;
      no suit of five: all C(4, m) picks of the values, less the suited ones.
    hand_key = rank_key * 8192 + the suited cards' 13-bit value mask identifies
    a pattern, and hand_rank is the best five of it (best_by_values, best_by_flush).

  card_pairs, five_card_sets: every two-card and five-card set of the deck,
    summed into card_codes' codes.
  seven_card_hand_keys: every one of the 133,784,560 seven-card hands, dealt as
    two lowest cards, three more and two highest, counted by hand_key. Its
    counts equal the weights of suit_reduced_seven, hand_key by hand_key.
  seven_card_frequencies: those hands by category (4,824 distinct hand_ranks).
  starting_hand_categories: for each starting class, the chance of each
    category by the river (the study's "best possible hand given the two cards
    you are dealt"); see the view.
*/

create table starting_hands (
    card_1 integer not null,
    card_2 integer not null,
    cards varchar not null,
    hand_class varchar not null,
    class_combos integer not null,
    primary key (card_1, card_2)
);

insert into starting_hands
select
    high.card_id as card_1,
    low.card_id as card_2,
    high.name || low.name as cards,
    case
        when high.value = low.value then high.rank_char || low.rank_char
        when high.suit_index = low.suit_index then high.rank_char || low.rank_char || 's'
        else high.rank_char || low.rank_char || 'o'
    end as hand_class,
    case
        when high.value = low.value then 6
        when high.suit_index = low.suit_index then 4
        else 12
    end as class_combos
from cards as high
inner join cards as low
    on low.card_id < high.card_id
order by high.card_id desc, low.card_id desc;

/* value_picks: for each key of best_by_values, the product over its values of
   C(4, m), the ways to pick its cards. Multiplying by adding logarithms would
   not be exact, so the digits are counted by kind (C(4, 1) = C(4, 3) = 4,
   C(4, 2) = 6) and 4 ^ n and 6 ^ n come from a table. */
create table small_powers (
    exponent integer primary key,
    power_of_four integer not null,
    power_of_six integer not null
);

insert into small_powers (exponent, power_of_four, power_of_six)
values (0, 1, 1), (1, 4, 6), (2, 16, 36), (3, 64, 216), (4, 256, 1296), (5, 1024, 7776),
    (6, 4096, 46656), (7, 16384, 279936);

create table value_picks (
    rank_key bigint primary key,
    picks bigint not null
);

insert into value_picks (rank_key, picks)
with
    card_values as (
        select distinct
            rank_code
        from cards
    ),
    digits_by_kind as (
        select
            by_values.rank_key,
            sum(
                case when by_values.rank_key // card_values.rank_code % 5 in (1, 3) then 1 else 0 end
            ) as picked_four_ways,
            sum(
                case when by_values.rank_key // card_values.rank_code % 5 = 2 then 1 else 0 end
            ) as picked_six_ways
        from best_by_values as by_values
        cross join card_values
        group by by_values.rank_key
    )
select
    digits_by_kind.rank_key,
    fours.power_of_four * sixes.power_of_six as picks
from digits_by_kind
inner join small_powers as fours
    on fours.exponent = digits_by_kind.picked_four_ways
inner join small_powers as sixes
    on sixes.exponent = digits_by_kind.picked_six_ways;

create table suit_reduced_five (
    rank_key bigint not null,
    is_flush integer not null,
    hand_rank integer not null unique,
    points integer not null,
    category varchar not null,
    weight bigint not null,
    primary key (rank_key, is_flush)
);

insert into suit_reduced_five
select
    hand_classes.rank_key,
    hand_classes.is_flush,
    hand_classes.hand_rank,
    hand_classes.points,
    hand_classes.category,
    case
        when hand_classes.is_flush = 1 then 4
        -- Five distinct values: 4 of the picks are flushes, in the flush class.
        when hand_classes.kicker_5 > 0 then value_picks.picks - 4
        else value_picks.picks
    end as weight
from hand_classes
inner join value_picks
    on value_picks.rank_key = hand_classes.rank_key;

create table suit_reduced_seven (
    hand_key bigint primary key,
    rank_key bigint not null,
    suited_mask integer not null,
    suited_cards integer not null,
    hand_rank integer not null,
    points integer not null,
    category varchar not null,
    weight bigint not null
);

insert into suit_reduced_seven
with
    card_values as (
        select distinct
            rank_code,
            value_bit
        from card_codes
    ),
    suited_sets as (
        select
            by_flush.value_mask,
            by_flush.card_count,
            by_flush.hand_rank,
            sum(card_values.rank_code) as rank_key
        from best_by_flush as by_flush
        inner join card_values
            on by_flush.value_mask & card_values.value_bit > 0
        group by by_flush.value_mask, by_flush.card_count, by_flush.hand_rank
    ),
    -- The cards besides the suited ones (7 - 5, 7 - 6 or none), with their C(3, o) picks.
    other_cards as (
        select 2 as card_count, first.rank_code + second.rank_code as rank_key,
            case when first.rank_code = second.rank_code then 3 else 9 end as picks
        from card_values as first
        inner join card_values as second
            on second.rank_code >= first.rank_code
        union all
        select 1, rank_code, 3
        from card_values
        union all
        select 0, 0, 1
    ),
    suited_patterns as (
        select
            suited_sets.rank_key + other_cards.rank_key as rank_key,
            suited_sets.value_mask as suited_mask,
            suited_sets.card_count as suited_cards,
            suited_sets.hand_rank as flush_rank,
            4 * other_cards.picks as weight
        from suited_sets
        inner join other_cards
            on other_cards.card_count = 7 - suited_sets.card_count
    ),
    -- A multiset's picks less its suited ones: one grouping (SQLite would loop over a join).
    unsuited_patterns as (
        select
            rank_key,
            sum(weight) as weight
        from (
            select
                by_values.rank_key,
                value_picks.picks as weight
            from best_by_values as by_values
            inner join value_picks
                on value_picks.rank_key = by_values.rank_key
            where by_values.card_count = 7
            union all
            select
                rank_key,
                -weight
            from suited_patterns
        ) as picks
        group by rank_key
    ),
    patterns as (
        select
            rank_key,
            suited_mask,
            suited_cards,
            flush_rank,
            weight
        from suited_patterns
        union all
        select
            rank_key,
            0 as suited_mask,
            0 as suited_cards,
            null as flush_rank,
            weight
        from unsuited_patterns
    ),
    ranked as (
        select
            patterns.rank_key * 8192 + patterns.suited_mask as hand_key,
            patterns.rank_key,
            patterns.suited_mask,
            patterns.suited_cards,
            case
                when patterns.flush_rank < by_values.hand_rank then patterns.flush_rank
                else by_values.hand_rank
            end as hand_rank,
            patterns.weight
        from patterns
        inner join best_by_values as by_values
            on by_values.rank_key = patterns.rank_key
    )
select
    ranked.hand_key,
    ranked.rank_key,
    ranked.suited_mask,
    ranked.suited_cards,
    ranked.hand_rank,
    hand_classes.points,
    hand_classes.category,
    ranked.weight
from ranked
inner join hand_classes
    on hand_classes.hand_rank = ranked.hand_rank
order by ranked.hand_key;

/* Every set of cards is summed into the codes of card_codes (V007): its values
   (rank_key), its suit counts and its cards as a 52-bit set. */
create view card_pairs as
select
    card_1.card_id as low_card,
    card_2.card_id as high_card,
    card_1.rank_code + card_2.rank_code as rank_key,
    card_1.suit_code + card_2.suit_code as suit_counts,
    card_1.card_bit + card_2.card_bit as card_mask
from card_codes as card_1
inner join card_codes as card_2
    on card_2.card_id > card_1.card_id;

/* Every five-card set (2,598,960): two lowest cards and three higher ones. */
create view five_card_sets as
with
    triples as (
        select
            card_3.card_id as low_card,
            card_pairs.high_card,
            card_3.rank_code + card_pairs.rank_key as rank_key,
            card_3.suit_code + card_pairs.suit_counts as suit_counts,
            card_3.card_bit + card_pairs.card_mask as card_mask
        from card_codes as card_3
        inner join card_pairs
            on card_pairs.low_card > card_3.card_id
    )
select
    triples.high_card,
    card_pairs.rank_key + triples.rank_key as rank_key,
    card_pairs.suit_counts + triples.suit_counts as suit_counts,
    card_pairs.card_mask + triples.card_mask as card_mask
from card_pairs
inner join triples
    on triples.low_card > card_pairs.high_card;

create view seven_card_hand_keys as
with
    sevens as (
        select
            five_card_sets.rank_key + card_pairs.rank_key as rank_key,
            five_card_sets.suit_counts + card_pairs.suit_counts as suit_counts,
            five_card_sets.card_mask + card_pairs.card_mask as card_mask
        from five_card_sets
        inner join card_pairs
            on card_pairs.low_card > five_card_sets.high_card
    ),
    keyed as (
        select
            rank_key * 8192
            + case
                when suit_counts % 8 >= 5 then card_mask % 8192
                when suit_counts // 8 % 8 >= 5 then (card_mask >> 13) % 8192
                when suit_counts // 64 % 8 >= 5 then (card_mask >> 26) % 8192
                when suit_counts // 512 >= 5 then card_mask >> 39
                else 0
            end as hand_key
        from sevens
    )
select
    hand_key,
    count(*) as hands
from keyed
group by hand_key;

create view seven_card_frequencies as
with
    evaluated as (
        select
            case
                when by_flush.hand_rank < by_values.hand_rank then by_flush.hand_rank
                else by_values.hand_rank
            end as hand_rank,
            hand_keys.hands
        from seven_card_hand_keys as hand_keys
        inner join best_by_values as by_values
            on by_values.rank_key = hand_keys.hand_key // 8192
        left join best_by_flush as by_flush
            on by_flush.value_mask = hand_keys.hand_key % 8192
    )
select
    hand_categories.points,
    hand_categories.category,
    coalesce(sum(evaluated.hands), 0) as hands,
    count(distinct evaluated.hand_rank) as distinct_ranks
from hand_categories
left join hand_classes
    on hand_classes.points = hand_categories.points
left join evaluated
    on evaluated.hand_rank = hand_classes.hand_rank
group by hand_categories.points, hand_categories.category;

/* starting_hand_categories: for each of the 169 starting classes and each category,
   how many of the 2,118,760 boards make it the player's best hand by the river,
   and the probability. Every combination of a class has the same counts (suits are
   interchangeable), so one representative of each is dealt every board. All 169
   at once take about a minute; filter on hand_class for a few. */
create view starting_hand_categories as
with
    representatives as (
        select
            hand_class,
            max(card_1 * 64 + card_2) as combination
        from starting_hands
        group by hand_class
    ),
    hole_cards as (
        select
            representatives.hand_class,
            high.rank_code + low.rank_code as rank_key,
            high.suit_code + low.suit_code as suit_counts,
            high.card_bit + low.card_bit as card_mask
        from representatives
        inner join card_codes as high
            on high.card_id = representatives.combination // 64
        inner join card_codes as low
            on low.card_id = representatives.combination % 64
    ),
    seven_cards as (
        select
            hole_cards.hand_class,
            boards.rank_key + hole_cards.rank_key as rank_key,
            boards.suit_counts + hole_cards.suit_counts as suit_counts,
            boards.card_mask + hole_cards.card_mask as card_mask
        from five_card_sets as boards
        cross join hole_cards
        where boards.card_mask & hole_cards.card_mask = 0
    ),
    hand_keys as (
        select
            hand_class,
            rank_key * 8192
            + case
                when suit_counts % 8 >= 5 then card_mask % 8192
                when suit_counts // 8 % 8 >= 5 then (card_mask >> 13) % 8192
                when suit_counts // 64 % 8 >= 5 then (card_mask >> 26) % 8192
                when suit_counts // 512 >= 5 then card_mask >> 39
                else 0
            end as hand_key
        from seven_cards
    ),
    -- Counted side by side, one row per class, so that a filter on hand_class reaches
    -- the representatives (a second reading of them, to add the zero rows, would not).
    counted as (
        select
            hand_keys.hand_class,
            sum(case when suit_reduced_seven.points = 0 then 1 else 0 end) as boards_0,
            sum(case when suit_reduced_seven.points = 1 then 1 else 0 end) as boards_1,
            sum(case when suit_reduced_seven.points = 2 then 1 else 0 end) as boards_2,
            sum(case when suit_reduced_seven.points = 3 then 1 else 0 end) as boards_3,
            sum(case when suit_reduced_seven.points = 4 then 1 else 0 end) as boards_4,
            sum(case when suit_reduced_seven.points = 5 then 1 else 0 end) as boards_5,
            sum(case when suit_reduced_seven.points = 6 then 1 else 0 end) as boards_6,
            sum(case when suit_reduced_seven.points = 7 then 1 else 0 end) as boards_7,
            sum(case when suit_reduced_seven.points = 8 then 1 else 0 end) as boards_8,
            sum(case when suit_reduced_seven.points = 9 then 1 else 0 end) as boards_9
        from hand_keys
        inner join suit_reduced_seven
            on suit_reduced_seven.hand_key = hand_keys.hand_key
        group by hand_keys.hand_class
    ),
    category_boards as (
        select
            counted.hand_class,
            hand_categories.points,
            hand_categories.category,
            case hand_categories.points
        when 0 then counted.boards_0
        when 1 then counted.boards_1
        when 2 then counted.boards_2
        when 3 then counted.boards_3
        when 4 then counted.boards_4
        when 5 then counted.boards_5
        when 6 then counted.boards_6
        when 7 then counted.boards_7
        when 8 then counted.boards_8
        when 9 then counted.boards_9
            end as boards
        from counted
        cross join hand_categories
    )
select
    hand_class,
    points,
    category,
    boards,
    boards / 2118760.0 as probability
from category_boards;
