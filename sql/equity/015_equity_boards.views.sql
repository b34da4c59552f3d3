/*
  Texas Hold'em equity, exact: every board that can still come, grouped into classes that play
  alike. The inputs are the tables of 014. The tally, exact equity and the next street are in
  017, ranges in 018, one random opponent in 019, Monte Carlo in 020 and 021.

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

/*
  known_hands_of(board_rows): a table macro, each board of the relation named (tally, runout,
  weight, and its cards summed: rank_key, suit_counts, card_mask) with each known hand
  (known_holes): one row per board per player, the seven cards summed: runouts as equity_of
  (017) reads them.
*/
create macro known_hands_of(board_rows) as table
select
    boards.tally,
    boards.runout,
    boards.weight,
    known_holes.player,
    cast(boards.rank_key + known_holes.rank_key as bigint) as rank_key,
    cast(boards.suit_counts + known_holes.suit_counts as bigint) as suit_counts,
    cast(boards.card_mask + known_holes.card_mask as bigint) as card_mask
from query_table(board_rows) as boards
cross join known_holes;

create view equity_boards as
with
    -- What is still to come, of the cards still in the deck (the sets of 013, one size a branch):
    -- five cards before the flop, two after it, one after the turn.
    to_come as (
        select rank_key, suit_counts, card_mask
        from deck_fives_of('equity_deck')
        where (select board_size from board_so_far) = 0
        union all
        select rank_key, suit_counts, card_mask
        from deck_pairs_of('equity_deck')
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

/*
  board_classes_of(board_rows): a table macro, every board of the relation named (board_mask,
  its cards as a 52-bit set, rank_key and suit_counts, and any other columns) with its class,
  as equity_board_classes groups them (above): flush_suit (the suit holding three or more of
  its cards, null: none), flush_cards and flush_values (that suit's count and values),
  board_class (the class's number), class_suit_counts and class_card_mask (the flush suit's
  count and cards alone). Monte Carlo's trials (021) and a hand history's boards (031) too.
*/
create macro board_classes_of(board_rows) as table
with
    flush_parts as (
        select
            boards.*,
            flush_suits.three_suit as flush_suit,
            coalesce((boards.suit_counts >> (3 * flush_suits.three_suit)) & 7, 0) as flush_cards,
            coalesce((boards.board_mask >> (13 * flush_suits.three_suit)) & 8191, 0) as flush_values
        from query_table(board_rows) as boards
        inner join flush_suits
            on flush_suits.suit_counts = boards.suit_counts
    )
select
    flush_parts.*,
    -- A class's number: rank_key < 2 ^ 31, then 2 bits of suit and 13 of values.
    rank_key * 32768 + coalesce(flush_suit * 8192, 0) + flush_values as board_class,
    coalesce(flush_cards << (3 * flush_suit), 0) as class_suit_counts,
    coalesce(flush_values << (13 * flush_suit), 0) as class_card_mask
from flush_parts;

create view classified_boards as
select
    board_mask,
    board_class,
    rank_key,
    class_suit_counts as suit_counts,
    class_card_mask as card_mask
from board_classes_of('equity_boards');

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
