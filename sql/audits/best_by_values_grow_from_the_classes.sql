/*
  Audit: best_by_values and best_by_flush (010) against their five-card rows and
  their sizes: each five-card key is its hand_classes class, and there are
  6,175 + 18,395 + 49,205 value multisets of 5, 6 and 7 cards (no value more than
  four times) and 1,287 + 1,716 + 1,716 sets of 5, 6 and 7 values of one suit.
*/
with
    sizes (table_name, card_count, expected_rows) as (
        values
            ('best_by_values', 5, 6175),
            ('best_by_values', 6, 18395),
            ('best_by_values', 7, 49205),
            ('best_by_flush', 5, 1287),
            ('best_by_flush', 6, 1716),
            ('best_by_flush', 7, 1716)
    ),
    found as (
        select 'best_by_values' as table_name, card_count, count(*) as found_rows
        from best_by_values
        group by card_count
        union all
        select 'best_by_flush', card_count, count(*)
        from best_by_flush
        group by card_count
    )
select sizes.table_name, sizes.card_count, sizes.expected_rows, found.found_rows
from sizes
left join found
    on found.table_name = sizes.table_name and found.card_count = sizes.card_count
where found.found_rows is null
    or found.found_rows <> sizes.expected_rows
union all
select 'best_by_values', 5, best_by_values.hand_rank, hand_classes.hand_rank
from best_by_values
left join hand_classes
    on hand_classes.rank_key = best_by_values.rank_key and hand_classes.is_flush = 0
where best_by_values.card_count = 5
    and (hand_classes.hand_rank is null or hand_classes.hand_rank <> best_by_values.hand_rank);
