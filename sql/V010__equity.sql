/*
  Texas Hold'em equity, exact: every board that can still come, evaluated.

  Inputs (empty between uses):
    hand_input  (V003)   each player's two hole cards, hand_no = player;
    board_input          the board so far: 0, 3, 4 or 5 cards;
    dead_input           cards known to be out of the deck.

  equity_deck: one row per card still in the deck.
  equity_boards: one row per complete five-card board (board_mask = its cards
    as a 52-bit set): the board so far plus every combination of the cards
    still to come from equity_deck (1,712,304 boards heads-up before the flop).
  equity_hands: one row per board per player: the player's seven cards
    evaluated as in best_hands (V008).
  equity_showdowns: one row per board: each player's hand_rank (rank_1 ..
    rank_10), the best of them and how many players hold it (winners).
  equity: one row per player: boards won alone (wins), boards split (ties),
    and equity = (wins + each split board's share) / boards.
*/

create table board_input (
    card_id integer primary key references cards (card_id)
);

create table dead_input (
    card_id integer primary key references cards (card_id)
);

create view equity_deck as
select
    card_codes.card_id,
    card_codes.rank_code,
    card_codes.suit_code,
    card_codes.card_bit
from card_codes
where card_codes.card_id not in (select card_id from hand_input)
    and card_codes.card_id not in (select card_id from board_input)
    and card_codes.card_id not in (select card_id from dead_input);

create view equity_boards as
with
    board_so_far as (
        select
            count(*) as board_size,
            cast(coalesce(sum(card_codes.rank_code), 0) as bigint) as rank_key,
            cast(coalesce(sum(card_codes.suit_code), 0) as bigint) as suit_counts,
            cast(coalesce(sum(card_codes.card_bit), 0) as bigint) as card_mask
        from board_input
        inner join card_codes
            on card_codes.card_id = board_input.card_id
    ),
    deck_pairs as (
        select
            card_1.card_id as low_card,
            card_2.card_id as high_card,
            card_1.rank_code + card_2.rank_code as rank_key,
            card_1.suit_code + card_2.suit_code as suit_counts,
            card_1.card_bit + card_2.card_bit as card_mask
        from equity_deck as card_1
        inner join equity_deck as card_2
            on card_2.card_id > card_1.card_id
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
            5 as drawn,
            deck_pairs.rank_key + deck_triples.rank_key as rank_key,
            deck_pairs.suit_counts + deck_triples.suit_counts as suit_counts,
            deck_pairs.card_mask + deck_triples.card_mask as card_mask
        from deck_pairs
        inner join deck_triples
            on deck_triples.low_card > deck_pairs.high_card
        where (select board_size from board_so_far) = 0
        union all
        select 2, rank_key, suit_counts, card_mask
        from deck_pairs
        where (select board_size from board_so_far) = 3
        union all
        select 1, rank_code, suit_code, card_bit
        from equity_deck
        where (select board_size from board_so_far) = 4
        union all
        select 0, 0, 0, 0
        where (select board_size from board_so_far) = 5
    )
select
    board_so_far.card_mask + to_come.card_mask as board_mask,
    board_so_far.rank_key + to_come.rank_key as rank_key,
    board_so_far.suit_counts + to_come.suit_counts as suit_counts
from to_come
cross join board_so_far;

create view equity_hands as
with
    hole_cards as (
        select
            hand_input.hand_no as player,
            cast(sum(card_codes.rank_code) as bigint) as rank_key,
            cast(sum(card_codes.suit_code) as bigint) as suit_counts,
            cast(sum(card_codes.card_bit) as bigint) as card_mask
        from hand_input
        inner join card_codes
            on card_codes.card_id = hand_input.card_id
        group by hand_input.hand_no
    ),
    seven_cards as (
        select
            equity_boards.board_mask,
            hole_cards.player,
            equity_boards.rank_key + hole_cards.rank_key as rank_key,
            equity_boards.suit_counts + hole_cards.suit_counts as suit_counts,
            equity_boards.board_mask + hole_cards.card_mask as card_mask
        from equity_boards
        cross join hole_cards
    ),
    flush_masks as (
        select
            board_mask,
            player,
            rank_key,
            case
                when suit_counts % 8 >= 5 then card_mask % 8192
                when suit_counts // 8 % 8 >= 5 then (card_mask >> 13) % 8192
                when suit_counts // 64 % 8 >= 5 then (card_mask >> 26) % 8192
                when suit_counts // 512 >= 5 then card_mask >> 39
            end as flush_mask
        from seven_cards
    )
select
    flush_masks.board_mask,
    flush_masks.player,
    case
        when by_flush.hand_rank < by_values.hand_rank then by_flush.hand_rank
        else by_values.hand_rank
    end as hand_rank
from flush_masks
inner join best_by_values as by_values
    on by_values.rank_key = flush_masks.rank_key
left join best_by_flush as by_flush
    on by_flush.value_mask = flush_masks.flush_mask;

/* One row per board, every player's hand_rank side by side (up to ten players):
   one grouping instead of a window over millions of rows. */
create view equity_showdowns as
with
    board_ranks as (
        select
            board_mask,
            min(case when player = 1 then hand_rank end) as rank_1,
            min(case when player = 2 then hand_rank end) as rank_2,
            min(case when player = 3 then hand_rank end) as rank_3,
            min(case when player = 4 then hand_rank end) as rank_4,
            min(case when player = 5 then hand_rank end) as rank_5,
            min(case when player = 6 then hand_rank end) as rank_6,
            min(case when player = 7 then hand_rank end) as rank_7,
            min(case when player = 8 then hand_rank end) as rank_8,
            min(case when player = 9 then hand_rank end) as rank_9,
            min(case when player = 10 then hand_rank end) as rank_10
        from equity_hands
        group by board_mask
    ),
    board_best as (
        select
            board_ranks.*,
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
        from board_ranks
    )
select
    board_best.*,
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
from board_best;

create view equity as
with
    players as (
        select distinct
            hand_no as player
        from hand_input
    ),
    outcomes as (
        select
            players.player,
            board_winners.best_rank,
            board_winners.winners,
            case players.player
                when 1 then board_winners.rank_1
                when 2 then board_winners.rank_2
                when 3 then board_winners.rank_3
                when 4 then board_winners.rank_4
                when 5 then board_winners.rank_5
                when 6 then board_winners.rank_6
                when 7 then board_winners.rank_7
                when 8 then board_winners.rank_8
                when 9 then board_winners.rank_9
                when 10 then board_winners.rank_10
            end as hand_rank
        from equity_showdowns as board_winners
        cross join players
    ),
    totals as (
        select
            player,
            count(*) as boards,
            sum(case when hand_rank = best_rank and winners = 1 then 1 else 0 end) as wins,
            sum(case when hand_rank = best_rank and winners > 1 then 1 else 0 end) as ties,
            sum(case when hand_rank = best_rank then 1.0 / winners else 0 end) as pot_share
        from outcomes
        group by player
    )
select
    player,
    boards,
    wins,
    ties,
    pot_share / boards as equity
from totals;
