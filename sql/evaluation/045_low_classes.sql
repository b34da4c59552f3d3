/*
  The low rankings (docs/games-hilo.md, "Low hands and split pots"): the orders in which the low
  hands of the split-pot and lowball games are compared, built here from card_values (001)
  and nothing else, one row per class, low_rank 1 the best low.

  low_rankings: one row per low ranking (4 rows):
    ranking         eight-or-better, ace-to-five, deuce-to-seven, badugi;
    ace_value       the value the ace plays as: 1 (low, below the 2) or 14 (high: 2-7);
    highest_value   the highest value a low may hold: 8 (eight or better), else 14 (any);
    flushes_count   1: a straight or a flush counts against the hand (2-7); 0: they do not;
    pairs_play      1: a hand with a pair has a low (a poor one); 0: it has none (eight or better);
    cards           the cards a low holds: 5, or 4 for badugi (its best set may hold fewer).

  low_classes: one row per ranking and class (eight-or-better 56, ace-to-five 6,175,
    deuce-to-seven 7,462, badugi 1,092), keyed by (ranking, rank_key, is_flush) as
    hand_classes (006) is: rank_key the sum of the values' rank_code (001), is_flush 1 for a
    five of one suit (only where flushes count). low_rank numbers the classes of a ranking
    from 1, the best low; cards is how many cards the class holds, high_card its highest
    card as it plays (the ace 1 or 14): "an 8 low" is a high_card of 8.

  The order, the weakest high hand is the best low:
    - five values (ace-to-five, eight-or-better, deuce-to-seven): first by category, then by
      the values grouped by how often they come (the pair before its kickers), each group
      from the highest value down; the lower wins. The categories, from the best low: no
      pair, one pair, two pair, three of a kind, a full house, four of a kind: the sum of the
      squares of the counts of each value (5, 7, 9, 11, 13, 17) orders them. Where straights
      and flushes count (2-7: the ace high only, so A-2-3-4-5 is no straight), a straight
      comes after three of a kind, a flush after the straight, and a straight flush last.
    - eight-or-better: the ace-to-five classes of five distinct values, none above 8, in
      ace-to-five's order.
    - badugi: one to four cards of distinct values (and suits); more cards win; then from
      the highest card down, the lower wins; the ace low.
*/

create table low_rankings (
    ranking varchar primary key,
    ace_value integer not null,
    highest_value integer not null,
    flushes_count integer not null,
    pairs_play integer not null,
    cards integer not null
);

insert into low_rankings (ranking, ace_value, highest_value, flushes_count, pairs_play, cards)
values
    ('eight-or-better', 1, 8, 0, 0, 5),
    ('ace-to-five', 1, 14, 0, 1, 5),
    ('deuce-to-seven', 14, 14, 1, 1, 5),
    ('badugi', 1, 14, 0, 0, 4);

create table low_classes (
    ranking varchar not null,
    low_rank integer not null,
    rank_key bigint not null,
    is_flush integer not null,
    cards integer not null,
    high_card integer not null,
    primary key (ranking, rank_key, is_flush)
);

