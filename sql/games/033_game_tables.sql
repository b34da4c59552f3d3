/*
  Other games: what each adds to the one definition of poker, its deck, its ranking and its
  hand-forming rule (docs/games.md, the contract's "Games").

  games: one row per game (6 rows).
    game          holdem, omaha, omaha5, omaha6, shortdeck, shortdeck-triton;
    ranking       the order of its five-card hands: standard (hand_classes, 006), shortdeck
                  or shortdeck-triton (short_deck_classes, below);
    lowest_value  the deck: 2 (52 cards) or 6 (36 cards, 6 through A);
    hole_cards    each player's cards: 2, or 4, 5, 6 for Omaha;
    hole_cards_played
                  null: the best five of hole and board, any of them; 2: exactly two hole
                  cards and three of the board (Omaha).

  game_categories: one row per ranking and category (30 rows): category_order, 1 the best.
    Short deck: a flush beats a full house; shortdeck ranks a straight above three of a
    kind (the classic order, pokerkit's), shortdeck-triton three of a kind above a straight.

  short_deck_classes: one row per ranking and class of five cards of the 36-card deck
    (2 x 1,404 rows: 1,278 multisets of five of the nine values, no value five times, and
    126 flushes), keyed by (ranking, rank_key, is_flush) as hand_classes is. Each is the
    row of hand_classes of the same five values, but A-9-8-7-6, a straight (a straight
    flush in one suit), 9-high: the lowest straight, the ace playing low. hand_rank numbers
    the classes of a ranking from 1 (the royal flush) to 1,404 (J-9-8-7-6 of no one suit), in
    the order of game_categories, then the kickers.

  short_deck_best_by_values, short_deck_best_by_flush: as best_by_values and best_by_flush
    (010), per ranking, for 5 to 7 cards of the 36-card deck: the best five of a multiset of
    values, and of the values of one suit. Grown from short_deck_classes the way 010 grows
    its tables from hand_classes, adding only values 6 and up (value_additions whose
    rank_key is a multiple of 5 ^ 4: no 2, 3, 4 or 5).
*/

create table games (
    game varchar primary key,
    ranking varchar not null,
    lowest_value integer not null,
    hole_cards integer not null,
    hole_cards_played integer
);

insert into games (game, ranking, lowest_value, hole_cards, hole_cards_played)
values
    ('holdem', 'standard', 2, 2, null),
    ('omaha', 'standard', 2, 4, 2),
    ('omaha5', 'standard', 2, 5, 2),
    ('omaha6', 'standard', 2, 6, 2),
    ('shortdeck', 'shortdeck', 6, 2, null),
    ('shortdeck-triton', 'shortdeck-triton', 6, 2, null);

create table game_categories (
    ranking varchar not null,
    points integer not null,
    category_order integer not null,
    primary key (ranking, points)
);

insert into game_categories (ranking, points, category_order)
select
    rankings.ranking,
    hand_categories.points,
    case
        when rankings.ranking = 'standard' then 10 - hand_categories.points
        -- a flush (5) beats a full house (6)
        when hand_categories.points = 5 then 4
        when hand_categories.points = 6 then 5
        -- triton: three of a kind (3) beats a straight (4)
        when rankings.ranking = 'shortdeck-triton' and hand_categories.points = 3 then 6
        when rankings.ranking = 'shortdeck-triton' and hand_categories.points = 4 then 7
        else 10 - hand_categories.points
    end as category_order
from hand_categories
cross join (
    select 'standard' as ranking
    union all
    select 'shortdeck'
    union all
    select 'shortdeck-triton'
) as rankings;

create table short_deck_classes (
    ranking varchar not null,
    rank_key bigint not null,
    is_flush integer not null,
    points integer not null,
    category varchar not null,
    kicker_1 integer not null,
    kicker_2 integer not null,
    kicker_3 integer not null,
    kicker_4 integer not null,
    kicker_5 integer not null,
    hand_rank integer not null,
    primary key (ranking, rank_key, is_flush)
);

