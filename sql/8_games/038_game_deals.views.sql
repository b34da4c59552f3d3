/*
  Other games' deals: the deal of deal_settings (002) in each game of the table games (033),
  from Hold'em's shuffle (shuffled_deck, 003: the same seed, the same keys, the same deck).

  game_deals: one row per card dealt per deal per game: the game's deck is shuffled_deck's
    deck with the cards below the game's lowest value taken out (short deck: the 36 cards,
    in the order the 52 have), and its first players * hole_cards cards are the hole cards
    (deal_order 'blocks': hole_cards consecutive cards to each player; 'round-robin': one
    card to each player in turn), the next five the board (player 0). Hold'em's rows are a
    Texas Hold'em deal (two hole cards each, a board); poker_table deals the article's five
    cards a player. A riffled short deck is the 52 riffled, the cards below 6 taken out.
*/

create view game_deals as
with
    deck_order as (
        select
            shuffled_deck.deal_no,
            games.game,
            games.hole_cards,
            shuffled_deck.card_id,
            row_number() over (
                partition by shuffled_deck.deal_no, games.game
                order by shuffled_deck.shuffle_key, shuffled_deck.card_id
            ) as deck_position
        from shuffled_deck
        inner join cards
            on cards.card_id = shuffled_deck.card_id
        inner join games
            on games.lowest_value <= cards.value
    )
select
    deck_order.deal_no,
    deck_order.game,
    deck_order.deck_position,
    deck_order.card_id,
    case
        when deck_order.deck_position > settings.players * deck_order.hole_cards then 0
        when settings.deal_order = 'round-robin' then (deck_order.deck_position - 1) % settings.players + 1
        else (deck_order.deck_position - 1) // deck_order.hole_cards + 1
    end as player
from deck_order
cross join deal_settings as settings
where deck_order.deck_position <= settings.players * deck_order.hole_cards + 5;
