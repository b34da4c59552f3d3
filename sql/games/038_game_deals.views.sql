/*
  Other games' deals: the deal of deal_settings (002) in each game of the table games (033),
  from Hold'em's shuffle (shuffled_deck, 003: the same seed, the same keys, the same deck).

  deals_of(dealt_games): a table macro, the deal of deal_settings in each game of the relation
    named (game, hole_cards, lowest_value, board_cards): one row per card dealt per deal per
    game: the game's deck is shuffled_deck's deck with the cards below the game's lowest value
    taken out (short deck: the 36 cards, in the order the 52 have), and its first players *
    hole_cards cards are the hole cards (dealt_player, 003: by deal_order, 'blocks' or
    'round-robin'), the next board_cards the board (player 0). A riffled short deck is the 52
    riffled, the cards below 6 taken out. own_card_deals (069) deals the games of a player's
    own cards by it, with no board.
  game_deals: deals_of each game of the table games, with a board of five. Hold'em's rows are
    a Texas Hold'em deal (two hole cards each, a board); poker_table deals the article's five
    cards a player.
  game_deal_frequencies_of(dealt_rows): a table macro, the deals of the relation named (rows
    of game_deals: deal_no, game, player, card_id; but Hold'em's) counted: one row per game and
    category that a player's best hand (hole cards and board) holds, with how many (hands).
    Omaha's are ranked by omaha_ranks_of (034), short deck's by short_deck_card_ranks (034)
    under the game's ranking.
  omaha_deal_frequencies, omaha5_, omaha6_, shortdeck_, shortdeck_triton_deal_frequencies:
    the deals of deal_settings in that game counted, what `pokersql simulate --game G` reads
    (a view a game: a filter on one view of every game reached neither the deals nor the
    rankings, and ranked every game, four times the work).
*/

create macro deals_of(dealt_games) as table
with
    deck_order as (
        select
            shuffled_deck.deal_no,
            dealt_games.game,
            dealt_games.hole_cards,
            dealt_games.board_cards,
            shuffled_deck.card_id,
            row_number() over (
                partition by shuffled_deck.deal_no, dealt_games.game
                order by shuffled_deck.shuffle_key, shuffled_deck.card_id
            ) as deck_position
        from shuffled_deck
        inner join cards
            on cards.card_id = shuffled_deck.card_id
        inner join query_table(dealt_games) as dealt_games
            on dealt_games.lowest_value <= cards.value
    )
select
    deck_order.deal_no,
    deck_order.game,
    deck_order.deck_position,
    deck_order.card_id,
    case
        when deck_order.deck_position > settings.players * deck_order.hole_cards then 0
        else dealt_player(deck_order.deck_position, settings.players, settings.deal_order, deck_order.hole_cards)
    end as player
from deck_order
cross join deal_settings as settings
where deck_order.deck_position <= settings.players * deck_order.hole_cards + deck_order.board_cards;

create view game_deals as
with board_games as (select game, hole_cards, lowest_value, 5 as board_cards from games)
select * from deals_of('board_games');

create macro game_deal_frequencies_of(dealt_rows) as table
with
    -- the deals read once (three times, they were shuffled three times)
    dealt as (
        select
            deal_no,
            game,
            player,
            card_id
        from query_table(dealt_rows)
    ),
    player_cards as (
        select
            hole.deal_no,
            hole.game,
            hole.player,
            hole.card_id,
            1 as is_hole
        from dealt as hole
        where hole.player > 0
        union all
        select
            board.deal_no,
            board.game,
            players.player,
            board.card_id,
            0
        from dealt as board
        inner join (select distinct deal_no, game, player from dealt where player > 0) as players
            on players.deal_no = board.deal_no
            and players.game = board.game
        where board.player = 0
    ),
    -- One number per player per deal per Omaha game: the game by its count of hole cards (4 to 6).
    omaha_player_cards as (
        select
            ((player_cards.deal_no * 16 + player_cards.player) * 8 + games.hole_cards) as hand_no,
            player_cards.card_id,
            player_cards.is_hole
        from player_cards
        inner join games
            on games.game = player_cards.game
        where games.hole_cards_played = 2
    ),
    short_deck_sums as (
        select
            player_cards.game,
            games.ranking,
            player_cards.deal_no,
            player_cards.player,
            sum(cards.rank_code) as rank_key,
            sum(cards.suit_code) as suit_counts,
            sum(cards.card_bit) as card_mask
        from player_cards
        inner join games
            on games.game = player_cards.game
        inner join cards
            on cards.card_id = player_cards.card_id
        where games.ranking <> 'standard'
        group by player_cards.game, games.ranking, player_cards.deal_no, player_cards.player
    ),
    best_hands as (
        select
            ranked.hand_no % 8 as hole_cards,
            'standard' as ranking,
            hand_classes.points,
            hand_classes.category
        from omaha_ranks_of('omaha_player_cards') as ranked
        inner join hand_classes
            on hand_classes.hand_rank = ranked.hand_rank
        union all
        select
            2,
            ranked.ranking,
            short_deck_classes.points,
            short_deck_classes.category
        from short_deck_card_ranks('short_deck_sums') as ranked
        inner join short_deck_classes
            on short_deck_classes.ranking = ranked.ranking
            and short_deck_classes.hand_rank = ranked.hand_rank
    )
select
    games.game,
    best_hands.hole_cards,
    best_hands.ranking,
    best_hands.points,
    best_hands.category,
    count(*) as hands
from best_hands
inner join games
    on games.hole_cards = best_hands.hole_cards
    and games.ranking = best_hands.ranking
group by games.game, best_hands.hole_cards, best_hands.ranking, best_hands.points, best_hands.category;

create view omaha_deal_frequencies as with deals_of_the_game as (select * from game_deals where game = 'omaha') select * from game_deal_frequencies_of('deals_of_the_game');
create view omaha5_deal_frequencies as with deals_of_the_game as (select * from game_deals where game = 'omaha5') select * from game_deal_frequencies_of('deals_of_the_game');
create view omaha6_deal_frequencies as with deals_of_the_game as (select * from game_deals where game = 'omaha6') select * from game_deal_frequencies_of('deals_of_the_game');
create view shortdeck_deal_frequencies as with deals_of_the_game as (select * from game_deals where game = 'shortdeck') select * from game_deal_frequencies_of('deals_of_the_game');
create view shortdeck_triton_deal_frequencies as with deals_of_the_game as (select * from game_deals where game = 'shortdeck-triton') select * from game_deal_frequencies_of('deals_of_the_game');
