/*
  Six and seven cards: the best five, by lookup.

  card_codes: one row per card (52 rows), what a hand of any size is summed into:
    rank_code  (V001) 5 ^ (value - 2): the hand's values, in base 5;
    suit_code  8 ^ suit_index: how many cards of each suit, in base 8;
    card_bit   2 ^ (13 * suit_index + value - 2): the cards as a 52-bit set,
               13 bits a suit, so the values of one suit are a 13-bit number.

  best_by_values: one row per multiset of 5, 6 or 7 values, no value more than
    four times (73,775 rows): the best hand_rank any five of them make by their
    values alone (pairs, straights, ...), as if no five shared a suit.
  best_by_flush: one row per set of 5, 6 or 7 distinct values of one suit
    (4,719 rows), keyed by its 13-bit value_mask: the best flush or straight
    flush among them.

  A hand's hand_rank is the better (smaller) of its values' row and, when one
  suit holds five or more of its cards, that suit's row.

  Both are built one card at a time: a 6-card key is a 5-card key plus one value
  (at most four of a value; for a flush, a value not already there), and its
  best five are the best of the 5-card keys it came from, since every five of
  six cards are the six less one card. Seven cards are built from six the same way.
*/

create view card_codes as
select
    card_id,
    value,
    suit_index,
    rank_code,
    case suit_index when 0 then 1 when 1 then 8 when 2 then 64 else 512 end as suit_code,
    cast(1 as bigint) << (13 * suit_index + value - 2) as card_bit,
    cast(1 as bigint) << (value - 2) as value_bit
from cards;

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
    5,
    rank_key,
    hand_rank
from hand_classes
where is_flush = 0;

-- The five values of a flush class are its kickers; in a wheel the ace (kicker 1) is bit 12.
insert into best_by_flush (card_count, value_mask, hand_rank)
select
    5,
    (cast(1 as bigint) << (case when kicker_1 = 1 then 14 else kicker_1 end - 2))
        + (cast(1 as bigint) << (case when kicker_2 = 1 then 14 else kicker_2 end - 2))
        + (cast(1 as bigint) << (case when kicker_3 = 1 then 14 else kicker_3 end - 2))
        + (cast(1 as bigint) << (case when kicker_4 = 1 then 14 else kicker_4 end - 2))
        + (cast(1 as bigint) << (case when kicker_5 = 1 then 14 else kicker_5 end - 2)),
    hand_rank
from hand_classes
where is_flush = 1;

insert into best_by_values (card_count, rank_key, hand_rank)
with
    card_values as (
        select distinct
            rank_code
        from cards
    )
select
    6 as card_count,
    fewer.rank_key + card_values.rank_code as rank_key,
    min(fewer.hand_rank) as hand_rank
from best_by_values as fewer
cross join card_values
where fewer.card_count = 5
    and fewer.rank_key // card_values.rank_code % 5 < 4
group by fewer.rank_key + card_values.rank_code;

insert into best_by_values (card_count, rank_key, hand_rank)
with
    card_values as (
        select distinct
            rank_code
        from cards
    )
select
    7 as card_count,
    fewer.rank_key + card_values.rank_code as rank_key,
    min(fewer.hand_rank) as hand_rank
from best_by_values as fewer
cross join card_values
where fewer.card_count = 6
    and fewer.rank_key // card_values.rank_code % 5 < 4
group by fewer.rank_key + card_values.rank_code;

insert into best_by_flush (card_count, value_mask, hand_rank)
with
    card_values as (
        select distinct
            value_bit
        from card_codes
    )
select
    6 as card_count,
    fewer.value_mask + card_values.value_bit as value_mask,
    min(fewer.hand_rank) as hand_rank
from best_by_flush as fewer
cross join card_values
where fewer.card_count = 5
    and fewer.value_mask & card_values.value_bit = 0
group by fewer.value_mask + card_values.value_bit;

insert into best_by_flush (card_count, value_mask, hand_rank)
with
    card_values as (
        select distinct
            value_bit
        from card_codes
    )
select
    7 as card_count,
    fewer.value_mask + card_values.value_bit as value_mask,
    min(fewer.hand_rank) as hand_rank
from best_by_flush as fewer
cross join card_values
where fewer.card_count = 6
    and fewer.value_mask & card_values.value_bit = 0
group by fewer.value_mask + card_values.value_bit;
