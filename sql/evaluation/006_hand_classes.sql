/*
  hand_classes: one row per equivalence class of five-card hands (7,462 rows),
  hands that beat, lose to and tie with exactly the same hands.

  A five-card hand's strength depends only on its five values (a multiset,
  no value more than four times: 6,175 of them) and on whether it is a flush
  (possible for the 1,287 sets of five distinct values). 6,175 + 1,287 = 7,462.

  Each class is evaluated once, by the pipeline of 005, on one representative
  hand: the values in descending order dealt suits c, d, h, s, c (never a
  flush, never a card twice), or all in spades for the flushes. hand_rank
  numbers the classes from the best, 1 = royal flush, to 7,462 = 7-5-4-3-2
  offsuit: the order of points, then the kickers, as the article ranked
  players. Any hand is then evaluated by its (rank_key, is_flush), the key
  this table is joined on.
*/

create table hand_classes (
    rank_key bigint not null,
    is_flush integer not null,
    points integer not null,
    category varchar not null,
    kicker_1 integer not null,
    kicker_2 integer not null,
    kicker_3 integer not null,
    kicker_4 integer not null,
    kicker_5 integer not null,
    hand_rank integer not null unique,
    primary key (rank_key, is_flush)
);

insert into hand_input (hand_no, card_id)
with
    value_multisets as (
        select
            v1.value as value_1,
            v2.value as value_2,
            v3.value as value_3,
            v4.value as value_4,
            v5.value as value_5
        from card_values as v1
        inner join card_values as v2
            on v2.value <= v1.value
        inner join card_values as v3
            on v3.value <= v2.value
        inner join card_values as v4
            on v4.value <= v3.value
        inner join card_values as v5
            on v5.value <= v4.value
        where v1.value > v5.value
    ),
    representatives as (
        select
            row_number() over (
                order by is_flush, value_1, value_2, value_3, value_4, value_5
            ) as hand_no,
            is_flush,
            value_1,
            value_2,
            value_3,
            value_4,
            value_5
        from (
            select 0 as is_flush, value_1, value_2, value_3, value_4, value_5
            from value_multisets
            union all
            select 1 as is_flush, value_1, value_2, value_3, value_4, value_5
            from value_multisets
            where value_1 > value_2
                and value_2 > value_3
                and value_3 > value_4
                and value_4 > value_5
        ) as classes
    ),
    -- card_id = (value - 2) * 4 + suit_index: suits 0 1 2 3 0 in turn, or 3 (spades) for a flush.
    representative_cards as (
        select hand_no, (value_1 - 2) * 4 + case when is_flush = 1 then 3 else 0 end as card_id
        from representatives
        union all
        select hand_no, (value_2 - 2) * 4 + case when is_flush = 1 then 3 else 1 end
        from representatives
        union all
        select hand_no, (value_3 - 2) * 4 + case when is_flush = 1 then 3 else 2 end
        from representatives
        union all
        select hand_no, (value_4 - 2) * 4 + 3
        from representatives
        union all
        select hand_no, (value_5 - 2) * 4 + case when is_flush = 1 then 3 else 0 end
        from representatives
    )
select
    hand_no,
    card_id
from representative_cards;

insert into hand_classes
select
    rank_key,
    is_flush,
    points,
    category,
    kicker_1,
    kicker_2,
    kicker_3,
    kicker_4,
    kicker_5,
    row_number() over (
        order by points desc, kicker_1 desc, kicker_2 desc, kicker_3 desc, kicker_4 desc,
            kicker_5 desc
    ) as hand_rank
from hand_points
where deal_no = 0;

delete from hand_input;
