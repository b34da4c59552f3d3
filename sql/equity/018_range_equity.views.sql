/*
  Exact Hold'em equity of ranges: every deal (one combination per player, no
  card twice) with every board that can still come, each counted once. Reads
  range_input (016), board_input and dead_input (014); a known hand is a range
  of one combination.

  range_combos: one row per player per combination that misses the board and
    the dead cards, numbered from 0 within the player (combo_index), with its
    cards summed into the codes of cards (001).
  range_seats: one row per player: its seat (1, 2, ... in player order), its
    live combinations (combos), and its field of a deal's number: each seat's
    combination is written in bits of its own, as many as its count needs
    (digits = 2 ^ bits values), seat 1's highest, so radix = 2 ^ (the later
    seats' bits summed). A window's sum, not a recursion: Spark would work a
    recursion out again at each step of range_deals' and in every view after.
  range_deals: one row per deal: its number, the cards its hands hold
    (used_mask, a 52-bit set) and its weight (the product of the weights).
  range_deal_combos_of(deal_rows): a table macro, each seat's combination of a deal, from its
    number (below).
  range_deal_hands: one row per deal per player: the combination dealt, with the
    deal's cards (used_mask) and weight.
  range_board_groups: one row per class of boards (classified_boards, 015) and
    set of the cards in play (the cards of any combination) they hold, with
    the number of boards.
  range_runouts: one row per deal per class of boards that miss the deal's
    cards, weighed by the number of such boards times the deal's weight.
  range_hands: one row per runout per player, as equity_of (017) reads it: the deal
    (tally), the class of boards (runout), the weight, the seat (player) and its
    seven cards summed.
  range_equity: one row per player: combos (its combinations dealt in at least
    one deal), deals (deals times boards, weighed), wins, ties, pot_shares (in
    2520ths, as in equity, 017) and equity, each deal tallied by equity_of.
  range_combo_equity: one row per player per combination dealt: the deals it is in (times
    boards, weighed, as deals above), wins, ties, pot_shares and equity against the others;
    a player's rows add up to its row of range_equity (equity ... --by-combo).
*/

create view range_combos as
with
    live_input as (
        select
            range_input.player,
            range_input.card_1,
            range_input.card_2,
            range_input.weight
        from range_input
        where range_input.card_1 not in (select card_id from board_input)
            and range_input.card_2 not in (select card_id from board_input)
            and range_input.card_1 not in (select card_id from dead_input)
            and range_input.card_2 not in (select card_id from dead_input)
    )
select
    live_combos.player,
    row_number() over (
        partition by live_combos.player
        order by live_combos.card_1 desc, live_combos.card_2 desc
    ) - 1 as combo_index,
    live_combos.card_1,
    live_combos.card_2,
    live_combos.weight,
    live_combos.rank_key,
    live_combos.suit_counts,
    live_combos.card_mask as combo_mask
from two_card_codes_of('live_input', 'cards') as live_combos;

create view range_seats as
with
    counted as (
        select
            player,
            count(*) as combos,
            row_number() over (order by player) as seat
        from range_combos
        group by player
    ),
    -- 1, 2, 4, ..., 1024: a seat's combinations, at most C(52, 2) = 1,326 < 2 ^ 11, are
    -- numbered in as many bits as there are powers of two below their count.
    powers (power) as (
        values (1), (2), (4), (8), (16), (32), (64), (128), (256), (512), (1024)
    ),
    widths as (
        select
            counted.player,
            counted.seat,
            counted.combos,
            count(powers.power) as bits
        from counted
        left join powers
            on powers.power < counted.combos
        group by
            counted.player,
            counted.seat,
            counted.combos
    )
select
    player,
    seat,
    combos,
    cast(1 as bigint) << cast(coalesce(
        sum(bits) over (order by seat rows between 1 following and unbounded following),
        0
    ) as integer) as radix,
    cast(1 as bigint) << cast(bits as integer) as digits
from widths;

create view range_deals as
with recursive
    partial_deals (seat, deal_no, used_mask, weight) as (
        select
            range_seats.seat,
            range_combos.combo_index * range_seats.radix,
            range_combos.combo_mask,
            cast(range_combos.weight as bigint)
        from range_seats
        inner join range_combos
            on range_combos.player = range_seats.player
        where range_seats.seat = 1
        union all
        select
            range_seats.seat,
            partial_deals.deal_no + range_combos.combo_index * range_seats.radix,
            partial_deals.used_mask + range_combos.combo_mask,
            partial_deals.weight * range_combos.weight
        from partial_deals
        inner join range_seats
            on range_seats.seat = partial_deals.seat + 1
        inner join range_combos
            on range_combos.player = range_seats.player
        where partial_deals.used_mask & range_combos.combo_mask = 0
    )
select
    deal_no,
    used_mask,
    weight
from partial_deals
where seat = (select max(seat) from range_seats);

/*
  range_deal_combos_of(deal_rows): a table macro, every row of the relation named (a deal_no of
  range_deals, and any other columns) once per player, with the combination its deal's number
  gives the player's seat (its digit: deal_no // radix % digits, range_seats): player, seat,
  card_1, card_2, and its cards summed (combo_rank_key, combo_suit_counts, combo_mask).
  range_deal_hands reads it of the deals, range_hands of the runouts (below).
*/
create macro range_deal_combos_of(deal_rows) as table
select
    deals.*,
    range_seats.player,
    range_seats.seat,
    range_combos.card_1,
    range_combos.card_2,
    range_combos.rank_key as combo_rank_key,
    range_combos.suit_counts as combo_suit_counts,
    range_combos.combo_mask
