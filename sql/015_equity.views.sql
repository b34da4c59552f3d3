/*
  Texas Hold'em equity, exact: every board that can still come, grouped into
  classes that play alike, and the tally that every equity view counts with. The
  inputs are the tables of 014. Ranges are in 017, Monte Carlo in 020.

  equity_deck: one row per card still in the deck.
  board_so_far: one row, the board's cards summed into the codes of cards (001).
  known_holes: one row per known hand (hand_input), its two cards summed.
  equity_boards: one row per complete five-card board (board_mask = its cards as a
    52-bit set): the board so far plus every combination of the cards still to
    come (1,712,304 boards heads-up before the flop). Read by the exact views
    only (equity, range_equity, random_opponent_equity): Monte Carlo draws its boards.
  classified_boards: one row per complete board, its mask and its class (below).
  equity_board_classes: one row per class of those boards, with boards, the
    number of them (the class's weight). Two boards are in one class when every
    player's seven cards make the same hand with either, whoever the players are:
      - the same values (rank_key), so any hole cards make the same values;
      - and, if a suit holds three or more of the board's five cards
        (flush_suits.three_suit), that suit and its values on the board. Seven
        cards hold a flush only in a suit with five of them, so with at most two
        hole cards only in a suit holding three of the board, and five cards
        hold at most one such suit.
    The other suits' cards can never be part of a flush: a class keeps only the
    flush suit's count (in suit_counts) and cards (in card_mask), so a board of
    the class plus hole cards gives the seven cards' hand_key as the board itself
    would. Heads-up before the flop: 117,601 classes for 1,712,304 boards.
  pot_shares_of(outcome_rows), equity_of(runout_rows): the tally (table macros, below).
  exact_runouts: one row per class of boards per known player (tally 0): the class's
    number (runout), its boards (weight) and the player's seven cards summed.
  equity: one row per player: the runouts (boards) won alone (wins) and split (ties),
    pot_shares and equity, as pot_shares_of counts them.
*/


create view equity_deck as
select
    cards.card_id,
    cards.rank_code,
    cards.suit_code,
    cards.card_bit
from cards
where cards.card_id not in (select card_id from hand_input)
    and cards.card_id not in (select card_id from board_input)
    and cards.card_id not in (select card_id from dead_input);

create view board_so_far as
select
    count(*) as board_size,
    cast(coalesce(sum(cards.rank_code), 0) as bigint) as rank_key,
    cast(coalesce(sum(cards.suit_code), 0) as bigint) as suit_counts,
    cast(coalesce(sum(cards.card_bit), 0) as bigint) as card_mask
from board_input
inner join cards
    on cards.card_id = board_input.card_id;

create view known_holes as
select
    hand_input.hand_no as player,
    cast(sum(cards.rank_code) as bigint) as rank_key,
    cast(sum(cards.suit_code) as bigint) as suit_counts,
    cast(sum(cards.card_bit) as bigint) as card_mask
from hand_input
inner join cards
    on cards.card_id = hand_input.card_id
group by hand_input.hand_no;

create view equity_boards as
with
    -- The pairs of card_pairs (013) whose two cards are still in the deck.
    deck_pairs as (
        select
            card_pairs.low_card,
            card_pairs.high_card,
            card_pairs.rank_key,
            card_pairs.suit_counts,
            card_pairs.card_mask
        from card_pairs
        inner join equity_deck as low
            on low.card_id = card_pairs.low_card
        inner join equity_deck as high
            on high.card_id = card_pairs.high_card
    ),
    deck_triples as (
        select
            card_3.card_id as low_card,
            card_3.rank_code + deck_pairs.rank_key as rank_key,
            card_3.suit_code + deck_pairs.suit_counts as suit_counts,
            card_3.card_bit + deck_pairs.card_mask as card_mask
        from equity_deck as card_3
        inner join deck_pairs
            on deck_pairs.low_card > card_3.card_id
    ),
    -- What is still to come: five cards before the flop, two after it, one after the turn.
    to_come as (
        select
            deck_pairs.rank_key + deck_triples.rank_key as rank_key,
            deck_pairs.suit_counts + deck_triples.suit_counts as suit_counts,
            deck_pairs.card_mask + deck_triples.card_mask as card_mask
        from deck_pairs
        inner join deck_triples
            on deck_triples.low_card > deck_pairs.high_card
        where (select board_size from board_so_far) = 0
        union all
        select rank_key, suit_counts, card_mask
        from deck_pairs
        where (select board_size from board_so_far) = 3
        union all
        select rank_code, suit_code, card_bit
        from equity_deck
        where (select board_size from board_so_far) = 4
        union all
        select 0, 0, 0
        where (select board_size from board_so_far) = 5
    )
select
    board_so_far.card_mask + to_come.card_mask as board_mask,
    board_so_far.rank_key + to_come.rank_key as rank_key,
    board_so_far.suit_counts + to_come.suit_counts as suit_counts
from to_come
cross join board_so_far;

