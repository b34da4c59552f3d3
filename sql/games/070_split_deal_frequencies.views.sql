/*
  The split-pot and lowball games' deals counted (simulate --game omaha8, stud8, razz ...): each
  player's hand of each deal of deal_settings (002), its high half by category and its low half
  by the low in words, as `deal --game` deals and ranks them.

  split_categories: one row per split game (046), half and category, every category a half can
    hold, best first: game, half ('high', 'low'), category_order, points, category. The high
    half (a game with a high_game): the standard ranking's categories (game_categories, 033;
    hand_categories, 001), Royal Flush first. The low half (a game with a low_ranking): the
    categories of low_categories (069: '5 low' ... 'K low', 'One Pair' ...; badugi's '4-card
    badugi' ...), and 'no low' last (category_order 99) where a hand may hold none (eight or
    better: a low of values up to 8 alone).
  split_deal_frequencies_of(dealt_rows): a table macro, the deals of the relation named (rows
    of game_deals, 038, or own_card_deals, 069: deal_no, game, player, card_id; game a row of
    split_games, player 0 the board) counted: one row per game, half and category that a
    player's hand holds, with how many (hands), the hands as hand_cards_of (038) makes them. The high: a board game's the best of two hole
    cards and three of the board (omaha_ranks_of, 034: split_games' hole_cards_played 2), a
    game of seven own cards' the best five of them (card_sums_of, 038; seven_card_ranks, 013),
    categories of hand_classes (006); the low: low_evaluations_of (047), named by low_categories (069).
    What `pokersql simulate --game G` reads, given one game's deals of deal_settings (a board
    game's those of the game its high follows, its own name given):
      with deals_of_the_game as (
          select deal_no, 'omaha8' as game, player, card_id from game_deals where game = 'omaha'
      )
      select * from split_deal_frequencies_of('deals_of_the_game');
    (stud's: select deal_no, game, player, card_id from own_card_deals where game = 'stud').
*/

create view split_categories as
select
    split_games.game,
    'high' as half,
    game_categories.category_order,
    hand_categories.points,
    hand_categories.category
from split_games
inner join game_categories
    on game_categories.ranking = 'standard'
inner join hand_categories
    on hand_categories.points = game_categories.points
where split_games.high_game is not null
union all
select distinct
    split_games.game,
    'low' as half,
    low_categories.category_order,
    low_categories.points,
    low_categories.category
from split_games
inner join low_categories
    on low_categories.ranking = split_games.low_ranking
union all
select
    split_games.game,
    'low' as half,
    99 as category_order,
    cast(null as integer) as points,
    'no low' as category
from split_games
inner join low_rankings
    on low_rankings.ranking = split_games.low_ranking
where low_rankings.highest_value < 14;

create macro split_deal_frequencies_of(dealt_rows) as table
with
    -- Each player's cards, the board's given to each player of its deal: one number a hand.
    dealt as (select * from query_table(dealt_rows)),
    player_cards as (select * from hand_cards_of('dealt')),
    -- The high: the ranking of the game it follows, with the split game's hole cards played.
    high_games as (
        select
            split_games.game,
            games.ranking,
            split_games.hole_cards_played
        from split_games
        inner join games
            on games.game = split_games.high_game
    ),
    highs as (select * from high_hands_of('player_cards', 'high_games')),
    low_hands as (
        select distinct
            player_cards.hand_no,
            player_cards.game,
            split_games.low_ranking
        from player_cards
        inner join split_games
            on split_games.game = player_cards.game
        where split_games.low_ranking is not null
    ),
    low_hand_cards as (
        select
            player_cards.hand_no,
            player_cards.game,
            player_cards.card_id,
            player_cards.is_hole,
            player_cards.card_no
        from player_cards
        inner join low_hands
            on low_hands.hand_no = player_cards.hand_no
    ),
    evaluated_lows as (
        select
            low_hands.game,
            low_hands.low_ranking,
            evaluated.low_rank
        from low_evaluations_of('low_hand_cards') as evaluated
        inner join low_hands
            on low_hands.hand_no = evaluated.hand_no
    )
select
    highs.game,
    'high' as half,
    game_categories.category_order,
    highs.points,
    highs.category,
    count(*) as hands
from highs
inner join game_categories
    on game_categories.ranking = 'standard'
    and game_categories.points = highs.points
group by highs.game, game_categories.category_order, highs.points, highs.category
union all
select
    game,
    'low' as half,
    category_order,
    points,
    category,
    count(*) as hands
from low_names_of('evaluated_lows')
group by game, category_order, points, category;
