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
                            from the button's left (PokerStars' rule, and most cardrooms')
    history_payouts         one row per seat per hand: put in, returned, in the pots, won from
                            the pots (won) and net (won less in_pot)
*/

create view history_showdown_hands as
with
    contested as (
        select
            contributions.site,
            contributions.hand_id,
            contributions.seat,
            contributions.player,
            contributions.site || '/' || contributions.hand_id || '/' || cast(contributions.seat as varchar) as hand_no
        from history_contributions as contributions
        where contributions.folded = 0
            and exists (
                select 1
                from history_pots as pots
                where pots.site = contributions.site
                    and pots.hand_id = contributions.hand_id
                    and pots.players > 1
            )
    ),
    known as (
        select
            contested.site,
            contested.hand_id,
            contested.seat,
            contested.player,
            contested.hand_no,
            seats.hole_1,
            seats.hole_2,
            seats.hole_cards
        from contested
        inner join history_seats as seats
            on seats.site = contested.site
            and seats.hand_id = contested.hand_id
            and seats.seat = contested.seat
        where seats.hole_1 is not null
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
   (no button: by seat). The odd chips' order here and in 062; the positions of 044. */
create macro clockwise_from_button(seat, button_seat) as
    case when seat > coalesce(button_seat, 0) then seat else seat + 1000 end;

/* split_units(units, winner_count, odd_chip_order): the winner's part of units (whole chips)
   split between winner_count winners, the odd chips one each to the first in odd_chip_order:
   history_pot_winners' rule, and 062's for each half of a board's part. */
create macro split_units(units, winner_count, odd_chip_order) as
    units // winner_count + case when odd_chip_order <= units % winner_count then 1 else 0 end;

create view history_pot_winners as
with
    eligible as (
        select
            contenders.site,
            contenders.hand_id,
            contenders.pot_no,
            contenders.amount_hundredths,
            contenders.players,
            contenders.seat,
            contenders.player,
            showdown.hand_rank,
            min(showdown.hand_rank) over (partition by contenders.site, contenders.hand_id, contenders.pot_no) as best_rank
        from pot_contenders_of('history_pots', 'history_contributions') as contenders
        left join history_showdown_hands as showdown
            on showdown.site = contenders.site
            and showdown.hand_id = contenders.hand_id
            and showdown.seat = contenders.seat
    ),
    winners as (
        select
            eligible.site,
            eligible.hand_id,
            eligible.pot_no,
            eligible.amount_hundredths,
            eligible.seat,
            eligible.player,
            eligible.hand_rank,
            units.unit_hundredths,
            count(*) over (partition by eligible.site, eligible.hand_id, eligible.pot_no) as winner_count,
            -- the odd chips' order: the seats after the button's first, then the button's and before
            row_number() over (
                partition by eligible.site, eligible.hand_id, eligible.pot_no
                order by clockwise_from_button(eligible.seat, hands.button_seat)
            ) as odd_chip_order
        from eligible
        inner join history_chip_units as units
            on units.site = eligible.site
            and units.hand_id = eligible.hand_id
        inner join history_hands as hands
            on hands.site = eligible.site
            and hands.hand_id = eligible.hand_id
        where eligible.players = 1
            or eligible.hand_rank = eligible.best_rank
    ),
    shared as (
        select
            winners.site,
            winners.hand_id,
            winners.pot_no,
            winners.seat,
            winners.player,
            winners.hand_rank,
            winners.winner_count,
            winners.odd_chip_order,
            split_units(
                winners.amount_hundredths // winners.unit_hundredths, winners.winner_count, winners.odd_chip_order
            ) * winners.unit_hundredths as share_hundredths
        from winners
    )
select
    shared.site,
    shared.hand_id,
    shared.pot_no,
    shared.seat,
    shared.player,
    shared.hand_rank,
    shared.winner_count,
    shared.odd_chip_order,
    shared.share_hundredths,
    cast(shared.share_hundredths / 100.0 as decimal(18, 2)) as share
from shared;

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
