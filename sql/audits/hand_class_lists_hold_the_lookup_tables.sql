/*
  Audit (DuckDB): places where hand_class_lists (026), the lookup tables laid out as lists,
  says other than the tables: a row of best_by_values, best_by_flush, flush_suits or
  hand_classes that its list does not give back at the row's place, or a list holding more
  ranks than its table has rows (a slot that no row fills, filled). No rows: every lookup of
  the macros (027) reads what the joins would.
*/
with
    lists as (
        select * from hand_class_lists
    ),
    value_lookups as (
        select
            best_by_values.rank_key,
            best_by_values.hand_rank as expected,
            lists.value_ranks[
                lists.high_bases[best_by_values.rank_key // 78125 + 1]
                + lists.low_numbers[best_by_values.rank_key % 78125 + 1]
                + 1
            ] as found
        from best_by_values
        cross join lists
    ),
    held as (
        select
            (select count(*) from best_by_values) + (select count(*) from best_by_flush)
                + (select count(*) from hand_classes) as expected,
            (
                select coalesce(sum(
                    len(list_filter(value_ranks, lambda r: r is not null))
                    + len(list_filter(flush_ranks, lambda r: r is not null))
                    + len(classes)
                ), 0)
                from hand_class_lists
            ) as found,
            (select count(*) from hand_class_lists) as list_rows
    )
select
    'best_by_values' as lookup,
    rank_key as lookup_key,
    expected,
    found
from value_lookups
where found is distinct from expected
union all
select
    'best_by_flush',
    best_by_flush.value_mask,
    best_by_flush.hand_rank,
    lists.flush_ranks[best_by_flush.value_mask + 1]
from best_by_flush
cross join lists
where lists.flush_ranks[best_by_flush.value_mask + 1] is distinct from best_by_flush.hand_rank
union all
select
    'flush_suits',
    flush_suits.suit_counts,
    flush_suits.flush_shift * 8192 + flush_suits.flush_bits,
    lists.flush_shifts[flush_suits.suit_counts + 1] * 8192 + lists.flush_bits[flush_suits.suit_counts + 1]
from flush_suits
cross join lists
where lists.flush_shifts[flush_suits.suit_counts + 1] is distinct from flush_suits.flush_shift
    or lists.flush_bits[flush_suits.suit_counts + 1] is distinct from flush_suits.flush_bits
union all
select
    'hand_classes',
    hand_classes.hand_rank,
    hand_classes.rank_key,
    lists.classes[hand_classes.hand_rank].rank_key
from hand_classes
cross join lists
where lists.classes[hand_classes.hand_rank] is distinct from struct_pack(
    hand_rank := hand_classes.hand_rank,
    points := hand_classes.points,
    category := hand_classes.category,
    rank_key := hand_classes.rank_key,
    is_flush := hand_classes.is_flush,
    kicker_1 := hand_classes.kicker_1
)
union all
select
    'ranks held, in lists: ' || list_rows,
    null,
    expected,
    found
from held
where found <> expected
    or list_rows <> 1;
