/*
  hand_rank_lookup (DuckDB only, for the macros of 025): one row, one list of 175,717
  integers, so that a hand is ranked by indexing a list rather than by a join per query.
  Its four parts, one after the other (list positions from 1):
    1 .. 73,775                 best_by_values' hand_rank, by value slot;
    73,776 .. 81,967            best_by_flush's hand_rank at value_mask + 1 (null where
                                no flush has that mask);
    81,968 .. 160,092           the value slot's low part of rank_key % 5 ^ 7 (values 2-8),
                                null where those values hold more than 7 cards;
    160,093 .. 175,717          the value slot's base of rank_key // 5 ^ 7 (values 9-A).
  A rank_key's value slot is base + low: the lows are numbered by their count of cards, then
  by value, so that the lows a high can take (5 to 7 cards in all, each value at most 4) are
  one run, and each high's run follows the one before: the 73,775 rank_keys of best_by_values
  take the slots 0 .. 73,774, none twice (tests/test_hand_rank_speed.py checks it).
*/

create table hand_rank_lookup (
    lookup integer[] not null
);

insert into hand_rank_lookup
with
    low_digits as (
        select
            low,
            low % 5 + low // 5 % 5 + low // 25 % 5 + low // 125 % 5 + low // 625 % 5
                + low // 3125 % 5 + low // 15625 % 5 as card_count
        from range(78125) as t(low)
    ),
    low_slots as (
        select
            low,
            card_count,
            row_number() over (order by card_count, low) - 1 as slot
        from low_digits
        where card_count <= 7
    ),
    low_runs as (
        select
            card_count,
            min(slot) as first_slot,
            max(slot) + 1 as end_slot
        from low_slots
        group by card_count
    ),
    high_digits as (
        select
            high,
            high % 5 + high // 5 % 5 + high // 25 % 5 + high // 125 % 5 + high // 625 % 5
                + high // 3125 % 5 as card_count
        from range(15625) as t(high)
    ),
    high_runs as (
        select
            high_digits.high,
            first_low.first_slot,
            last_low.end_slot - first_low.first_slot as slots
        from high_digits
        inner join low_runs as first_low
            on first_low.card_count = greatest(5 - high_digits.card_count, 0)
        inner join low_runs as last_low
            on last_low.card_count = 7 - high_digits.card_count
        where high_digits.card_count <= 7
    ),
    high_bases as (
        select
            high,
            coalesce(sum(slots) over (order by high rows between unbounded preceding and 1 preceding), 0)
                - first_slot as base
        from high_runs
    ),
    parts as (
        select
            0 as part,
            high_bases.base + low_slots.slot as position,
            by_values.hand_rank as item
        from best_by_values as by_values
        inner join high_bases
            on high_bases.high = by_values.rank_key // 78125
        inner join low_slots
            on low_slots.low = by_values.rank_key % 78125
        union all
        select
            1,
            masks.value_mask,
            by_flush.hand_rank
        from range(8192) as masks(value_mask)
        left join best_by_flush as by_flush
            on by_flush.value_mask = masks.value_mask
        union all
        select
            2,
            lows.low,
            low_slots.slot
        from range(78125) as lows(low)
        left join low_slots
            on low_slots.low = lows.low
        union all
        select
            3,
            highs.high,
            high_bases.base
        from range(15625) as highs(high)
        left join high_bases
            on high_bases.high = highs.high
    )
select list(cast(parts.item as integer) order by parts.part, parts.position)
from parts;
