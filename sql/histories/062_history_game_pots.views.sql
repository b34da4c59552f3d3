/*
  Every game's showdowns and pots of the imported hands (028), from the actions and the cards,
  each hand under its own game's rule (issues 45, 47): by the high hand, a high and an eight-or-
  better low half, or the low; a hand run twice, and Split Hold'em, on each of its two boards
  (043). The audit history_game_collected_matches_the_pots.sql compares them with the history.

    history_hand_games       one row per hand whose game history_game_names (061) names: its
                             game (a site's own row, "GGPoker 6+ Hold'em" of 064, before the
                             sites' one; Split Hold'em: Hold'em's), the row of games (033) its
                             high follows (high_game, null for a low-only game), the low that
                             takes a half (low_ranking, 046; null: the high takes it), its
                             boards, whether its result is unknown (067)
    history_game_showdowns   one row per player still in at a contested end, cards known, per
                             board: the best five (game_evaluations_of, 042) and the best low
                             (low_evaluations_of, 047; null: no low of eight or better)
    history_game_pot_winners one row per winner per board per half of each pot: a lone player's
                             pot is that player's; else each board an equal part, the first the
                             odd chip (PokerStars' and GGPoker's), of each part the high half to
                             the best hand_rank on it, the low half to the best low_rank (no low:
                             all high), each half split in the smallest chip (029), the high the
                             odd one, the rest one each from the button's left (pot_winners_of,
                             030, which pays Hold'em's history_pot_winners too)
    history_game_payouts     one row per seat per such hand, as history_payouts (030): the one
                             tally (issue 44), which the tracker stores (066; every game the
                             import takes is named: pokersql/histories/stored.py); won, net
                             NULL: a player still in at the end of a hand of unknown result

  Each view is `select *` of its table macro (history_hand_games_of, ...), given by name the
  relations it reads: the view gives the database's; the import a chunk of new hands' (066).
*/

create macro history_hand_games_of(history_hands, history_board) as table
with
    named as (
        select
            hands.site,
            hands.hand_id,
            names.game,
            hands.result_unknown,
            -- "Omaha Hi/Lo Pot Limit" is Omaha Hi/Lo's, not Omaha's: the longest name the game begins with
            row_number() over (
                partition by hands.site, hands.hand_id order by length(names.site_game) desc
            ) as longest
        from query_table(history_hands) as hands
        inner join history_game_names as names
            -- Split Hold'em: Hold'em dealt two boards, each board half of each pot, as a hand run twice
            on hands.game like names.site_game || ' %'
            or hands.game like 'Split ' || names.site_game || ' %'
            -- a site's own rule (064): "GGPoker 6+ Hold'em", the longer name, before "6+ Hold'em"
            or hands.site || ' ' || hands.game like names.site_game || ' %'
    ),
    second_boards as (
        select board.site, board.hand_id, max(board.board_no) as boards
        from query_table(history_board) as board
        where board.board_no > 1
        group by board.site, board.hand_id
    )
select
    named.site,
    named.hand_id,
    named.game,
    case when split_games.game is null then named.game else split_games.high_game end as high_game,
    split_games.low_ranking,
    coalesce(second_boards.boards, 1) as boards,
    coalesce(named.result_unknown, false) as result_unknown
from named
left join split_games
    on split_games.game = named.game
left join second_boards
    on second_boards.site = named.site
    and second_boards.hand_id = named.hand_id
where named.longest = 1;

create view history_hand_games as
select * from history_hand_games_of('history_hands', 'history_board');

