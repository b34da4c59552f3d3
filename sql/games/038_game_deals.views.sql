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
  hand_cards_of(dealt_rows): a table macro, the deals of the relation named (deal_no, game,
    player, card_id; player 0 the board; fewer than 64 games) as hands: each player's cards
    (is_hole 1) and the board's given to each player of its deal (0), one number a hand
    (hand_no, from deal_no, player and the game's place among the relation's games), card_no
    the card's place (the hole cards first): what omaha_ranks_of (034) and
    low_evaluations_of (047) read.
  card_sums_of(card_rows): a table macro, the cards of each hand of the relation named (hand_no,
    card_id) summed into the codes of cards (001): hand_no, card_count, rank_key, suit_counts,
    card_mask; what seven_card_ranks (013) and short_deck_card_ranks (034) read.
  high_hands_of(card_rows, game_rows): a table macro, the best high hand of each hand of
    card_rows (hand_cards_of's columns) under its game's row of game_rows (game, ranking,
    hole_cards_played): hand_no, game, points, category. Omaha's (hole_cards_played 2) are
    ranked by omaha_ranks_of (034); a hand of seven cards played any way by seven_card_ranks
    (013) under the standard ranking, by short_deck_card_ranks (034) under another.
  game_deal_frequencies_of(dealt_rows): a table macro, the deals of the relation named (rows
    of game_deals: deal_no, game, player, card_id, player 0 the board; a game of games, not
    Hold'em's own simulate) counted: one row per game and category that a player's best hand
    (high_hands_of) holds, with how many (hands). What `pokersql simulate --game G` reads, one
    game's deals given:
      with deals_of_the_game as (select * from game_deals where game = 'omaha')
      select * from game_deal_frequencies_of('deals_of_the_game');
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

create macro hand_cards_of(dealt_rows) as table
with
    given as (select * from query_table(dealt_rows)),
    game_numbers as (
        select
            dealt_games.game,
            row_number() over (order by dealt_games.game) as game_no
        from (select distinct game from given) as dealt_games
    ),
    numbered as (
        select
            given.deal_no,
            given.game,
            given.player,
            given.card_id,
            game_numbers.game_no
        from given
        inner join game_numbers
            on game_numbers.game = given.game
    )
select
    ((hole.deal_no * 16 + hole.player) * 64 + hole.game_no) as hand_no,
    hole.game,
    hole.card_id,
    1 as is_hole,
    hole.card_id + 1 as card_no
from numbered as hole
where hole.player > 0
union all
select
    ((board.deal_no * 16 + players.player) * 64 + board.game_no),
    board.game,
    board.card_id,
    0,
    board.card_id + 53
from numbered as board
inner join (select distinct deal_no, game_no, player from numbered where player > 0) as players
    on players.deal_no = board.deal_no
    and players.game_no = board.game_no
where board.player = 0;

create macro card_sums_of(card_rows) as table
select
    given.hand_no,
    count(*) as card_count,
    sum(cards.rank_code) as rank_key,
    sum(cards.suit_code) as suit_counts,
    sum(cards.card_bit) as card_mask
from query_table(card_rows) as given
inner join cards
    on cards.card_id = given.card_id
group by given.hand_no;

create macro high_hands_of(card_rows, game_rows) as table
with
    hand_cards as (
        select
            given.*,
            dealt_games.ranking,
            dealt_games.hole_cards_played
        from query_table(card_rows) as given
        inner join query_table(game_rows) as dealt_games
            on dealt_games.game = given.game
    ),
    hand_rankings as (select distinct hand_no, game, ranking from hand_cards),
    -- Omaha's: two hole cards and three of the board.
    omaha_hand_cards as (select hand_no, card_id, is_hole from hand_cards where hole_cards_played = 2),
    -- The games whose hand is the best five of hole cards and board any way: seven cards summed.
    any_way_cards as (select hand_no, card_id from hand_cards where hole_cards_played is null),
    any_way_sums as (
        select
            hand_rankings.ranking,
            summed.*
        from card_sums_of('any_way_cards') as summed
        inner join hand_rankings
            on hand_rankings.hand_no = summed.hand_no
        where summed.card_count = 7
    ),
    standard_sums as (select * from any_way_sums where ranking = 'standard'),
    short_deck_sums as (select * from any_way_sums where ranking <> 'standard'),
    best_hands as (
        select
            ranked.hand_no,
            hand_classes.points,
            hand_classes.category
        from omaha_ranks_of('omaha_hand_cards') as ranked
        inner join hand_classes
            on hand_classes.hand_rank = ranked.hand_rank
        union all
        select
            ranked.hand_no,
            ranked.points,
            hand_categories.category
        from seven_card_ranks('standard_sums') as ranked
        inner join hand_categories
            on hand_categories.points = ranked.points
        union all
        select
            ranked.hand_no,
            short_deck_classes.points,
            short_deck_classes.category
        from short_deck_card_ranks('short_deck_sums') as ranked
        inner join short_deck_classes
            on short_deck_classes.ranking = ranked.ranking
            and short_deck_classes.hand_rank = ranked.hand_rank
    )
select
    best_hands.hand_no,
    hand_rankings.game,
    best_hands.points,
    best_hands.category
from best_hands
inner join hand_rankings
    on hand_rankings.hand_no = best_hands.hand_no;

create macro game_deal_frequencies_of(dealt_rows) as table
with
    dealt as (select * from query_table(dealt_rows)),
    player_cards as (select * from hand_cards_of('dealt'))
select
    highs.game,
    highs.points,
    highs.category,
    count(*) as hands
from high_hands_of('player_cards', 'games') as highs
group by highs.game, highs.points, highs.category;
