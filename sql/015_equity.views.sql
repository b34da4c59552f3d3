/*
  Texas Hold'em equity: every board that can still come (exact), or random
  runouts (Monte Carlo), each player's seven cards evaluated at each. The
  inputs are the tables of 014.

  equity_deck: one row per card still in the deck.
  board_so_far: one row, the board's cards summed into the codes of cards (001).
  equity_boards: exact: one row per complete five-card board (board_mask = its
    cards as a 52-bit set): the board so far plus every combination of the cards
    still to come (1,712,304 boards heads-up before the flop).
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
  equity_runouts: one row per runout per player, the player's seven cards, with
    a weight: exact, a runout is a class of boards and its weight its number of
    boards; Monte Carlo, a runout is a deal of the rest of the deck (the random
    players' hole cards first, two each, then the board), weight 1.
  equity_hands: the same rows evaluated by hand_key in suit_reduced_seven (012).
  equity_showdowns: one row per runout: each player's hand_rank side by side
    (rank_1 .. rank_10, up to ten players), the best and how many hold it.
  equity: one row per player: runouts (boards, or Monte Carlo runouts) won
    alone (wins) and split (ties), weighted; pot_shares, each pot's share in
    2520ths (divisible by 1..10, so the sums are exact integers); and
    equity = pot_shares / (2520 * runouts).
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

create view equity_runouts as
with
    known_holes as (
        select
            hand_input.hand_no as player,
            cast(sum(cards.rank_code) as bigint) as rank_key,
            cast(sum(cards.suit_code) as bigint) as suit_counts,
            cast(sum(cards.card_bit) as bigint) as card_mask
        from hand_input
        inner join cards
            on cards.card_id = hand_input.card_id
        group by hand_input.hand_no
    ),
    random_players as (
        select
            hand_no as player,
            row_number() over (order by hand_no) as random_order
        from random_hand_input
    ),
    -- Monte Carlo: each deal's order of the cards still in the deck.
    runout_order as (
        select
            shuffled_deck.deal_no,
            equity_deck.rank_code,
            equity_deck.suit_code,
            equity_deck.card_bit,
            row_number() over (
                partition by shuffled_deck.deal_no
                order by shuffled_deck.shuffle_key, shuffled_deck.card_id
            ) as deck_position
        from shuffled_deck
        inner join equity_deck
            on equity_deck.card_id = shuffled_deck.card_id
    ),
    drawn as (
        select
            runout_order.deal_no,
            runout_order.rank_code,
            runout_order.suit_code,
            runout_order.card_bit,
            random_players.player
        from runout_order
        cross join (select count(*) as random_count from random_hand_input) as randoms
        cross join board_so_far
        left join random_players
            on (runout_order.deck_position + 1) // 2 = random_players.random_order
        where runout_order.deck_position
            <= 2 * randoms.random_count + 5 - board_so_far.board_size
    ),
    -- One row per deal (deals = 0 deals none): the board so far and the cards drawn for it.
    random_boards as (
        select
            deal_numbers.deal_no as runout,
            board_so_far.rank_key + coalesce(sum(drawn.rank_code), 0) as rank_key,
            board_so_far.suit_counts + coalesce(sum(drawn.suit_code), 0) as suit_counts,
            board_so_far.card_mask + coalesce(sum(drawn.card_bit), 0) as card_mask
        from deal_numbers
        cross join board_so_far
        left join drawn
            on drawn.deal_no = deal_numbers.deal_no
            and drawn.player is null
        group by deal_numbers.deal_no, board_so_far.rank_key, board_so_far.suit_counts,
            board_so_far.card_mask
    ),
    random_holes as (
        select
            deal_no as runout,
            player,
            sum(rank_code) as rank_key,
            sum(suit_code) as suit_counts,
            sum(card_bit) as card_mask
        from drawn
        where player is not null
        group by deal_no, player
    ),
    -- Exact: one row per class of boards, weighed by its number of boards.
    boards as (
        select
            board_class as runout,
            rank_key,
            suit_counts,
            card_mask,
            boards as weight
        from equity_board_classes
        where (select deals from deal_settings) = 0
        union all
        select
            runout,
            rank_key,
            suit_counts,
            card_mask,
            1
        from random_boards
    ),
    seven_cards as (
        select
            boards.runout,
            boards.weight,
            known_holes.player,
            boards.rank_key + known_holes.rank_key as rank_key,
            boards.suit_counts + known_holes.suit_counts as suit_counts,
            boards.card_mask + known_holes.card_mask as card_mask
        from boards
        cross join known_holes
        union all
        select
            random_boards.runout,
            1,
            random_holes.player,
            random_boards.rank_key + random_holes.rank_key,
            random_boards.suit_counts + random_holes.suit_counts,
            random_boards.card_mask + random_holes.card_mask
        from random_boards
        inner join random_holes
            on random_holes.runout = random_boards.runout
    )
select
    runout,
    cast(weight as bigint) as weight,
    player,
    cast(rank_key as bigint) as rank_key,
    cast(suit_counts as bigint) as suit_counts,
    cast(card_mask as bigint) as card_mask
from seven_cards;

create view equity_hands as
with
    hand_keys as (
        select
            equity_runouts.runout,
            equity_runouts.weight,
            equity_runouts.player,
            equity_runouts.rank_key * 8192
            + ((equity_runouts.card_mask >> flush_suits.flush_shift) & flush_suits.flush_bits) as hand_key
        from equity_runouts
        inner join flush_suits
            on flush_suits.suit_counts = equity_runouts.suit_counts
    )
select
    hand_keys.runout,
    hand_keys.weight,
    hand_keys.player,
    suit_reduced_seven.hand_rank
from hand_keys
inner join suit_reduced_seven
    on suit_reduced_seven.hand_key = hand_keys.hand_key;

/* Every player's hand_rank side by side, one row per runout, the seats' 13-bit
   ranks packed into three sums and unpacked (SQLite has no pivot), and the weight. */
