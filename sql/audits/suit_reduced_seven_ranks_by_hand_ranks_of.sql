/*
  Audit: suit_reduced_seven patterns (012) whose hand_rank differs from the one definition of
  the lookup, hand_ranks_of (011), given the pattern's values (rank_key) and its suited cards'
  values (suited_mask, 0 when no suit holds five). No rows: the table that 0.1.0 built with its
  own copy of the lookup ranks every pattern as every other path does.
*/
with
    patterns as (
        select
            hand_key,
            hand_rank as stored_rank,
            rank_key,
            suited_mask as flush_mask
        from suit_reduced_seven
    )
select
    hand_key,
    stored_rank,
    hand_rank
from hand_ranks_of('patterns')
where hand_rank <> stored_rank;
