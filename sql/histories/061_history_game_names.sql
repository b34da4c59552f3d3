/*
  The games of the imported hands (028), by the names the sites write (history_hands.game less
  its limit: "Omaha Hi/Lo" of "Omaha Hi/Lo Pot Limit"), as rows of the games pokersql ranks:
  games (033) for a game the high hand alone decides, split_games (046) for a split-pot,
  low-only or stud game. What a history's showdown is decided by (062) is this row's game.

  history_game_names (12 rows):
    site_game  the game's name as history_hands holds it, less the limit (PokerStars' names:
               each site's parser writes its games under them, pokersql/histories/games.py);
    game       the row of games or split_games: holdem, shortdeck-triton (6+ Hold'em: three
               of a kind beats a straight and a flush a full house, PokerStars' and GGPoker's
               rule), omaha, omaha5, omaha6, courchevel, omaha8, omaha5-8, courchevel8, stud,
               stud8, razz. Split Hold'em (two boards, each half the pot) is not here.
*/

create table history_game_names (
    site_game varchar primary key,
    game varchar not null
);

insert into history_game_names (site_game, game)
values
    ('Hold''em', 'holdem'),
    ('6+ Hold''em', 'shortdeck-triton'),
    ('Omaha', 'omaha'),
    ('5 Card Omaha', 'omaha5'),
    ('6 Card Omaha', 'omaha6'),
    ('Courchevel', 'courchevel'),
    ('Omaha Hi/Lo', 'omaha8'),
    ('5 Card Omaha Hi/Lo', 'omaha5-8'),
    ('Courchevel Hi/Lo', 'courchevel8'),
    ('7 Card Stud', 'stud'),
    ('7 Card Stud Hi/Lo', 'stud8'),
    ('Razz', 'razz');
