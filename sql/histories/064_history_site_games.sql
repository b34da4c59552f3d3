/*
  A site's own rule for a game that history_game_names (061) names for every site: a row whose
  site_game is the site, a space and the game's name, which history_hand_games (062) prefers to
  the sites' row (the longer name). One row:

    GGPoker 6+ Hold'em   shortdeck: the classic short deck order (a straight beats three of a
                         kind; a flush a full house), by which GGPoker paid the corpus's one
                         hand the two orders decide (1171217378123557259: a straight over three
                         tens); PokerStars' 6+ Hold'em stays shortdeck-triton (061: no hand of
                         the corpus decides it)

  pokersql stores each hand's payouts again once this file is applied (migrations.FILLED_AFTER,
  pokersql/histories/stored.py): a database imported before has them by the new row.
*/

insert into history_game_names (site_game, game)
values
    ('GGPoker 6+ Hold''em', 'shortdeck');
