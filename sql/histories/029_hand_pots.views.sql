/*
  The pots of the imported hands (028), from their actions alone: what each player put in,
  the uncalled bet given back, and the main pot and side pots that unequal all-ins make.
  Amounts are summed in hundredths (exact integers on every engine), then shown in the
  history's unit.

    history_contributions  one row per seat per hand: chips put in (put), whether the player
                           folded or went all-in, the uncalled part of the largest bet given
                           back (returned: the largest contribution less the second largest,
                           to the one who made it) and what stays in the pots (in_pot). A dead
                           blind (a missed blind posted dead: chips put in that are not in the
                           street's total) is in the pot but in no bet to call: contributions
                           are compared without it
    history_pots           one row per pot per hand: pot_no 1 is the main pot, then the side
                           pots in order; each covers the chips in the pots between two levels
                           (from_hundredths, to_hundredths: amounts in_pot of the players still in,
                           smallest first), and the players still in who reach to_hundredths may
                           win it (players)
    history_chip_units     one row per hand: its smallest chip in hundredths (unit_hundredths),
                           what a split pot is split in (030, 062): a cent in a game with a
                           currency or an amount with cents, else a whole chip

  Each view is `select *` of its table macro (history_contributions_of, ...), given by name the
  relations it reads (028's tables, these views): the view gives the database's, and the import
  the copies of a chunk of new hands (066's stored tables: pokersql/histories/stored.py).
*/

create macro history_contributions_of(history_actions, history_seats) as table
with
    -- each seat's actions, once per street: the chips put in, those of the blinds, bets and
    -- raises (not the antes), and its last street total (the chips that count in a bet)
    street_put as (
        select
            actions.site,
            actions.hand_id,
            actions.seat,
            actions.street,
            sum(cast(round(actions.amount * 100) as bigint)) as put_hundredths,
            sum(case when actions.action <> 'ante' then cast(round(actions.amount * 100) as bigint) else 0 end) as bet_hundredths,
            max(cast(round(actions.street_total * 100) as bigint)) as live_hundredths,
            max(case when actions.action = 'fold' then 1 else 0 end) as folded,
            max(case when actions.all_in then 1 else 0 end) as all_in
        from query_table(history_actions) as actions
        group by actions.site, actions.hand_id, actions.seat, actions.street
    ),
    put_in as (
        select
            seats.site,
            seats.hand_id,
            seats.seat,
            seats.player,
            coalesce(sum(street_put.put_hundredths), 0) as put_hundredths,
            -- the blinds, bets and raises that are in no street total: dead blinds
            coalesce(sum(street_put.bet_hundredths), 0) - coalesce(sum(street_put.live_hundredths), 0) as dead_hundredths,
            coalesce(max(street_put.folded), 0) as folded,
            coalesce(max(street_put.all_in), 0) as all_in
        from query_table(history_seats) as seats
        left join street_put
            on street_put.site = seats.site
            and street_put.hand_id = seats.hand_id
            and street_put.seat = seats.seat
        group by seats.site, seats.hand_id, seats.seat, seats.player
    ),
    -- the largest contribution (less a dead blind) first (the lower seat first among equals), and the next one
    ranked as (
        select
            put_in.site,
            put_in.hand_id,
            put_in.seat,
            put_in.player,
            put_in.put_hundredths,
            put_in.folded,
            put_in.all_in,
            put_in.put_hundredths - put_in.dead_hundredths as bet_hundredths,
            row_number() over (
                partition by put_in.site, put_in.hand_id
                order by put_in.put_hundredths - put_in.dead_hundredths desc, put_in.seat
            ) as put_order,
            lead(put_in.put_hundredths - put_in.dead_hundredths) over (
                partition by put_in.site, put_in.hand_id
                order by put_in.put_hundredths - put_in.dead_hundredths desc, put_in.seat
            ) as next_bet_hundredths
        from put_in
    ),
    returned as (
        select
            ranked.site,
            ranked.hand_id,
            ranked.seat,
            ranked.player,
            ranked.put_hundredths,
            ranked.folded,
            ranked.all_in,
            case
                when ranked.put_order = 1 then ranked.bet_hundredths - coalesce(ranked.next_bet_hundredths, 0)
                else 0
            end as returned_hundredths
        from ranked
    )
select
    returned.site,
    returned.hand_id,
    returned.seat,
    returned.player,
    returned.folded,
    returned.all_in,
    returned.put_hundredths,
    returned.returned_hundredths,
    returned.put_hundredths - returned.returned_hundredths as in_pot_hundredths,
    cast(returned.put_hundredths / 100.0 as decimal(18, 2)) as put,
    cast(returned.returned_hundredths / 100.0 as decimal(18, 2)) as returned,
    cast((returned.put_hundredths - returned.returned_hundredths) / 100.0 as decimal(18, 2)) as in_pot