create view classified_boards as
with
    flush_boards as (
        select
            equity_boards.board_mask,
            equity_boards.rank_key,
            equity_boards.suit_counts,
            flush_suits.three_suit as flush_suit
        from equity_boards
        inner join flush_suits
            on flush_suits.suit_counts = equity_boards.suit_counts
    ),
    flush_parts as (
        select
            board_mask,
            rank_key,
            flush_suit,
            coalesce((suit_counts >> (3 * flush_suit)) & 7, 0) as flush_cards,
            coalesce((board_mask >> (13 * flush_suit)) & 8191, 0) as flush_values
        from flush_boards
    )
select
    board_mask,
    -- A class's number: rank_key < 2 ^ 31, then 2 bits of suit and 13 of values.
    rank_key * 32768 + coalesce(flush_suit * 8192, 0) + flush_values as board_class,
    rank_key,
    coalesce(flush_cards << (3 * flush_suit), 0) as suit_counts,
    coalesce(flush_values << (13 * flush_suit), 0) as card_mask
from flush_parts;

create view equity_board_classes as
select
    board_class,
    rank_key,
    suit_counts,
    card_mask,
    count(*) as boards
from classified_boards
group by
    board_class,
    rank_key,
    suit_counts,
    card_mask;

/*
  The tally, one definition for every equity view: equity (below), monte_carlo_equity (020),
  range_equity (017), random_opponent_equity (018) and street_equity (021). Two DuckDB
  table macros; for the other engines pokersql expands each call into the query itself
  when it transpiles a file (pokersql/transpile.py), so no engine holds a copy. (A
  macro's parameter stands for every column of its name: its name is no column's.)

  pot_shares_of(outcome_rows): the relation named holds one row per player per runout
    (or group of runouts): tally (what the counts are per: one value for one answer,
    the next card in street_equity), player, weight (the runouts the row stands for)
    and winners (how many share the pot when the player is one of them, 0 when the
    player loses). One row per tally per player: runouts, wins (alone), ties (split),
    pot_shares, each pot's share in 2520ths (divisible by 1..10, so the sums are exact
    integers), and equity = pot_shares / (2520 * runouts).
  equity_of(runout_rows): the relation named holds one row per runout per player:
    tally, runout (a number unique within its tally), weight, player (1 to 10) and the
    player's seven cards summed into the codes of cards (rank_key, suit_counts,
    card_mask, 001). Each hand is looked up (seven_card_ranks, 013); the players'
    hand_ranks are set side by side per runout (rank_1 .. rank_10, packed into three
    sums of 13-bit ranks and unpacked: SQLite has no pivot), the best is found with how
    many hold it, and pot_shares_of counts them.
*/
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
    pot_shares / (2520.0 * runouts) as equity
from totals;

create macro equity_of(runout_rows) as table
with
    seat_ranks as (
        select
            tally,
            runout,
            weight,
            player,
            hand_rank
        from seven_card_ranks(runout_rows)
    ),
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
        from seat_ranks
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
    ),
    -- showdowns and counted are materialized for SQLite: inlined, every reading of the ten
    -- ranks, best_rank and winners below would copy their expressions, thousands of steps a
    -- runout (a query 20 times larger to compile; exact equity before the flop 1.5 times slower).
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
        from runout_ranks
    ),
    counted as materialized (
        select
            showdowns.*,
            case when rank_1 = best_rank then 1 else 0 end
            + case when rank_2 = best_rank then 1 else 0 end
            + case when rank_3 = best_rank then 1 else 0 end
            + case when rank_4 = best_rank then 1 else 0 end
            + case when rank_5 = best_rank then 1 else 0 end
            + case when rank_6 = best_rank then 1 else 0 end
            + case when rank_7 = best_rank then 1 else 0 end
            + case when rank_8 = best_rank then 1 else 0 end
            + case when rank_9 = best_rank then 1 else 0 end
            + case when rank_10 = best_rank then 1 else 0 end
            as winners
        from showdowns
    ),
    -- Each seat of each runout up to its last; a seat no player holds has no rank and is left out.
    seats_ranked as (
        select
            counted.tally,
            seats.player,
            counted.weight,
            counted.best_rank,
            counted.winners,
            case seats.player
                when 1 then counted.rank_1
                when 2 then counted.rank_2
                when 3 then counted.rank_3
                when 4 then counted.rank_4
                when 5 then counted.rank_5
                when 6 then counted.rank_6
                when 7 then counted.rank_7
                when 8 then counted.rank_8
                when 9 then counted.rank_9
                when 10 then counted.rank_10
            end as hand_rank
        from counted
        inner join (select digit + 1 as player from digits) as seats
            on seats.player <= counted.last_seat
    ),
    outcomes as (
        select
            tally,
            player,
            weight,
            case when hand_rank = best_rank then winners else 0 end as winners
        from seats_ranked
        where hand_rank is not null
    )
select * from pot_shares_of('outcomes');

/* Exact: every class of boards with every known hand, tallied. */
create view exact_runouts as
select
    0 as tally,
    boards.board_class as runout,
    cast(boards.boards as bigint) as weight,
    known_holes.player,
    cast(boards.rank_key + known_holes.rank_key as bigint) as rank_key,
    cast(boards.suit_counts + known_holes.suit_counts as bigint) as suit_counts,
    cast(boards.card_mask + known_holes.card_mask as bigint) as card_mask
from equity_board_classes as boards
cross join known_holes;

create view equity as
select
    player,
    runouts,
    wins,
    ties,
    pot_shares,
    equity
from equity_of('exact_runouts');
