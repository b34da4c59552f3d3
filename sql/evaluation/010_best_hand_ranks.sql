/*
  Six and seven cards: the best five, by lookup.

  value_additions: what one more card or two add to a hand's values (105 rows):
    nothing, one value (13 rows) or two (91 rows, a value twice among them).
    rank_key   the sum of their rank_code;
    value_mask their value bits;
    first_code, second_code  the rank_code of each value added (both the same
               when one value is added; 1 and 1, harmless, when none is);
    distinct_values  1 when no value is added twice (what a suit can hold).

  best_by_values: one row per multiset of 5, 6 or 7 values, no value more than
    four times (73,775 rows): the best hand_rank any five of them make by their
    values alone (pairs, straights, ...), as if no five shared a suit.
  best_by_flush: one row per set of 5, 6 or 7 distinct values of one suit
    (4,719 rows), keyed by its 13-bit value_mask: the best flush or straight
    flush among them.

  A hand's hand_rank is the better (smaller) of its values' row and, when one
  suit holds five or more of its cards (flush_suits, 001), that suit's row.

  Both are built from the five-card classes of hand_classes (006): six or seven
  values are five of them plus one or two more, and every five of the six or
  seven are the whole less one or two, so the best five of a key is the best
  of the five-card classes it grows from. A value may be added while the key
  holds it at most four times in all; a suit's value only while it holds none.
*/

create table value_additions (
    added_cards integer not null,
    rank_key bigint not null,
    value_mask integer not null,
    first_code bigint not null,
    second_code bigint not null,
    distinct_values integer not null,
    primary key (added_cards, rank_key)
);

insert into value_additions
select
    0 as added_cards,
    0 as rank_key,
    0 as value_mask,
    1 as first_code,
    1 as second_code,
    1 as distinct_values
union all
select
    1,
    rank_code,
    value_bit,
    rank_code,
    rank_code,
    1
from card_values
union all
select
    2,
    first_value.rank_code + second_value.rank_code,
    first_value.value_bit | second_value.value_bit,
    first_value.rank_code,
    second_value.rank_code,
    case when first_value.value < second_value.value then 1 else 0 end
from card_values as first_value
inner join card_values as second_value
    on second_value.value >= first_value.value;

create table best_by_values (
    card_count integer not null,
    rank_key bigint primary key,
    hand_rank integer not null
);

create table best_by_flush (
    card_count integer not null,
    value_mask integer primary key,
    hand_rank integer not null
);

insert into best_by_values (card_count, rank_key, hand_rank)
select
    5 + additions.added_cards as card_count,
    classes.rank_key + additions.rank_key as rank_key,
    min(classes.hand_rank) as hand_rank
from hand_classes as classes
cross join value_additions as additions
where classes.is_flush = 0
    -- at most four cards of each value added: the key's digit plus the added one
    and classes.rank_key // additions.first_code % 5
        + additions.rank_key // additions.first_code % 5 <= 4
    and classes.rank_key // additions.second_code % 5
        + additions.rank_key // additions.second_code % 5 <= 4
group by 5 + additions.added_cards, classes.rank_key + additions.rank_key;

insert into best_by_flush (card_count, value_mask, hand_rank)
with
    -- A flush class's five values: the digits of its rank_key that are 1.
    flush_classes as (
        select
            hand_classes.hand_rank,
            sum(card_values.value_bit) as value_mask
        from hand_classes
        inner join card_values
            on hand_classes.rank_key // card_values.rank_code % 5 = 1
        where hand_classes.is_flush = 1
        group by hand_classes.hand_rank
    )
select
    5 + additions.added_cards as card_count,
    flush_classes.value_mask + additions.value_mask as value_mask,
    min(flush_classes.hand_rank) as hand_rank
from flush_classes
cross join value_additions as additions
where additions.distinct_values = 1
    and flush_classes.value_mask & additions.value_mask = 0
group by 5 + additions.added_cards, flush_classes.value_mask + additions.value_mask;
