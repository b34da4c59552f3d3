/*
  The lookup tables of a hand's class, laid out as lists read by position: what the DuckDB
  macros (027) read, so that a macro finds a hand's class with list indexing, not a join.

  A scalar macro that joins (a subquery on the hand's card sums, as the macros did before)
  is run by DuckDB as a join on every distinct value of the column it is given: it
  materializes the column, groups it and joins the classes back (a "delim join"), about 60 %
  of hand_rank's time. A list read from this one-row table by an uncorrelated subquery is a
  constant of the query, and indexing it costs next to nothing: hand_rank over 2,000,000
  hands from Parquet took 2.2 s instead of 5.4 s side by side, over 10,000,000 7.4 to 9.4 s
  instead of 22.5 s, hand_rank with hand_category 9.2 to 11.4 s instead of 52.9 s
  (bench/own_hands_sql.py, 2026-11-25, load about 1). The price is paid once a query: the
  lists are read, about 25 ms, where one hand took 7 ms before and takes 28 ms now.

  One row, built from the lookup tables and nothing else (it is built again when they are):
    classes       hand_classes (006) by hand_rank: classes[hand_rank] is the class's row, as
                  a struct (hand_rank, points, category, rank_key, is_flush, kicker_1);
    flush_shifts, flush_bits
                  flush_suits (001) by suit_counts: flush_shifts[suit_counts + 1] and
                  flush_bits[suit_counts + 1];
    flush_ranks   best_by_flush (010) by value_mask: flush_ranks[value_mask + 1], null where
                  no five values of one suit make the mask;
    value_ranks, high_bases, low_numbers
                  best_by_values (010) by rank_key. A rank_key (the sum of 5 ^ (value - 2) over
                  the cards, 001) runs to 5 ^ 13, too far for a list; its base-5 digits are the
                  count of each value. The seven low values' digits (rank_key % 5 ^ 7) and the
                  six high values' (rank_key // 5 ^ 7) are numbered apart:
                    low_numbers[low + 1]   numbers each low part holding at most 7 cards, by
                                           its card count and then its key (so the lows of
                                           at most k cards are the first ones);
                    high_bases[high + 1]   where a high part's lows start in value_ranks: the
                                           high parts before it, each with room for the lows
                                           that complete it to at most 7 cards;
                    value_ranks[high_bases[high + 1] + low_numbers[low + 1] + 1]
                                           best_by_values' hand_rank of that rank_key (null
                                           where a slot holds fewer than 5 cards).
                  76,155 slots for 73,775 rows.
*/

create table hand_class_lists (
    classes struct(hand_rank integer, points integer, category varchar, rank_key bigint, is_flush integer, kicker_1 integer)[] not null,
    flush_shifts integer[] not null,
    flush_bits integer[] not null,
    flush_ranks integer[] not null,
    value_ranks integer[] not null,
    high_bases bigint[] not null,
    low_numbers bigint[] not null
);

insert into hand_class_lists
with
    parts as (
        -- every part of a rank_key, low or high, and its cards (the sum of its base-5 digits):
        -- a high part is one of the first 5 ^ 6, whose seventh digit is 0
        select
            part,
            (part // 1) % 5 + (part // 5) % 5 + (part // 25) % 5 + (part // 125) % 5
                + (part // 625) % 5 + (part // 3125) % 5 + (part // 15625) % 5 as card_count
        from range(78125) as every_part (part)
    ),
    low_numbers as (
        select
            part as low,
            card_count,
            row_number() over (order by card_count, part) - 1 as low_number
        from parts
        where card_count <= 7
    ),
    lows_up_to as (
        -- how many low parts hold at most most_cards cards: the room a high part leaves
        select
            most_cards,
            (select count(*) from low_numbers where low_numbers.card_count <= most_cards) as low_count
        from range(8) as counts (most_cards)
    ),
    high_bases as (
        select
            parts.part as high,
            cast(sum(lows_up_to.low_count) over (order by parts.part) - lows_up_to.low_count as bigint) as high_base
        from parts
        inner join lows_up_to
            on lows_up_to.most_cards = 7 - parts.card_count
        where parts.part < 15625
            and parts.card_count <= 7
    ),
    value_slots as (
        select
            high_bases.high_base + low_numbers.low_number as slot,
            best_by_values.hand_rank
        from best_by_values
        inner join high_bases
            on high_bases.high = best_by_values.rank_key // 78125
        inner join low_numbers
            on low_numbers.low = best_by_values.rank_key % 78125
    )
select
    classes.classes,
    suits.flush_shifts,
    suits.flush_bits,
    flushes.flush_ranks,
    values_by_slot.value_ranks,
    by_part.high_bases,
    by_part.low_numbers
from (
    select
        list(struct_pack(
            hand_rank := hand_rank,
            points := points,
            category := category,
            rank_key := rank_key,
            is_flush := is_flush,
            kicker_1 := kicker_1
        ) order by hand_rank) as classes
    from hand_classes
) as classes
cross join (
    select
        list(flush_suits.flush_shift order by every_count.suit_counts) as flush_shifts,
        list(flush_suits.flush_bits order by every_count.suit_counts) as flush_bits
    from range(4096) as every_count (suit_counts)
    left join flush_suits
        on flush_suits.suit_counts = every_count.suit_counts
) as suits
cross join (
    select list(best_by_flush.hand_rank order by every_mask.value_mask) as flush_ranks
    from range(8192) as every_mask (value_mask)
    left join best_by_flush
        on best_by_flush.value_mask = every_mask.value_mask
) as flushes
cross join (
    select list(value_slots.hand_rank order by every_slot.slot) as value_ranks
    from range((select cast(max(slot) + 1 as bigint) from value_slots)) as every_slot (slot)
    left join value_slots
        on value_slots.slot = every_slot.slot
) as values_by_slot
cross join (
    select
        list(high_bases.high_base order by parts.part) filter (where parts.part < 15625) as high_bases,
        list(low_numbers.low_number order by parts.part) as low_numbers
    from parts
    left join high_bases
        on high_bases.high = parts.part
    left join low_numbers
        on low_numbers.low = parts.part
) as by_part;
