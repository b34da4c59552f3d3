/*
  game_registry: every game pokersql plays, one row each (16 rows), read from the rows that
  define them: games (033) and game_streets (041) for the games of one high ranking, and
  split_games (046) for the split-pot and lowball games, whose high half follows a row of games
  (high_game) and whose low half a low ranking (045). The one relation that says what a game
  is; pokersql/games.py reads it, and a game added as rows appears in it.

    game               its name (eval --game, equity --game ...);
    pot                who takes the pot: high (the best high hand), hi-lo (split in a high
                       and a low half, the high taking all when no hand qualifies for the
                       low), low (the best low hand);
    cards              board (hole cards and a board dealt in streets), stud (seven cards
                       of a player's own) or draw (five, or badugi's four, of a player's own);
    lowest_value       the deck: the values lowest_value through A, four suits each;
    hole_cards         each player's own cards;
    hole_cards_played  null: any of them; 2: exactly two hole cards and three of the board;
    board_cards        the board's cards, all streets (0: no board);
    high_ranking       the ranking of the high half (standard, shortdeck, shortdeck-triton),
                       null in a low-only game; high_game the row of games it follows;
    low_ranking        the low ranking and its qualifier (eight-or-better: A-5, eight or
                       lower; ace-to-five, deuce-to-seven, badugi: any hand), null: no low.
*/

create view game_registry as
with boards as (
    select game, sum(cards) as board_cards
    from game_streets
    group by game
)
select
    games.game,
    'high' as pot,
    case when coalesce(boards.board_cards, 0) > 0 then 'board' else 'stud' end as cards,
    games.lowest_value,
    games.hole_cards,
    games.hole_cards_played,
    cast(coalesce(boards.board_cards, 0) as integer) as board_cards,
    games.ranking as high_ranking,
    games.game as high_game,
    cast(null as varchar) as low_ranking
from games
    left join boards on boards.game = games.game
union all
select
    split.game,
    case
        when split.high_game is null then 'low'
        when split.low_ranking is null then 'high'
        else 'hi-lo'
    end as pot,
    case when split.board_cards > 0 then 'board' when split.hole_cards = 7 then 'stud' else 'draw' end as cards,
    coalesce(high.lowest_value, 2) as lowest_value,
    split.hole_cards,
    split.hole_cards_played,
    split.board_cards,
    high.ranking as high_ranking,
    split.high_game,
    split.low_ranking
from split_games as split
    left join games as high on high.game = split.high_game;
