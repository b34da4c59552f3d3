/*
  The showdowns of the imported hands (028) and who wins each pot (029), from the actions and
  the cards alone: what each player should have collected, beside what the history says
  (the audit history_collected_matches_the_pots.sql compares the two).

    history_showdown_hands  one row per player still in at the end of a hand where a pot has
                            two or more players to win it, hole cards known: the best five of
                            the hole cards and the board (hand_evaluations_of, 011, the one
                            evaluation), points, category, hand_rank, and whether the history
                            shows the cards (shown)
    history_pot_winners     one row per winner per pot: a pot that one player alone may win is
                            that player's; else the best hand_rank wins, and equal ranks split
                            it. Split in the hand's smallest chip (history_chip_units, 029);
                            the odd chips left over go one each to the winners in seat order
                            from the button's left (PokerStars' rule, and most cardrooms'):
                            pot_winners_of's, one board and no low
    history_payouts         one row per seat per hand: put in, returned, in the pots, won from
                            the pots (won) and net (won less in_pot)
*/

create view history_showdown_hands as
with
    -- each player still in with cards known, where a pot has two or more to win it
    known as (
        select
            players_in.site,
            players_in.hand_id,
            players_in.seat,
            players_in.player,
            players_in.site || '/' || players_in.hand_id || '/' || cast(players_in.seat as varchar) as hand_no,
            players_in.hole_1,
            players_in.hole_2,
            players_in.hole_cards
        from players_in_of('history_contributions', 'history_seats') as players_in
        where players_in.hole_1 is not null
            and exists (
                select 1
                from history_pots as pots
                where pots.site = players_in.site
                    and pots.hand_id = players_in.hand_id
                    and pots.players > 1
            )
    ),
    -- each known player's seven cards, one row each (hand_no: the hand and the seat)
    seat_cards as (
        select known.hand_no, known.hole_1 as card_id from known
        union all
        select known.hand_no, known.hole_2 as card_id from known
        union all
        select
            known.hand_no,
            board.card_id
        from known
        inner join history_board as board
            on board.site = known.site
            and board.hand_id = known.hand_id
    ),
    evaluated as (
        select
            hand_no,
            best,
            points,
            category,
            hand_rank
        from hand_evaluations_of('seat_cards')
    )
select
    known.site,
    known.hand_id,
    known.seat,
    known.player,
    known.hole_cards,
    evaluated.best,
    evaluated.points,
    evaluated.category,
    evaluated.hand_rank,
    case when results.shown_cards is null then 0 else 1 end as shown
from known
inner join evaluated
    on evaluated.hand_no = known.hand_no
left join history_results as results
    on results.site = known.site
    and results.hand_id = known.hand_id
    and results.seat = known.seat;

/* clockwise_from_button(seat, button_seat): a key that orders a hand's seats clockwise from the
   button's left: the seats after the button's first, then the button's and those before it
   (no button: by seat). */
create macro clockwise_from_button(seat, button_seat) as
    case when seat > coalesce(button_seat, 0) then seat else seat + 1000 end;

/* seats_clockwise_of(seat_rows, history_hands): a table macro, each row of the relation named
   (a seat of a hand: site, hand_id, seat) with its hand's button_seat and its key clockwise from
   the button's left (clockwise_key): the odd chips' order of pot_winners_of, the positions of 044. */
create macro seats_clockwise_of(seat_rows, history_hands) as table
select
    seat_rows.*,
    hands.button_seat,
    clockwise_from_button(seat_rows.seat, hands.button_seat) as clockwise_key
from query_table(seat_rows) as seat_rows
inner join query_table(history_hands) as hands
    on hands.site = seat_rows.site
    and hands.hand_id = seat_rows.hand_id;

/* split_units(units, winner_count, odd_chip_order): the winner's part of units (whole chips)
   split between winner_count winners, the odd chips one each to the first in odd_chip_order:
   pot_winners_of's rule for each half of a board's part. */
create macro split_units(units, winner_count, odd_chip_order) as
    units // winner_count + case when odd_chip_order <= units % winner_count then 1 else 0 end;

