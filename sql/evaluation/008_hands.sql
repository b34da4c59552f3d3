/*
  hands: every five-card hand, one row per hand (2,598,960 rows).

  c1 < c2 < c3 < c4 < c5 are the card ids, cards the canonical text in the same
  order. The rows are in no particular order (sorting 2.6 million rows would
  double the build): order by c1, c2, c3, c4, c5 when order matters. A hand is its two lowest cards (one of 1,326 pairs) followed by three
  higher cards (one of 22,100 triples); both halves carry their text, their
  part of the values key and their suit when all of their cards share one,
  so each of the 2.6 million rows is put together with a few additions.

  Each hand is evaluated by its key (the sum of its cards' rank_code and
  whether its five suits are one) joined to hand_classes: the classes the 005
  pipeline evaluated, so this table and a dealt hand share one definition of poker.
*/

create table hands (
    c1 integer not null,
    c2 integer not null,
    c3 integer not null,
    c4 integer not null,
    c5 integer not null,
    cards varchar not null,
    points integer not null,
    category varchar not null,
    hand_rank integer not null
);

insert into hands
with
    low_pairs as (
        select
            card_1.card_id as c1,
            card_2.card_id as c2,
            card_1.name || ' ' || card_2.name as cards,
            card_1.rank_code + card_2.rank_code as rank_key,
            case
                when card_1.suit_index = card_2.suit_index then card_1.suit_index
                else -1
            end as flush_suit
        from cards as card_1
        inner join cards as card_2
            on card_2.card_id > card_1.card_id
    ),
    high_triples as (
        select
            card_3.card_id as c3,
            card_4.card_id as c4,
            card_5.card_id as c5,
            card_3.name || ' ' || card_4.name || ' ' || card_5.name as cards,
            card_3.rank_code + card_4.rank_code + card_5.rank_code as rank_key,
            case
                when card_3.suit_index = card_4.suit_index
                    and card_4.suit_index = card_5.suit_index
                    then card_3.suit_index
                else -2
            end as flush_suit
        from cards as card_3
        inner join cards as card_4
            on card_4.card_id > card_3.card_id
        inner join cards as card_5
            on card_5.card_id > card_4.card_id
    ),
    five_cards as (
        select
            low_pairs.c1,
            low_pairs.c2,
            high_triples.c3,
            high_triples.c4,
            high_triples.c5,
            low_pairs.cards || ' ' || high_triples.cards as cards,
            low_pairs.rank_key + high_triples.rank_key as rank_key,
            case when low_pairs.flush_suit = high_triples.flush_suit then 1 else 0 end as is_flush
        from low_pairs
        inner join high_triples
            on high_triples.c3 > low_pairs.c2
    )
select
    five_cards.c1,
    five_cards.c2,
    five_cards.c3,
    five_cards.c4,
    five_cards.c5,
    five_cards.cards,
    hand_classes.points,
    hand_classes.category,
    hand_classes.hand_rank
from five_cards
inner join hand_classes
    on hand_classes.rank_key = five_cards.rank_key
    and hand_classes.is_flush = five_cards.is_flush;