from returned;

create view history_contributions as
select * from history_contributions_of('history_actions', 'history_seats');

create macro history_pots_of(history_contributions) as table
with
    -- each amount in the pots of a player still in: where a pot ends
    levels as (
        select distinct
            contributions.site,
            contributions.hand_id,
            contributions.in_pot_hundredths as to_hundredths
        from query_table(history_contributions) as contributions
        where contributions.folded = 0
            and contributions.in_pot_hundredths > 0
    ),
    ordered_levels as (
        select
            levels.site,
            levels.hand_id,
            levels.to_hundredths,
            row_number() over (partition by levels.site, levels.hand_id order by levels.to_hundredths) as pot_no,
            coalesce(lag(levels.to_hundredths) over (partition by levels.site, levels.hand_id order by levels.to_hundredths), 0) as from_hundredths
        from levels
    ),
    pots as (
        select
            ordered_levels.site,
            ordered_levels.hand_id,
            ordered_levels.pot_no,
            ordered_levels.from_hundredths,
            ordered_levels.to_hundredths,
            -- everyone's chips between the two levels, the folded players' too
            cast(sum(
                case
                    when contributions.in_pot_hundredths > ordered_levels.from_hundredths
                        then least(contributions.in_pot_hundredths, ordered_levels.to_hundredths) - ordered_levels.from_hundredths
                    else 0
                end
            ) as bigint) as amount_hundredths,
            sum(
                case
                    when contributions.folded = 0 and contributions.in_pot_hundredths >= ordered_levels.to_hundredths then 1
                    else 0
                end
            ) as players
        from ordered_levels
        inner join query_table(history_contributions) as contributions
            on contributions.site = ordered_levels.site
            and contributions.hand_id = ordered_levels.hand_id
        group by
            ordered_levels.site,
            ordered_levels.hand_id,
            ordered_levels.pot_no,
            ordered_levels.from_hundredths,
            ordered_levels.to_hundredths
    )
select
    pots.site,
    pots.hand_id,
    pots.pot_no,
    pots.from_hundredths,
    pots.to_hundredths,
    pots.amount_hundredths,
    cast(pots.amount_hundredths / 100.0 as decimal(18, 2)) as amount,
    pots.players
from pots;

create view history_pots as
select * from history_pots_of('history_contributions');

/*
  pot_contenders_of(history_pots, history_contributions): a table macro, each pot of the
  relation named (rows of history_pots, or more columns: 062's, once per board) with each seat
  that may win it, a player still in (not folded) with as much in the pots as the pot's level
  (to_hundredths): the pot's columns, then seat and player. What 030's and 062's winners read.
*/
create macro pot_contenders_of(history_pots, history_contributions) as table
select
    pots.*,
    contributions.seat,
    contributions.player
from query_table(history_pots) as pots
inner join query_table(history_contributions) as contributions
    on contributions.site = pots.site
    and contributions.hand_id = pots.hand_id
    and contributions.folded = 0
    and contributions.in_pot_hundredths >= pots.to_hundredths;

/*
  players_in_of(history_contributions, history_seats): a table macro, one row per seat of a hand
  still in at its end (not folded): its contribution (all_in, in_pot_hundredths) and hole cards.
  The players 030's showdowns and 032's all-ins read.
*/
create macro players_in_of(history_contributions, history_seats) as table
select
    contributions.site,
    contributions.hand_id,
    contributions.seat,
    contributions.player,
    contributions.all_in,
    contributions.in_pot_hundredths,
    seats.hole_1,
    seats.hole_2,
    seats.hole_cards
from query_table(history_contributions) as contributions
inner join query_table(history_seats) as seats
    on seats.site = contributions.site
    and seats.hand_id = contributions.hand_id
    and seats.seat = contributions.seat
where contributions.folded = 0;

create macro history_chip_units_of(history_contributions, history_hands) as table
select
    contributions.site,
    contributions.hand_id,
    case
        when max(hands.currency) is not null
            or max(case when contributions.put_hundredths % 100 <> 0 then 1 else 0 end) = 1 then 1
        else 100
    end as unit_hundredths
from query_table(history_contributions) as contributions
inner join query_table(history_hands) as hands
    on hands.site = contributions.site
    and hands.hand_id = contributions.hand_id
group by contributions.site, contributions.hand_id;

create view history_chip_units as
select * from history_chip_units_of('history_contributions', 'history_hands');