/*
  pot_winners_of(showdown_rows, history_pots, hand_games, history_contributions,
  history_chip_units, history_hands): a table macro, one row per winner per board per half of each pot (board_no,
  half 'high' or 'low'): the rule of history_pot_winners below and of every game's (062). A lone
  player's pot is that player's; else each board an equal part, the first the odd chip, of each
  part the high half to the best hand_rank on it, the low half to the best low_rank (no low: all
  high), each half split in the smallest chip (split_units), the high the odd one. showdown_rows:
  site, hand_id, seat, board_no, hand_rank, low_rank; hand_games, per hand: high_game (null for a
  low-only game) and boards.
*/
create macro pot_winners_of(showdown_rows, history_pots, hand_games, history_contributions, history_chip_units, history_hands) as table
with
    showdowns as materialized (
        select site, hand_id, seat, board_no, hand_rank, low_rank
        from query_table(showdown_rows)
    ),
    -- each pot once per board that shares it (a lone player's: the first board's alone)
    pot_boards as (
        select
            pots.site,
            pots.hand_id,
            pots.pot_no,
            pots.amount_hundredths,
            pots.players,
            pots.to_hundredths,
            games.high_game,
            case when pots.players = 1 then 1 else games.boards end as boards,
            digits.digit + 1 as board_no
        from query_table(history_pots) as pots
        inner join query_table(hand_games) as games
            on games.site = pots.site
            and games.hand_id = pots.hand_id
        inner join digits
            on digits.digit < games.boards
            and (digits.digit = 0 or pots.players > 1)
    ),
    eligible as (
        select
            contenders.*,
            showdown.hand_rank,
            showdown.low_rank,
            min(showdown.hand_rank) over (partition by contenders.site, contenders.hand_id, contenders.pot_no, contenders.board_no) as best_high,
            min(showdown.low_rank) over (partition by contenders.site, contenders.hand_id, contenders.pot_no, contenders.board_no) as best_low
        from pot_contenders_of('pot_boards', history_contributions) as contenders
        left join showdowns as showdown
            on showdown.site = contenders.site
            and showdown.hand_id = contenders.hand_id
            and showdown.seat = contenders.seat
            and showdown.board_no = contenders.board_no
    ),
    -- each winner of each half (digit 0 the high's, or the lone player's; 1 the low's), eligible read once
    halves as (
        select
            eligible.*,
            case when digits.digit = 0 then 'high' else 'low' end as half
        from eligible
        inner join digits
            on digits.digit < 2
        where (digits.digit = 0 and ((eligible.players = 1 and eligible.high_game is not null)
                or eligible.hand_rank = eligible.best_high))
            or (digits.digit = 1 and ((eligible.players = 1 and eligible.high_game is null)
                or eligible.low_rank = eligible.best_low))
    ),
    -- the board's part of the pot in chips: a share each, the first board's the odd chips
    parts as (
        select
            halves.*,
            units.unit_hundredths,
            halves.amount_hundredths // units.unit_hundredths // halves.boards + case
                when halves.board_no = 1 then halves.amount_hundredths // units.unit_hundredths % halves.boards else 0
            end as part_units
        from halves
        inner join query_table(history_chip_units) as units
            on units.site = halves.site
            and units.hand_id = halves.hand_id
    ),
    winners as (
        select
            parts.*,
            -- the half's chips: the whole part, or the high half the larger when a part does not halve
            case
                when min(parts.half) over (partition by parts.site, parts.hand_id, parts.pot_no, parts.board_no)
                    = max(parts.half) over (partition by parts.site, parts.hand_id, parts.pot_no, parts.board_no)
                    then parts.part_units
                when parts.half = 'low' then parts.part_units // 2
                else parts.part_units - parts.part_units // 2
            end as half_units,
            count(*) over (partition by parts.site, parts.hand_id, parts.pot_no, parts.board_no, parts.half) as winner_count,
            -- the odd chips' order: the seats after the button's first, then the button's and before
            row_number() over (
                partition by parts.site, parts.hand_id, parts.pot_no, parts.board_no, parts.half
                order by parts.clockwise_key
            ) as odd_chip_order
        from seats_clockwise_of('parts', history_hands) as parts
    ),
    shared as (
        select
            winners.*,
            split_units(winners.half_units, winners.winner_count, winners.odd_chip_order) * winners.unit_hundredths as share_hundredths
        from winners
    )
select
    shared.site, shared.hand_id, shared.pot_no, shared.board_no, shared.half, shared.seat, shared.player,
    shared.hand_rank, shared.low_rank, shared.winner_count, shared.odd_chip_order, shared.share_hundredths,
    cast(shared.share_hundredths / 100.0 as decimal(18, 2)) as share
from shared;

create view history_pot_winners as
with
    -- Hold'em's pots: one board, won by the high hand alone
    holdem_showdowns as (
        select site, hand_id, seat, 1 as board_no, hand_rank, cast(null as integer) as low_rank
        from history_showdown_hands
    ),
    holdem_games as (
        select site, hand_id, 'Hold''em' as high_game, 1 as boards
        from history_hands
    )
select
    winners.site,
    winners.hand_id,
    winners.pot_no,
    winners.seat,
    winners.player,
    winners.hand_rank,
    winners.winner_count,
    winners.odd_chip_order,
    winners.share_hundredths,
    winners.share
from pot_winners_of('holdem_showdowns', 'history_pots', 'holdem_games', 'history_contributions', 'history_chip_units', 'history_hands') as winners;

/*
  history_won_of(history_pot_winners, history_contributions): a table macro, every row of the
  contributions (history_contributions, 029) with won_hundredths, the seat's shares of the pots
  in the winners named (history_pot_winners, or history_game_pot_winners, 062) summed: 0 where
  it won none. What history_payouts and history_game_payouts (062) read.
*/
create macro history_won_of(history_pot_winners, history_contributions) as table
with
    won as (
        select
            winners.site,
            winners.hand_id,
            winners.seat,
            sum(winners.share_hundredths) as won_hundredths
        from query_table(history_pot_winners) as winners
        group by winners.site, winners.hand_id, winners.seat
    )
select
    contributions.*,
    coalesce(won.won_hundredths, 0) as won_hundredths
from query_table(history_contributions) as contributions
left join won
    on won.site = contributions.site
    and won.hand_id = contributions.hand_id
    and won.seat = contributions.seat;

create view history_payouts as
select
    contributions.site, contributions.hand_id, contributions.seat, contributions.player,
    contributions.put, contributions.returned, contributions.in_pot,
    cast(contributions.won_hundredths / 100.0 as decimal(18, 2)) as won,
    cast((contributions.won_hundredths - contributions.in_pot_hundredths) / 100.0 as decimal(18, 2)) as net
from history_won_of('history_pot_winners', 'history_contributions') as contributions;
