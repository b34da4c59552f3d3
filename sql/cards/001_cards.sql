/*
  The deck, its values and the hand categories: the lookup tables every later
  stage reads.

  cards: one row per playing card (52 rows).
    card_id    = (value - 2) * 4 + suit_index, suits in the order c d h s,
                 so 0 = 2c, 3 = 2s, 51 = As (the numbering phevaluator uses).
    value      = 2..14, the ace is 14 (it plays as 1 only in the wheel A-2-3-4-5).
    name       = canonical text, 'As', 'Td'; pretty = the 2010 article's style, 'A♠', '10♦'.
    The codes a hand of any size is summed into:
    rank_code  = 5 ^ (value - 2): summed over a hand's cards it writes, in base 5,
                 how many cards of each value the hand holds. That sum, rank_key,
                 identifies the hand's values as a multiset, a key later stages join on.
    suit_code  = 8 ^ suit_index: summed, how many cards of each suit, in base 8
                 (suit_counts: suit s's count is (suit_counts >> (3 * s)) & 7).
    card_bit   = 2 ^ (13 * suit_index + value - 2): summed, the cards as a 52-bit set
                 (card_mask), 13 bits a suit, so one suit's values are a 13-bit number.
    value_bit  = 2 ^ (value - 2): the card's value as one of those 13 bits.

  card_values: one row per value (13 rows), with its rank_code and value_bit.

  flush_suits: the flush test, one row per suit_counts of a hand of up to seven
    cards (330 rows): each suit's count 0..7, the counts adding up to 7 or less.
    flush_shift, flush_bits: a suit holding five or more cards holds a flush, and
                 (card_mask >> flush_shift) & flush_bits
               is that suit's 13 values; 0 when no suit holds five (flush_bits = 0).
               Seven cards hold at most one such suit.
    three_suit: the first suit (0..3) holding three or more cards, else null. Five
               cards hold at most one: the suit in which two more cards can still
               make a flush.

  hand_categories: one row per category (10 rows), the article's HandPoints 0..9.
*/

create table card_values (
    value integer primary key,
    rank_char varchar not null unique,
    pretty_rank varchar not null,
    rank_code bigint not null unique,
    value_bit integer not null unique
);

insert into card_values (value, rank_char, pretty_rank, rank_code, value_bit)
values
    (2, '2', '2', 1, 1),
    (3, '3', '3', 5, 2),
    (4, '4', '4', 25, 4),
    (5, '5', '5', 125, 8),
    (6, '6', '6', 625, 16),
    (7, '7', '7', 3125, 32),
    (8, '8', '8', 15625, 64),
    (9, '9', '9', 78125, 128),
    (10, 'T', '10', 390625, 256),
    (11, 'J', 'J', 1953125, 512),
    (12, 'Q', 'Q', 9765625, 1024),
    (13, 'K', 'K', 48828125, 2048),
    (14, 'A', 'A', 244140625, 4096);

create table cards (
    card_id integer primary key,
    value integer not null references card_values (value),
    rank_char varchar not null,
    suit_char varchar not null,
    suit_index integer not null,
    name varchar not null unique,
    pretty varchar not null,
    rank_code bigint not null,
    suit_code integer not null,
    card_bit bigint not null unique,
    value_bit integer not null
);

insert into cards
with
    suits (suit_index, suit_char, suit_symbol, suit_code) as (
        values
            (0, 'c', '♣', 1),
            (1, 'd', '♦', 8),
            (2, 'h', '♥', 64),
            (3, 's', '♠', 512)
    )
select
    (card_values.value - 2) * 4 + suits.suit_index as card_id,
    card_values.value as value,
    card_values.rank_char as rank_char,
    suits.suit_char as suit_char,
    suits.suit_index as suit_index,
    card_values.rank_char || suits.suit_char as name,
    card_values.pretty_rank || suits.suit_symbol as pretty,
    card_values.rank_code as rank_code,
    suits.suit_code as suit_code,
    cast(card_values.value_bit as bigint) << (13 * suits.suit_index) as card_bit,
    card_values.value_bit as value_bit
from card_values
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

create table flush_suits (
    suit_counts integer primary key,
    card_count integer not null,
    flush_shift integer not null,
    flush_bits integer not null,
    three_suit integer
);

insert into flush_suits
with
    counts (suit_count) as (
        values (0), (1), (2), (3), (4), (5), (6), (7)
    ),
    suit_counts as (
        select
            clubs.suit_count as clubs,
            diamonds.suit_count as diamonds,
            hearts.suit_count as hearts,
            spades.suit_count as spades
        from counts as clubs
        cross join counts as diamonds
        cross join counts as hearts
        cross join counts as spades
        where clubs.suit_count + diamonds.suit_count + hearts.suit_count + spades.suit_count <= 7
    )
select
    clubs + diamonds * 8 + hearts * 64 + spades * 512 as suit_counts,
    clubs + diamonds + hearts + spades as card_count,
    case
        when clubs >= 5 then 0
        when diamonds >= 5 then 13
        when hearts >= 5 then 26
        when spades >= 5 then 39
        else 0
    end as flush_shift,
    case
        when clubs >= 5 or diamonds >= 5 or hearts >= 5 or spades >= 5 then 8191
        else 0
    end as flush_bits,
    case
        when clubs >= 3 then 0
        when diamonds >= 3 then 1
        when hearts >= 3 then 2
        when spades >= 3 then 3
    end as three_suit
from suit_counts
order by suit_counts;
