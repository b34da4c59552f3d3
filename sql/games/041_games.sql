/*
  A game is data: its row of games (033) and its rows of game_streets (here) are the whole of
  its definition (docs/games.md, "A game is rows"). pokersql's Python reads the games from
  these two tables (pokersql/games.py runs their statements of 033 and of this file, and on a
  database reads a game it does not know from the database's own rows); nothing else names a
  game. Adding a game whose ranking and hand-forming rule exist already is adding rows.

  games (033), one row per game, says:
    the deck         lowest_value: the values lowest_value through A, four suits each
                     (2: 52 cards; 6: 36; 7: 32);
    the hole cards   hole_cards, each player's;
    the hand         hole_cards_played: null, the best five of hole and board, any number of
                     the hole cards (0 to hole_cards); 2, exactly two hole cards and three of
                     the board (Omaha);
    the ranking      ranking: standard (hand_classes, 006), shortdeck or shortdeck-triton
                     (short_deck_classes, 033); the ranking decides the whole pot.

  game_streets: the dealing of the board, one row per game and street (18 rows, written out:
    a game added is its rows, as these are): after the
    hole cards (each player's hole_cards, dealt from one shuffle of the game's deck, 038), the
    board comes in streets, street_no 1 first: the flop (3 cards), the turn (1) and the river
    (1). A game's board is the sum of its streets' cards; a board given before the end of the
    deal is whole streets (0, 3, 4 or 5 cards).
*/

create table game_streets (
    game varchar not null,
    street_no integer not null,
    street varchar not null,
    cards integer not null,
    primary key (game, street_no)
);

insert into game_streets (game, street_no, street, cards)
values
    ('holdem', 1, 'flop', 3),
    ('holdem', 2, 'turn', 1),
    ('holdem', 3, 'river', 1),
    ('omaha', 1, 'flop', 3),
    ('omaha', 2, 'turn', 1),
    ('omaha', 3, 'river', 1),
    ('omaha5', 1, 'flop', 3),
    ('omaha5', 2, 'turn', 1),
    ('omaha5', 3, 'river', 1),
    ('omaha6', 1, 'flop', 3),
    ('omaha6', 2, 'turn', 1),
    ('omaha6', 3, 'river', 1),
    ('shortdeck', 1, 'flop', 3),
    ('shortdeck', 2, 'turn', 1),
    ('shortdeck', 3, 'river', 1),
    ('shortdeck-triton', 1, 'flop', 3),
    ('shortdeck-triton', 2, 'turn', 1),
    ('shortdeck-triton', 3, 'river', 1);
