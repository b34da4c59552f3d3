/*
  The deck and the hand categories.

  cards: one row per playing card (52 rows).
    card_id   = (value - 2) * 4 + suit_index, suits in the order c d h s,
                so 0 = 2c, 3 = 2s, 51 = As (the numbering phevaluator uses).
    value     = 2..14, the ace is 14 (it plays as 1 only in the wheel A-2-3-4-5).
    name      = canonical text, 'As', 'Td'; pretty = the 2010 article's style, 'A♠', '10♦'.
    rank_code = 5 ^ (value - 2): summed over a hand's cards it writes, in base 5,
                how many cards of each value the hand holds. That sum identifies the
                hand's values as a multiset, a key later stages join on.

  hand_categories: one row per category (10 rows), the article's HandPoints 0..9.
*/

create table cards (
    card_id integer primary key,
    value integer not null,
    rank_char varchar not null,
    suit_char varchar not null,
    suit_index integer not null,
    name varchar not null unique,
    pretty varchar not null,
    rank_code bigint not null
);

insert into cards
with
    ranks (value, rank_char, pretty_rank, rank_code) as (
        values
            (2, '2', '2', 1),
            (3, '3', '3', 5),
            (4, '4', '4', 25),
            (5, '5', '5', 125),
            (6, '6', '6', 625),
            (7, '7', '7', 3125),
            (8, '8', '8', 15625),
            (9, '9', '9', 78125),
            (10, 'T', '10', 390625),
            (11, 'J', 'J', 1953125),
            (12, 'Q', 'Q', 9765625),
            (13, 'K', 'K', 48828125),
            (14, 'A', 'A', 244140625)
    ),
    suits (suit_index, suit_char, suit_symbol) as (
        values
            (0, 'c', '♣'),
            (1, 'd', '♦'),
            (2, 'h', '♥'),
            (3, 's', '♠')
    )
select
    (ranks.value - 2) * 4 + suits.suit_index as card_id,
    ranks.value as value,
    ranks.rank_char as rank_char,
    suits.suit_char as suit_char,
    suits.suit_index as suit_index,
    ranks.rank_char || suits.suit_char as name,
    ranks.pretty_rank || suits.suit_symbol as pretty,
    ranks.rank_code as rank_code
from ranks
cross join suits
order by card_id;

create table hand_categories (
    points integer primary key,
    category varchar not null unique
);

insert into hand_categories (points, category)
values
    (9, 'Royal Flush'),
    (8, 'Straight Flush'),
    (7, 'Four of a Kind'),
    (6, 'Full House'),
    (5, 'Flush'),
    (4, 'Straight'),
    (3, 'Three of a Kind'),
    (2, 'Two Pair'),
    (1, 'One Pair'),
    (0, 'High Card');