create view equity_showdowns as
with
    packed_ranks as (
        select
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
            ) as bigint) as seats_9_to_10
        from equity_hands
        group by runout, weight
    ),
    runout_ranks as (
        select
            runout,
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
            nullif((seats_9_to_10 >> 13) & 8191, 0) as rank_10
        from packed_ranks
    ),
    board_best as (
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
    )
select
    board_best.*,
    case when board_best.rank_1 = board_best.best_rank then 1 else 0 end
    + case when board_best.rank_2 = board_best.best_rank then 1 else 0 end
    + case when board_best.rank_3 = board_best.best_rank then 1 else 0 end
    + case when board_best.rank_4 = board_best.best_rank then 1 else 0 end
    + case when board_best.rank_5 = board_best.best_rank then 1 else 0 end
    + case when board_best.rank_6 = board_best.best_rank then 1 else 0 end
    + case when board_best.rank_7 = board_best.best_rank then 1 else 0 end
    + case when board_best.rank_8 = board_best.best_rank then 1 else 0 end
    + case when board_best.rank_9 = board_best.best_rank then 1 else 0 end
    + case when board_best.rank_10 = board_best.best_rank then 1 else 0 end
    as winners
from board_best;

create view equity as
with
    players as (
        select hand_no as player from hand_input
        union
        select hand_no from random_hand_input
    ),
    outcomes as (
        select
            players.player,
            showdowns.weight,
            showdowns.best_rank,
            showdowns.winners,
            case players.player
                when 1 then showdowns.rank_1
                when 2 then showdowns.rank_2
                when 3 then showdowns.rank_3
                when 4 then showdowns.rank_4
                when 5 then showdowns.rank_5
                when 6 then showdowns.rank_6
                when 7 then showdowns.rank_7
                when 8 then showdowns.rank_8
                when 9 then showdowns.rank_9
                when 10 then showdowns.rank_10
            end as hand_rank
        from equity_showdowns as showdowns
        cross join players
    ),
    totals as (
        select
            player,
            sum(weight) as runouts,
            sum(case when hand_rank = best_rank and winners = 1 then weight else 0 end) as wins,
            sum(case when hand_rank = best_rank and winners > 1 then weight else 0 end) as ties,
            -- Shares of a pot in 2520ths (divisible by 1..10), so the sums are exact integers.
            sum(case when hand_rank = best_rank then weight * (2520 // winners) else 0 end) as pot_shares
        from outcomes
        group by player
    )
select
    player,
    runouts,
    wins,
    ties,
    pot_shares,
    pot_shares / (2520.0 * runouts) as equity
from totals;
