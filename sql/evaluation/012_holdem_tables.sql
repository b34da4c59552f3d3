/*
  Texas Hold'em tables: starting hands and the suit-reduced hands.

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
    That lookup is written here as 0.1.0 released it (a versioned file's SQL never
    changes); the audit suit_reduced_seven_ranks_by_hand_ranks_of checks every row
    against the one definition, hand_ranks_of (011).
    Every seven-card hand's hand_key is (flush_suits, 001):
      rank_key * 8192 + ((card_mask >> flush_shift) & flush_bits).
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