insert into low_classes (ranking, low_rank, rank_key, is_flush, cards, high_card)
with
    -- Each value as each ranking plays it (the ace 1 or 14).
    played_values as (
        select
            low_rankings.ranking,
            low_rankings.cards,
            low_rankings.flushes_count,
            low_rankings.pairs_play,
            card_values.value,
            card_values.rank_code,
            case when card_values.value = 14 then low_rankings.ace_value else card_values.value end as played
        from low_rankings
        cross join card_values
        where (case when card_values.value = 14 then low_rankings.ace_value else card_values.value end)
            <= low_rankings.highest_value
    ),
    -- The hands of five: multisets of five values, each value at most four times (no value
    -- five times: v_1 above v_5), v_1 >= v_2 >= ... >= v_5 in the played order.
    five_values as (
        select
            card_1.ranking,
            card_1.flushes_count,
            card_1.rank_code + card_2.rank_code + card_3.rank_code + card_4.rank_code + card_5.rank_code as rank_key,
            card_1.played as v_1,
            card_2.played as v_2,
            card_3.played as v_3,
            card_4.played as v_4,
            card_5.played as v_5
        from played_values as card_1
        inner join played_values as card_2
            on card_2.ranking = card_1.ranking and card_2.played <= card_1.played
        inner join played_values as card_3
            on card_3.ranking = card_1.ranking and card_3.played <= card_2.played
        inner join played_values as card_4
            on card_4.ranking = card_1.ranking and card_4.played <= card_3.played
        inner join played_values as card_5
            on card_5.ranking = card_1.ranking and card_5.played <= card_4.played
        where card_1.cards = 5
            and card_5.played < card_1.played
            and (card_1.pairs_play = 1 or (
                card_1.played > card_2.played and card_2.played > card_3.played
                and card_3.played > card_4.played and card_4.played > card_5.played
            ))
    ),
    -- Each hand's five cards, one row each.
    five_cards as (
        select ranking, rank_key, v_1 as played from five_values
        union all select ranking, rank_key, v_2 from five_values
        union all select ranking, rank_key, v_3 from five_values
        union all select ranking, rank_key, v_4 from five_values
        union all select ranking, rank_key, v_5 from five_values
    ),
    -- How often each value comes in the hand.
    value_counts as (
        select ranking, rank_key, played, count(*) as how_many
        from five_cards
        group by ranking, rank_key, played
    ),
    -- The cards in the order they are compared: the bigger groups first, then the higher value.
    compared as (
        select
            five_cards.ranking,
            five_cards.rank_key,
            five_cards.played,
            value_counts.how_many,
            row_number() over (
                partition by five_cards.ranking, five_cards.rank_key
                order by value_counts.how_many desc, five_cards.played desc
            ) as position
        from five_cards
        inner join value_counts
            on value_counts.ranking = five_cards.ranking
            and value_counts.rank_key = five_cards.rank_key
            and value_counts.played = five_cards.played
    ),
    shapes as (
        select
            compared.ranking,
            compared.rank_key,
            sum(compared.how_many) as squares,
            max(case when compared.position = 1 then compared.played end) as k_1,
            max(case when compared.position = 2 then compared.played end) as k_2,
            max(case when compared.position = 3 then compared.played end) as k_3,
            max(case when compared.position = 4 then compared.played end) as k_4,
            max(case when compared.position = 5 then compared.played end) as k_5
        from compared
        group by compared.ranking, compared.rank_key
    ),
    -- Each class of five: its category's place among the low's categories (1 the best), the
    -- flushes as classes of their own where flushes count.
    five_classes as (
        select
            shapes.ranking,
            shapes.rank_key,
            flushes.is_flush,
            case
                when shapes.squares = 5 and shapes.k_1 - shapes.k_5 = 4 and low_rankings.flushes_count = 1
                    then case when flushes.is_flush = 1 then 9 else 5 end
                when shapes.squares = 5 then case when flushes.is_flush = 1 then 6 else 1 end
                when shapes.squares = 7 then 2
                when shapes.squares = 9 then 3
                when shapes.squares = 11 then 4
                when shapes.squares = 13 then 7
                else 8
            end as category_order,
            shapes.k_1,
            shapes.k_2,
            shapes.k_3,
            shapes.k_4,
            shapes.k_5
        from shapes
        inner join low_rankings
            on low_rankings.ranking = shapes.ranking
        inner join (select 0 as is_flush union all select 1) as flushes
            on flushes.is_flush <= low_rankings.flushes_count
        where flushes.is_flush = 0 or shapes.squares = 5
    ),
    -- Badugi: one to four distinct values (ace low), v_1 the highest; 0 where a card is not.
    no_card as (
        select 0 as played, 0 as rank_code
    ),
    badugi_values as (
        select played, rank_code from played_values where ranking = 'badugi'
        union all
        select played, rank_code from no_card
    ),
    badugi_classes as (
        select
            card_1.rank_code + card_2.rank_code + card_3.rank_code + card_4.rank_code as rank_key,
            case when card_2.played = 0 then 1 when card_3.played = 0 then 2 when card_4.played = 0 then 3 else 4 end as cards,
            card_1.played as k_1,
            card_2.played as k_2,
            card_3.played as k_3,
            card_4.played as k_4
        from badugi_values as card_1
        inner join badugi_values as card_2
            on card_2.played < card_1.played or card_2.played = 0
        inner join badugi_values as card_3
            on card_3.played < card_2.played or card_3.played = 0
        inner join badugi_values as card_4
            on card_4.played < card_3.played or card_4.played = 0
        where card_1.played > 0
    )
select
    ranking,
    row_number() over (
        partition by ranking
        order by category_order, k_1, k_2, k_3, k_4, k_5
    ) as low_rank,
    rank_key,
    is_flush,
    5 as cards,
    k_1 as high_card
from five_classes
union all
select
    'badugi' as ranking,
    row_number() over (order by cards desc, k_1, k_2, k_3, k_4) as low_rank,
    rank_key,
    0 as is_flush,
    cards,
    k_1 as high_card
from badugi_classes;