from query_table(deal_rows) as deals
cross join range_seats
inner join range_combos
    on range_combos.player = range_seats.player
    and range_combos.combo_index = (deals.deal_no // range_seats.radix) % range_seats.digits;

create view range_deal_hands as
select
    deal_no,
    used_mask,
    weight,
    player,
    seat,
    card_1,
    card_2,
    combo_rank_key as rank_key,
    combo_suit_counts as suit_counts,
    combo_mask
from range_deal_combos_of('range_deals');

/* The cards some range holds (as a 52-bit set): only they can collide with a deal,
   so boards are grouped by class and by which of those cards they hold. */
create view range_board_groups as
with
    cards_in_play as (
        select card_1 as card_id from range_combos
        union
        select card_2 from range_combos
    ),
    in_play as (
        select
            cast(coalesce(sum(cards.card_bit), 0) as bigint) as played_mask
        from cards_in_play
        inner join cards
            on cards.card_id = cards_in_play.card_id
    )
select
    classified_boards.board_class,
    classified_boards.rank_key,
    classified_boards.suit_counts,
    classified_boards.card_mask,
    classified_boards.board_mask & in_play.played_mask as played_mask,
    count(*) as boards
from classified_boards
cross join in_play
group by
    classified_boards.board_class,
    classified_boards.rank_key,
    classified_boards.suit_counts,
    classified_boards.card_mask,
    classified_boards.board_mask & in_play.played_mask;

create view range_runouts as
select
    range_deals.deal_no,
    range_board_groups.board_class,
    range_board_groups.rank_key,
    range_board_groups.suit_counts,
    range_board_groups.card_mask,
    sum(range_board_groups.boards) * range_deals.weight as weight
from range_deals
inner join range_board_groups
    on range_board_groups.played_mask & range_deals.used_mask = 0
group by
    range_deals.deal_no,
    range_deals.weight,
    range_board_groups.board_class,
    range_board_groups.rank_key,
    range_board_groups.suit_counts,
    range_board_groups.card_mask;

/* Each deal's hands found from its number, as in range_deal_hands, but from the runouts:
   joined to range_deal_hands, PostgreSQL works range_deals out again for every runout. */
create view range_hands as
select
    deal_no as tally,
    board_class as runout,
    weight,
    seat as player,
    rank_key + combo_rank_key as rank_key,
    suit_counts + combo_suit_counts as suit_counts,
    card_mask + combo_mask as card_mask
from range_deal_combos_of('range_runouts');

/*
  range_totals_of(tallied_rows): a table macro, the rows of equity_of (017) named (tally, player
  as the seat, runouts, wins, ties, pot_shares) with a part (what to add up apart), summed: one
  row per part and player (range_seats), its runouts, wins, ties, pot_shares and equity.
  range_equity, range_combo_equity and range_street_equity (049) read it.
*/
create macro range_totals_of(tallied_rows) as table
select
    tallied.part,
    range_seats.player,
    cast(sum(tallied.runouts) as bigint) as runouts,
    cast(sum(tallied.wins) as bigint) as wins,
    cast(sum(tallied.ties) as bigint) as ties,
    cast(sum(tallied.pot_shares) as bigint) as pot_shares,
    share_equity(sum(tallied.pot_shares), sum(tallied.runouts)) as equity
from query_table(tallied_rows) as tallied
inner join range_seats
    on range_seats.seat = tallied.player
group by tallied.part, range_seats.player;

/* Each deal tallied alone (equity_of, 017: its tally is the deal), then summed. */
create view range_equity as
with
    deal_totals as (select 0 as part, * from equity_of('range_hands')),
    dealt_combos as (
        select
            player,
            count(distinct card_1 * 52 + card_2) as combos
        from range_deal_hands
        group by player
    )
select
    seat_totals.player,
    dealt_combos.combos,
    seat_totals.runouts as deals,
    seat_totals.wins,
    seat_totals.ties,
    seat_totals.pot_shares,
    seat_totals.equity
from range_totals_of('deal_totals') as seat_totals
inner join dealt_combos
    on dealt_combos.player = seat_totals.player;

/* Each deal tallied alone, as in range_equity, then summed per combination of each player
   (the part: card_1 * 52 + card_2). */
create view range_combo_equity as
with
    deal_totals as (
        select
            range_deal_hands.card_1 * 52 + range_deal_hands.card_2 as part,
            totals.*
        from equity_of('range_hands') as totals
        inner join range_deal_hands
            on range_deal_hands.deal_no = totals.tally
            and range_deal_hands.seat = totals.player
    )
select
    combo_totals.player,
    combo_totals.part // 52 as card_1,
    combo_totals.part % 52 as card_2,
    combo_totals.runouts as deals,
    combo_totals.wins,
    combo_totals.ties,
    combo_totals.pot_shares,
    combo_totals.equity
from range_totals_of('deal_totals') as combo_totals;
