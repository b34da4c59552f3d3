/*
  The deals of the games where each player holds their own cards (docs/games-hilo.md): the rows
  of split_games (046) with no board, stud, stud8, razz (seven cards each), deuce-to-seven,
  ace-to-five (five) and badugi (four), for deal_settings (002), from Hold'em's shuffle
  (shuffled_deck, 003: the same seed, the same keys, the same deck), as game_deals (038) deals
  the board games. No draw: the cards dealt are the hand.

  own_card_deals: one row per card dealt per deal per such game, deals_of (038) each game's
    row of game_registry (068: lowest_value through A; every such game of sql/ has the 52)
    with no board: its first players * hole_cards cards of shuffled_deck's order, dealt_player
    (003) naming each card's player by deal_order ('blocks': hole_cards in a row each;
    'round-robin': one each in turn). Five-card hands in blocks are the article's deal
    (poker_table, 007) card for card.
  low_categories: one row per class of each low ranking (low_classes, 045), in a player's
    words: category, '7 low' for a five-card low of no pair (its highest card as it plays,
    high_card; in 2-7 no straight or flush either), else the category that counts against it
    (One Pair ... Four of a Kind; in 2-7 Straight, Flush, Full House, Straight Flush, a royal
    flush being 2-7's worst straight flush, A-5-4-3-2 an 'A low', or a Flush suited); badugi's '4-card badugi' ... '1-card badugi'.
    points: the category's points of hand_categories (001; 0 a low of no pair), null in
    badugi; category_order: the categories best first (the lows of no pair by their high
    card, then 045's order of the categories). The values' shape is hand_classes' (006):
    a low class's five values (rank_key, and is_flush where flushes count) are a high class.
  low_names_of(low_rows): a table macro, each row of the relation named (low_ranking and
    low_rank among its columns; low_rank null: no low) with its category_order, points and
    category of low_categories; a hand of no low 'no low', category_order 99.
*/

create view own_card_deals as
with
    own_card_games as (
        select
            registry.game,
            registry.hole_cards,
            registry.lowest_value,
            0 as board_cards
        from game_registry as registry
        inner join split_games
            on split_games.game = registry.game
        where split_games.board_cards = 0
    )
select * from deals_of('own_card_games');

create view low_categories as
with
    five_card_classes as (
        select
            low_classes.ranking,
            low_classes.low_rank,
            low_classes.high_card,
            case
                -- A-5-4-3-2 where the ace plays high (2-7): no straight, an ace-high low or a flush
                when low_rankings.ace_value = 14 and hand_classes.points in (4, 8) and hand_classes.kicker_1 = 5
                    then 5 * low_classes.is_flush
                -- five distinct values: a low of no pair, unless straights and flushes count
                when hand_classes.points = 0 or (low_rankings.flushes_count = 0 and hand_classes.points = 4) then 0
                when hand_classes.points = 9 then 8
                else hand_classes.points
            end as points
        from low_classes
        inner join low_rankings
            on low_rankings.ranking = low_classes.ranking
        inner join hand_classes
            on hand_classes.rank_key = low_classes.rank_key
            and hand_classes.is_flush = low_classes.is_flush
        where low_rankings.cards = 5
    )
select
    five_card_classes.ranking,
    five_card_classes.low_rank,
    five_card_classes.points,
    case
        when five_card_classes.points = 0 then card_values.pretty_rank || ' low'
        else hand_categories.category
    end as category,
    case
        when five_card_classes.points = 0 then five_card_classes.high_card
        -- after the lows of no pair (high cards up to 14): 045's order of the categories is theirs
        else 20 + five_card_classes.points
    end as category_order
from five_card_classes
inner join hand_categories
    on hand_categories.points = five_card_classes.points
left join card_values
    on card_values.value = case when five_card_classes.high_card = 1 then 14 else five_card_classes.high_card end
union all
select
    low_classes.ranking,
    low_classes.low_rank,
    cast(null as integer) as points,
    cast(low_classes.cards as varchar) || '-card badugi' as category,
    5 - low_classes.cards as category_order
from low_classes
inner join low_rankings
    on low_rankings.ranking = low_classes.ranking
where low_rankings.cards = 4;

create macro low_names_of(low_rows) as table
select
    given.*,
    coalesce(low_categories.category_order, 99) as category_order,
    low_categories.points,
    coalesce(low_categories.category, 'no low') as category
from query_table(low_rows) as given
left join low_categories
    on low_categories.ranking = given.low_ranking
    and low_categories.low_rank = given.low_rank;
