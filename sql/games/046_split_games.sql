/*
  The split-pot and lowball games (docs/games-hilo.md, "Low hands and split pots"): one row per
  game, which rankings decide its pot. Their hands are formed as the games of 033 form theirs:
  high_game names the row of games whose ranking and hand rule (hole_cards_played) the high
  half follows; the low half follows the same rule under low_ranking (045).

  split_games (10 rows):
    game               omaha8, omaha5-8, courchevel, courchevel8, stud, stud8, razz,
                       deuce-to-seven, ace-to-five, badugi;
    high_game          the game (033) whose high the pot's high half is: omaha (4 hole
                       cards, exactly 2 played), omaha5 (5 hole cards), holdem (any five of
                       the cards: stud's seven); null: no high (a low-only game);
    low_ranking        the low that decides the low half (045), null: no low half; for a
                       low-only game the whole pot;
    hole_cards         each player's cards: 4, 5 (Omaha), 7 (stud, razz), 5 (2-7, A-5), 4 (badugi);
    hole_cards_played  2: exactly two hole cards and three of the board (Omaha); null: any
                       five of the cards (stud's, the five-card games'), badugi its best set;
    board_cards        5 (Omaha, Courchevel: its first board card dealt with the hole cards),
                       0 (no board).
*/

create table split_games (
    game varchar primary key,
    high_game varchar,
    low_ranking varchar,
    hole_cards integer not null,
    hole_cards_played integer,
    board_cards integer not null
);

insert into split_games (game, high_game, low_ranking, hole_cards, hole_cards_played, board_cards)
values
    ('omaha8', 'omaha', 'eight-or-better', 4, 2, 5),
    ('omaha5-8', 'omaha5', 'eight-or-better', 5, 2, 5),
    ('courchevel', 'omaha5', null, 5, 2, 5),
    ('courchevel8', 'omaha5', 'eight-or-better', 5, 2, 5),
    ('stud', 'holdem', null, 7, null, 0),
    ('stud8', 'holdem', 'eight-or-better', 7, null, 0),
    ('razz', null, 'ace-to-five', 7, null, 0),
    ('deuce-to-seven', null, 'deuce-to-seven', 5, null, 0),
    ('ace-to-five', null, 'ace-to-five', 5, null, 0),
    ('badugi', null, 'badugi', 4, null, 0);
