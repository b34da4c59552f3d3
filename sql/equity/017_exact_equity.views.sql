/*
  Exact equity: the tally that every equity view counts with, every class of boards (015)
  tallied with the known hands, and the next street card by card.

  pot_shares_of(outcome_rows), equity_of(runout_rows) ...: the tally (table macros, below).
  exact_runouts: one row per class of boards per known player (tally 0): the class's
    number (runout), its boards (weight) and the player's seven cards summed.
  equity: one row per player: the runouts (boards) won alone (wins) and split (ties),
    pot_shares and equity, as pot_shares_of counts them.

  Street by street: with a flop or a turn on the table (board_input) and the players' known
  hands (hand_input, known_holes of 015), what the next card does to each player. Every
  card still in the deck (equity_deck) can come next; on a flop, every other card can then
  come on the river. Nothing here depends on deal_settings: the work is small (a flop and
  two players: 45 turns, 1,980 turn-and-river runouts).

  street_runouts: one row per next card and, on a flop, per river after it (null on a
    turn): the codes of the board with the next card (next_*), and of the final board
    (final_*, the same on a turn).
  street_hands: one row per player per next card: the hand_rank of the player's hand with
    the board and that card (6 cards on a flop, 7 on a turn).
  street_final_hands: one row per runout per player, as equity_of (below) reads it: the next
    card (tally), the river (runout; -1 on a turn), and the player's seven cards summed.
  street_equity: one row per player and next card, as street_leads_of (below) gives it:
    runouts     the boards that can follow that card (44 on a flop, 1 on a turn);
    wins, ties  of those, the ones the player wins alone, and splits;
    pot_shares, equity  as in equity (above): the share of the pot, in 2520ths and as a fraction,
                each next card tallied alone (equity_of);
    hand_rank   the player's hand_rank once the next card is dealt;
    leads       1 when that hand is the best at the table, alone or shared: the next cards
                where a player leads are that player's outs.
  street_leads_of(total_rows, hand_rows): a table macro, every next-street view's answer:
    total_rows holds the totals per next card (the tally) and player, as equity_of gives them,
    hand_rows the hand_rank per next_card and player once the card is dealt.
*/

/*
  The tally, one definition for every equity view: equity (below), monte_carlo_equity (021),
  range_equity (018), random_opponent_equity (019) and street_equity (below). DuckDB
  table macros; for the other engines pokersql expands each call into the query itself
  when it transpiles a file (pokersql/transpile.py), so no engine holds a copy. (A
  macro's parameter stands for every column of its name: its name is no column's.)

  pot_shares_of(outcome_rows): the relation named holds one row per player per runout
    (or group of runouts): tally (what the counts are per: one value for one answer,
    the next card in street_equity), player, weight (the runouts the row stands for)
    and winners (how many share the pot when the player is one of them, 0 when the
    player loses). One row per tally per player: runouts, wins (alone), ties (split),
    pot_shares, each pot's share in 2520ths (divisible by 1..10, so the sums are exact
    integers), and equity = pot_shares / (2520 * runouts): share_equity(shares, of_runouts),
    a scalar macro, the one division (the ranges' sums too, 018 and 049).
  ranked_equity_of(ranked_rows): the relation named holds one row per runout per player:
    tally, runout (a number unique within its tally), weight, player (1 to 10) and the
    player's hand_rank (smaller is better, below 8,192). The players' hand_ranks are set
    side by side per runout (rank_1 .. rank_10, packed into three sums of 13-bit ranks
    and unpacked: SQLite has no pivot), the best is found with how many hold it, and
    pot_shares_of counts them: runout_ranks_of(ranked_rows) sets them side by side (tally,
    weight, rank_1 .. rank_10, last_seat) and runout_equity_of(runout_rank_rows) counts such
    rows (history_equities_of, 031, sets a spot's hands side by side once for all its pots).
    Other games' equity (sql/08_games) ranks its hands its own way and is counted by it too.
  equity_of(runout_rows): the same, each player's seven cards summed into the codes of
    cards (rank_key, suit_counts, card_mask, 001) in place of hand_rank: each hand is
    looked up (seven_card_ranks, 013), then counted by ranked_equity_of.
  player_equity_of(ranked_rows): ranked_equity_of's totals of one answer (one tally), one row
    per player, the columns of every view of one answer (equity, monte_carlo_equity, ...).
*/
create macro share_equity(shares, of_runouts) as shares / (2520.0 * of_runouts);

