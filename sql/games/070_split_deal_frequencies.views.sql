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
    player's hand holds, with how many (hands). The high: a board game's the best of two hole
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
    numbered_games as (
        select
            game,
            high_game,
            low_ranking,
            hole_cards_played,
            row_number() over (order by game) as game_no
        from split_games
    ),
    -- Each player's cards, the board's given to each player of its deal: one number a hand.
    dealt as (
        select
            given.deal_no,
            given.game,
            given.player,
            given.card_id,
            numbered_games.game_no
        from query_table(dealt_rows) as given
        inner join numbered_games
            on numbered_games.game = given.game
    ),
    player_cards as (
        select
            ((hole.deal_no * 16 + hole.player) * 16 + hole.game_no) as hand_no,
            hole.game,
            hole.card_id,
            1 as is_hole,
            hole.card_id + 1 as card_no
        from dealt as hole
        where hole.player > 0
        union all
        select
            ((board.deal_no * 16 + players.player) * 16 + board.game_no),
            board.game,
            board.card_id,
            0,
            board.card_id + 53
        from dealt as board
        inner join (select distinct deal_no, game, player from dealt where player > 0) as players
            on players.deal_no = board.deal_no
            and players.game = board.game
        where board.player = 0
    ),
    hand_games as (
        select distinct
            player_cards.hand_no,
            player_cards.game,
            numbered_games.high_game,
            numbered_games.low_ranking,
            numbered_games.hole_cards_played
        from player_cards
        inner join numbered_games
            on numbered_games.game = player_cards.game
    ),
    -- The high of a board game: two hole cards and three of the board.
    omaha_hand_cards as (
        select
            player_cards.hand_no,
            player_cards.card_id,
            player_cards.is_hole
        from player_cards
        inner join hand_games
            on hand_games.hand_no = player_cards.hand_no
        where hand_games.high_game is not null
            and hand_games.hole_cards_played = 2
    ),
    -- The high of seven own cards: the best five of them.
    seven_card_cards as (
        select
            player_cards.hand_no,
            player_cards.card_id
        from player_cards
        inner join hand_games
            on hand_games.hand_no = player_cards.hand_no
        where hand_games.high_game is not null
            and hand_games.hole_cards_played is null
    ),
    seven_card_sums as (select * from card_sums_of('seven_card_cards') where card_count = 7),
    highs as (
        select
            ranked.hand_no,
            hand_classes.points
        from omaha_ranks_of('omaha_hand_cards') as ranked
        inner join hand_classes
            on hand_classes.hand_rank = ranked.hand_rank
        union all
        select
            ranked.hand_no,
            ranked.points
        from seven_card_ranks('seven_card_sums') as ranked
    ),
    low_hand_cards as (
        select
            player_cards.hand_no,
            player_cards.game,
            player_cards.card_id,
            player_cards.is_hole,
            player_cards.card_no
        from player_cards
        inner join hand_games
            on hand_games.hand_no = player_cards.hand_no
        where hand_games.low_ranking is not null
    ),
    evaluated_lows as (
        select
            hand_games.game,
            low_categories.category_order,
            low_categories.points,
            coalesce(low_categories.category, 'no low') as category
        from low_evaluations_of('low_hand_cards') as evaluated
        inner join hand_games
            on hand_games.hand_no = evaluated.hand_no
        left join low_categories
            on low_categories.ranking = hand_games.low_ranking
            and low_categories.low_rank = evaluated.low_rank
    )
select
    hand_games.game,
    'high' as half,
    game_categories.category_order,
    highs.points,
    hand_categories.category,
    count(*) as hands
from highs
inner join hand_games
    on hand_games.hand_no = highs.hand_no
inner join game_categories
    on game_categories.ranking = 'standard'
    and game_categories.points = highs.points
inner join hand_categories
    on hand_categories.points = highs.points
group by hand_games.game, game_categories.category_order, highs.points, hand_categories.category
union all
select
    game,
    'low' as half,
    coalesce(category_order, 99) as category_order,
    points,
    category,
    count(*) as hands
from evaluated_lows
group by game, category_order, points, category;