insert into short_deck_classes
with
    -- The classes of five values from 6 up: no digit for 2, 3, 4 or 5 (rank_code 1 to 125).
    short_deck_five as (
        select
            rank_key,
            is_flush,
            points,
            kicker_1,
            kicker_2,
            kicker_3,
            kicker_4,
            kicker_5
        from hand_classes
        where rank_key % 625 = 0
    ),
    -- A-9-8-7-6 (5 ^ 12 + 5 ^ 7 + 5 ^ 6 + 5 ^ 5 + 5 ^ 4) is a straight, 9-high, the ace low.
    with_the_low_straight as (
        select
            rank_key,
            is_flush,
            case
                when rank_key <> 244238125 then points
                when is_flush = 1 then 8
                else 4
            end as points,
            case when rank_key = 244238125 then 9 else kicker_1 end as kicker_1,
            case when rank_key = 244238125 then 8 else kicker_2 end as kicker_2,
            case when rank_key = 244238125 then 7 else kicker_3 end as kicker_3,
            case when rank_key = 244238125 then 6 else kicker_4 end as kicker_4,
            case when rank_key = 244238125 then 14 else kicker_5 end as kicker_5
        from short_deck_five
    )
select
    game_categories.ranking,
    classes.rank_key,
    classes.is_flush,
    classes.points,
    hand_categories.category,
    classes.kicker_1,
    classes.kicker_2,
    classes.kicker_3,
    classes.kicker_4,
    classes.kicker_5,
    row_number() over (
        partition by game_categories.ranking
        order by game_categories.category_order, classes.kicker_1 desc, classes.kicker_2 desc,
            classes.kicker_3 desc, classes.kicker_4 desc, classes.kicker_5 desc
    ) as hand_rank
from with_the_low_straight as classes
inner join game_categories
    on game_categories.points = classes.points
inner join hand_categories
    on hand_categories.points = classes.points
where game_categories.ranking in ('shortdeck', 'shortdeck-triton');

create table short_deck_best_by_values (
    ranking varchar not null,
    card_count integer not null,
    rank_key bigint not null,
    hand_rank integer not null,
    primary key (ranking, rank_key)
);

create table short_deck_best_by_flush (
    ranking varchar not null,
    card_count integer not null,
    value_mask integer not null,
    hand_rank integer not null,
    primary key (ranking, value_mask)
);

insert into short_deck_best_by_values (ranking, card_count, rank_key, hand_rank)
select
    classes.ranking,
    5 + additions.added_cards as card_count,
    classes.rank_key + additions.rank_key as rank_key,
    min(classes.hand_rank) as hand_rank
from short_deck_classes as classes
cross join value_additions as additions
where classes.is_flush = 0
    and additions.rank_key % 625 = 0
    -- at most four cards of each value added: the key's digit plus the added one
    and classes.rank_key // additions.first_code % 5
        + additions.rank_key // additions.first_code % 5 <= 4
    and classes.rank_key // additions.second_code % 5
        + additions.rank_key // additions.second_code % 5 <= 4
group by classes.ranking, 5 + additions.added_cards, classes.rank_key + additions.rank_key;

insert into short_deck_best_by_flush (ranking, card_count, value_mask, hand_rank)
with
    -- A flush class's five values: the digits of its rank_key that are 1.
    flush_classes as (
        select
            short_deck_classes.ranking,
            short_deck_classes.hand_rank,
            sum(card_values.value_bit) as value_mask
        from short_deck_classes
        inner join card_values
            on short_deck_classes.rank_key // card_values.rank_code % 5 = 1
        where short_deck_classes.is_flush = 1
        group by short_deck_classes.ranking, short_deck_classes.hand_rank
    )
select
    flush_classes.ranking,
    5 + additions.added_cards as card_count,
    flush_classes.value_mask + additions.value_mask as value_mask,
    min(flush_classes.hand_rank) as hand_rank
from flush_classes
cross join value_additions as additions
where additions.distinct_values = 1
    and additions.rank_key % 625 = 0
    and flush_classes.value_mask & additions.value_mask = 0
group by flush_classes.ranking, 5 + additions.added_cards, flush_classes.value_mask + additions.value_mask;