create macro history_game_showdowns_of(history_seats, history_hand_games, history_actions, history_board, history_pots) as table
with
    -- each player of a named hand who did not fold, cards known, once per board
    known as (
        select
            seats.site,
            seats.hand_id,
            seats.seat,
            seats.player,
            boards.digit + 1 as board_no,
            -- a number, which the evaluations' joins compare faster than text
            row_number() over (order by seats.site, seats.hand_id, seats.seat, boards.digit) as hand_no,
            games.game,
            games.high_game,
            games.low_ranking,
            seats.hole_cards
        from query_table(history_seats) as seats
        inner join query_table(history_hand_games) as games
            on games.site = seats.site
            and games.hand_id = seats.hand_id
        inner join digits as boards
            on boards.digit < games.boards
        where seats.hole_cards is not null
            and not exists (
                select 1
                from query_table(history_actions) as actions
                where actions.site = seats.site
                    and actions.hand_id = seats.hand_id
                    and actions.seat = seats.seat
                    and actions.action = 'fold'
            )
    ),
    -- each known player's cards, one row each: the hole cards as written ("Qs Ac 7h Tc"), then the board's
    seat_cards as (
        select
            known.hand_no,
            known.game,
            known.high_game,
            known.low_ranking,
            1 as is_hole,
            digits.digit + 1 as card_no,
            cards.card_id
        from known
        inner join digits
            on 3 * digits.digit < length(known.hole_cards)
        inner join cards
            on cards.name = substr(known.hole_cards, 3 * digits.digit + 1, 2)
        union all
        select
            known.hand_no,
            known.game,
            known.high_game,
            known.low_ranking,
            0 as is_hole,
            (length(known.hole_cards) + 1) // 3 + board.card_no as card_no,
            board.card_id
        from known
        inner join query_table(history_board) as board
            on board.site = known.site
            and board.hand_id = known.hand_id
            -- null: a row imported before 043, of a hand's one board
            and coalesce(board.board_no, 1) = known.board_no
    ),
    high_cards as (
        select hand_no, high_game as game, card_id, is_hole, card_no
        from seat_cards
        where high_game is not null
    ),
    low_cards as (
        select hand_no, game, card_id, is_hole, card_no
        from seat_cards
        where low_ranking is not null
    ),
    -- PostgreSQL, counting one row where there are hundreds, read each in a loop once per
    -- player: materialized, each is made once (as the showdowns are in the next view)
    highs as materialized (
        select hand_no, best, category, hand_rank
        from game_evaluations_of('high_cards')
    ),
    lows as materialized (
        select hand_no, low_rank
        from low_evaluations_of('low_cards')
    )
select
    known.site, known.hand_id, known.seat, known.player, known.board_no, known.game, known.hole_cards,
    highs.best, highs.category, highs.hand_rank, lows.low_rank
from known
left join highs
    on highs.hand_no = known.hand_no
left join lows
    on lows.hand_no = known.hand_no
-- a contested end: a pot that two or more may win
where exists (
    select 1
    from query_table(history_pots) as pots
    where pots.site = known.site
        and pots.hand_id = known.hand_id
        and pots.players > 1
);

create view history_game_showdowns as
select * from history_game_showdowns_of('history_seats', 'history_hand_games', 'history_actions', 'history_board', 'history_pots');

create macro history_game_pot_winners_of(history_game_showdowns, history_pots, history_hand_games, history_contributions, history_chip_units, history_hands) as table
select * from pot_winners_of(history_game_showdowns, history_pots, history_hand_games, history_contributions, history_chip_units, history_hands);

create view history_game_pot_winners as
select * from history_game_pot_winners_of('history_game_showdowns', 'history_pots', 'history_hand_games', 'history_contributions', 'history_chip_units', 'history_hands');

create macro history_game_payouts_of(history_game_pot_winners, history_contributions, history_hand_games) as table
select
    contributions.site, contributions.hand_id, contributions.seat, contributions.player,
    contributions.put, contributions.returned, contributions.in_pot,
    -- a hand whose result is unknown (067): what the players still in won is unknown, NULL
    case when not games.result_unknown or contributions.folded = 1
        then cast(contributions.won_hundredths / 100.0 as decimal(18, 2)) end as won,
    case when not games.result_unknown or contributions.folded = 1
        then cast((contributions.won_hundredths - contributions.in_pot_hundredths) / 100.0 as decimal(18, 2)) end as net
from history_won_of(history_game_pot_winners, history_contributions) as contributions
inner join query_table(history_hand_games) as games
    on games.site = contributions.site
    and games.hand_id = contributions.hand_id;

create view history_game_payouts as
select * from history_game_payouts_of('history_game_pot_winners', 'history_contributions', 'history_hand_games');