create macro pot_shares_of(outcome_rows) as table
with
    totals as (
        select
            tally,
            player,
            sum(weight) as runouts,
            sum(case when winners = 1 then weight else 0 end) as wins,
            sum(case when winners > 1 then weight else 0 end) as ties,
            sum(case when winners > 0 then weight * (2520 // winners) else 0 end) as pot_shares
        from query_table(outcome_rows)
        group by tally, player
    )
select
    tally,
    player,
    runouts,
    wins,
    ties,
    pot_shares,
    share_equity(pot_shares, runouts) as equity
from totals;

create macro runout_ranks_of(ranked_rows) as table
with
    packed_ranks as (
        select
            tally,
            runout,
            weight,
            cast(sum(
                case when player <= 4 then cast(hand_rank as bigint) << (13 * (player - 1)) else 0 end
            ) as bigint) as seats_1_to_4,
            cast(sum(
                case
                    when player between 5 and 8 then cast(hand_rank as bigint) << (13 * (player - 5))
                    else 0
                end
            ) as bigint) as seats_5_to_8,
            cast(sum(
                case when player >= 9 then cast(hand_rank as bigint) << (13 * (player - 9)) else 0 end
            ) as bigint) as seats_9_to_10,
            max(player) as last_seat
        from query_table(ranked_rows)
        group by tally, runout, weight
    ),
    runout_ranks as (
        select
            tally,
            weight,
            nullif((seats_1_to_4 >> 0) & 8191, 0) as rank_1,
            nullif((seats_1_to_4 >> 13) & 8191, 0) as rank_2,
            nullif((seats_1_to_4 >> 26) & 8191, 0) as rank_3,
            nullif((seats_1_to_4 >> 39) & 8191, 0) as rank_4,
            nullif((seats_5_to_8 >> 0) & 8191, 0) as rank_5,
            nullif((seats_5_to_8 >> 13) & 8191, 0) as rank_6,
            nullif((seats_5_to_8 >> 26) & 8191, 0) as rank_7,
            nullif((seats_5_to_8 >> 39) & 8191, 0) as rank_8,
            nullif((seats_9_to_10 >> 0) & 8191, 0) as rank_9,
            nullif((seats_9_to_10 >> 13) & 8191, 0) as rank_10,
            last_seat
        from packed_ranks
    )
select * from runout_ranks;

create macro runout_equity_of(runout_rank_rows) as table
with
    -- showdowns is materialized for SQLite: inlined, every reading of the ten ranks and
    -- best_rank below would copy their expressions (a query 20 times larger to compile; exact
    -- equity before the flop 1.5 times slower).
    showdowns as materialized (
        select
            runout_ranks.*,
            least(
                coalesce(rank_1, 9999),
                coalesce(rank_2, 9999),
                coalesce(rank_3, 9999),
                coalesce(rank_4, 9999),
                coalesce(rank_5, 9999),
                coalesce(rank_6, 9999),
                coalesce(rank_7, 9999),
                coalesce(rank_8, 9999),
                coalesce(rank_9, 9999),
                coalesce(rank_10, 9999)
            ) as best_rank
        from query_table(runout_rank_rows) as runout_ranks
    ),
    -- Each runout's two sets of seats, a bit 1 << (player - 1) each: the seats holding a hand
    -- (held) and those holding the best (best).
    counted as (
        select
            tally,
            weight,
            case when rank_1 is not null then 1 else 0 end
            + case when rank_2 is not null then 2 else 0 end
            + case when rank_3 is not null then 4 else 0 end
            + case when rank_4 is not null then 8 else 0 end
            + case when rank_5 is not null then 16 else 0 end
            + case when rank_6 is not null then 32 else 0 end
            + case when rank_7 is not null then 64 else 0 end
            + case when rank_8 is not null then 128 else 0 end
            + case when rank_9 is not null then 256 else 0 end
            + case when rank_10 is not null then 512 else 0 end
            as held,
            case when rank_1 = best_rank then 1 else 0 end
            + case when rank_2 = best_rank then 2 else 0 end
            + case when rank_3 = best_rank then 4 else 0 end
            + case when rank_4 = best_rank then 8 else 0 end
            + case when rank_5 = best_rank then 16 else 0 end
            + case when rank_6 = best_rank then 32 else 0 end
            + case when rank_7 = best_rank then 64 else 0 end
            + case when rank_8 = best_rank then 128 else 0 end
            + case when rank_9 = best_rank then 256 else 0 end
            + case when rank_10 = best_rank then 512 else 0 end
            as best
        from showdowns
    ),
    -- The runouts of a tally with the same outcome summed (a few kinds a tally), then each seat
    -- of each kind that holds a hand: not each seat of each runout, most of the time on DuckDB.
    outcome_kinds as (
        select
            tally,
            held,
            best,
            (best & 1) + ((best >> 1) & 1) + ((best >> 2) & 1) + ((best >> 3) & 1) + ((best >> 4) & 1)
            + ((best >> 5) & 1) + ((best >> 6) & 1) + ((best >> 7) & 1) + ((best >> 8) & 1) + ((best >> 9) & 1) as winners,
            sum(weight) as weight
        from counted
        group by tally, held, best
    ),
    outcomes as (
        select
            outcome_kinds.tally,
            seats.digit + 1 as player,
            outcome_kinds.weight,
            case when (outcome_kinds.best >> seats.digit) & 1 = 1 then outcome_kinds.winners else 0 end as winners
        from outcome_kinds
        inner join digits as seats
            on (outcome_kinds.held >> seats.digit) & 1 = 1
    )
select * from pot_shares_of('outcomes');

create macro ranked_equity_of(ranked_rows) as table
with runout_ranks as (select * from runout_ranks_of(ranked_rows))
select * from runout_equity_of('runout_ranks');

create macro player_equity_of(ranked_rows) as table
select
    player,
    runouts,
    wins,
    ties,
    pot_shares,
    equity
from ranked_equity_of(ranked_rows);

create macro equity_of(runout_rows) as table
with seat_ranks as (select * from seven_card_ranks(runout_rows))
select * from ranked_equity_of('seat_ranks');

/* Exact: every class of boards with every known hand, tallied. */
create view exact_runouts as
with boards as (
    select 0 as tally, board_class as runout, cast(boards as bigint) as weight, rank_key, suit_counts, card_mask
    from equity_board_classes
)
select * from known_hands_of('boards');

create view equity as
with seat_ranks as (select * from seven_card_ranks('exact_runouts'))
select * from player_equity_of('seat_ranks');

create view street_runouts as
select
    next_card.card_id as next_card,
    river.card_id as river_card,
    board_so_far.rank_key + next_card.rank_code as next_rank_key,
    board_so_far.suit_counts + next_card.suit_code as next_suit_counts,
    board_so_far.card_mask + next_card.card_bit as next_card_mask,
    board_so_far.rank_key + next_card.rank_code + coalesce(river.rank_code, 0) as final_rank_key,
    board_so_far.suit_counts + next_card.suit_code + coalesce(river.suit_code, 0) as final_suit_counts,
    board_so_far.card_mask + next_card.card_bit + coalesce(river.card_bit, 0) as final_card_mask
from board_so_far
cross join equity_deck as next_card
left join equity_deck as river
    on board_so_far.board_size = 3
    and river.card_id <> next_card.card_id
where board_so_far.board_size in (3, 4);

create view street_hands as
with
    -- each next card (as the tally) once, the board with it
    next_boards as (
        select distinct
            next_card as tally,
            0 as runout,
            0 as weight,
            next_rank_key as rank_key,
            next_suit_counts as suit_counts,
            next_card_mask as card_mask
        from street_runouts
    ),
    next_hands as (
        select * from known_hands_of('next_boards')
    )
-- The lookup of best_hands (011): the values' best five, or the flush suit's.
select
    tally as next_card,
    player,
    hand_rank
from card_sum_ranks('next_hands');

create view street_final_hands as
with final_boards as (
    select
        next_card as tally,
        coalesce(river_card, -1) as runout,
        1 as weight,
        final_rank_key as rank_key,
        final_suit_counts as suit_counts,
        final_card_mask as card_mask
    from street_runouts
)
select * from known_hands_of('final_boards');

create macro street_leads_of(total_rows, hand_rows) as table
with
    leaders as (
        select
            next_card,
            player,
            hand_rank,
            min(hand_rank) over (partition by next_card) as best_rank
        from query_table(hand_rows)
    )
select
    totals.tally as next_card,
    totals.player,
    totals.runouts,
    totals.wins,
    totals.ties,
    totals.pot_shares,
    totals.equity,
    leaders.hand_rank,
    case when leaders.hand_rank = leaders.best_rank then 1 else 0 end as leads
from query_table(total_rows) as totals
inner join leaders
    on leaders.next_card = totals.tally
    and leaders.player = totals.player;

create view street_equity as
with totals as (select * from equity_of('street_final_hands'))
select * from street_leads_of('totals', 'street_hands');
