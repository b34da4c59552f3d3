/*
  The preflop job (023), part 1: every board as if suits did not matter, counted once per value
  matchup (023's header says how). Then the same counting for any number of hands, three to ten
  all-in before the flop (preflop_board_classes_of, below): their boards by kind, as classes
  to tally, where dealing them is 658,008 to 1,370,754 boards a spot.
*/

/* Part 1: for every value matchup and five-value board (best_by_values' keys of five cards),
   the boards left by the dead cards and who wins on them by values alone. */
create view preflop_value_counts as
with
    value_matchups as (
        select distinct
            values_1,
            values_2,
            code_1,
            in_suit_1 + off_suit_1 as dead_1,
            code_2,
            in_suit_2 + off_suit_2 as dead_2,
            code_3,
            in_suit_3 + off_suit_3 as dead_3,
            code_4,
            in_suit_4 + off_suit_4 as dead_4
        from preflop_profiles
    ),
    -- Each hand's values on each board: 91 value pairs times 6,175 boards.
    hole_boards as (
        select
            hole.hole_values,
            board.rank_key as board_key,
            board.rank_key + hole.rank_key as rank_key
        from (select distinct hole_values, rank_key from preflop_hole_shapes) as hole
        cross join best_by_values as board
        where board.card_count = 5
    ),
    hole_ranks as (
        select
            hole_boards.hole_values,
            hole_boards.board_key,
            value_picks.picks,
            hand.hand_rank
        from hole_boards
        inner join value_picks
            on value_picks.rank_key = hole_boards.board_key
        inner join best_by_values as hand
            on hand.card_count = 7
            and hand.rank_key = hole_boards.rank_key
    ),
    showdowns as (
        select
            hand_1.hole_values as values_1,
            hand_2.hole_values as values_2,
            hand_1.board_key,
            hand_1.picks,
            hand_1.hand_rank as rank_1,
            hand_2.hand_rank as rank_2
        from hole_ranks as hand_1
        inner join hole_ranks as hand_2
            on hand_2.board_key = hand_1.board_key
            and hand_2.hole_values >= hand_1.hole_values
    ),
    -- Each board's cards of the dead values, the slots' keys into preflop_value_ways.
    dead_values as (
        select /*+ BROADCAST(value_matchups) */
            showdowns.rank_1,
            showdowns.rank_2,
            showdowns.picks,
            value_matchups.*,
            showdowns.board_key // value_matchups.code_1 % 5 as board_1,
            showdowns.board_key // value_matchups.code_2 % 5 as board_2,
            showdowns.board_key // value_matchups.code_3 % 5 as board_3,
            showdowns.board_key // value_matchups.code_4 % 5 as board_4
        from showdowns
        inner join value_matchups
            on value_matchups.values_1 = showdowns.values_1
            and value_matchups.values_2 = showdowns.values_2
    ),
    weighted as (
        select /*+ BROADCAST(slot_1, slot_2, slot_3, slot_4) */
            dead_values.values_1,
            dead_values.values_2,
            dead_values.rank_1,
            dead_values.rank_2,
            dead_values.picks
                // (slot_1.ways_undealt * slot_2.ways_undealt * slot_3.ways_undealt * slot_4.ways_undealt)
                * (slot_1.ways * slot_2.ways * slot_3.ways * slot_4.ways) as boards
        from dead_values
        inner join preflop_value_ways as slot_1
            on slot_1.board_cards = dead_values.board_1
            and slot_1.dead_cards = dead_values.dead_1
        inner join preflop_value_ways as slot_2
            on slot_2.board_cards = dead_values.board_2
            and slot_2.dead_cards = dead_values.dead_2
        inner join preflop_value_ways as slot_3
            on slot_3.board_cards = dead_values.board_3
            and slot_3.dead_cards = dead_values.dead_3
        inner join preflop_value_ways as slot_4
            on slot_4.board_cards = dead_values.board_4
            and slot_4.dead_cards = dead_values.dead_4
    ),
    counts as (
        select
            values_1,
            values_2,
            sum(boards) as boards,
            sum(case when rank_1 < rank_2 then boards else 0 end) as wins,
            sum(case when rank_1 = rank_2 then boards else 0 end) as ties
        from weighted
        group by values_1, values_2
    )
-- Counted in one order (the first hand's values not above the second's), turned round here:
-- each row of two different values again with the hands swapped (turned 1). One reading of
-- counts, not a union of two: Spark computes a CTE once for each time it is read.
select
    case when turned.digit = 0 then counts.values_1 else counts.values_2 end as values_1,
    case when turned.digit = 0 then counts.values_2 else counts.values_1 end as values_2,
    counts.boards,
    case when turned.digit = 0 then counts.wins else counts.boards - counts.wins - counts.ties end as wins,
    counts.ties
from counts
inner join digits as turned
    on turned.digit <= 1
    and (turned.digit = 0 or counts.values_2 <> counts.values_1);

/* Any number of hands before the flop, counted by kind: the boards of five that the hands' cards
   leave (658,008 to 1,712,304), as the classes of equity_board_classes (015: the board's values,
   and the suit and values of a suit holding three or more), each with its boards (weight), without
   dealing them, as parts 1 and 2 count them (023's header) for every dead card of the hands:
     - a flush class (preflop_flush_classes) of a suit where some hand can make five (the suit's
       board cards and the most cards of it one hand holds: five or more) is a class of its own,
       and where the flushes beat every other hand (the board's values all different, a hand of
       every tally able to make five) those of one suit and flush values, whatever the other
       cards, are one;
     - every other board of a value board (best_by_values' fives: 6,175) plays as its values
       alone: that board's boards less the flush classes' taken from it.
   preflop_ways(cards_left, board_cards): C(cards_left, board_cards), both 0 to 4.
   preflop_board_ways(board_key, flush_mask, left_key): the boards of a class, the product over
     the 13 values of C(cards left of the value, its board cards less the flush suit's), the
     cards left written in base 5 as a rank_key is (left_key).
   preflop_board_classes_of(spot_cards, spot_players): spot_cards, the hands' cards per spot
     (spot, card_id: the dead cards), spot_players, the hands (spot, tally, hole_1, hole_2); one row per
     class per spot, as history_equities_of (031) tallies them: spot, runout (the class's number
     as classified_boards gives it), weight, rank_key, suit_counts and card_mask. */
create macro preflop_ways(cards_left, board_cards) as
    case board_cards
        when 0 then 1
        when 1 then cards_left
        when 2 then cards_left * (cards_left - 1) // 2
        when 3 then cards_left * (cards_left - 1) * (cards_left - 2) // 6
        else cards_left * (cards_left - 1) * (cards_left - 2) * (cards_left - 3) // 24
    end;

create macro preflop_board_ways(board_key, flush_mask, left_key) as
    preflop_ways(left_key % 5, board_key % 5 - flush_mask % 2)
    * preflop_ways(left_key // 5 % 5, board_key // 5 % 5 - flush_mask // 2 % 2)
    * preflop_ways(left_key // 25 % 5, board_key // 25 % 5 - flush_mask // 4 % 2)
    * preflop_ways(left_key // 125 % 5, board_key // 125 % 5 - flush_mask // 8 % 2)
    * preflop_ways(left_key // 625 % 5, board_key // 625 % 5 - flush_mask // 16 % 2)
    * preflop_ways(left_key // 3125 % 5, board_key // 3125 % 5 - flush_mask // 32 % 2)
    * preflop_ways(left_key // 15625 % 5, board_key // 15625 % 5 - flush_mask // 64 % 2)
    * preflop_ways(left_key // 78125 % 5, board_key // 78125 % 5 - flush_mask // 128 % 2)
    * preflop_ways(left_key // 390625 % 5, board_key // 390625 % 5 - flush_mask // 256 % 2)
    * preflop_ways(left_key // 1953125 % 5, board_key // 1953125 % 5 - flush_mask // 512 % 2)
    * preflop_ways(left_key // 9765625 % 5, board_key // 9765625 % 5 - flush_mask // 1024 % 2)
    * preflop_ways(left_key // 48828125 % 5, board_key // 48828125 % 5 - flush_mask // 2048 % 2)
    * preflop_ways(left_key // 244140625 % 5, board_key // 244140625 % 5 - flush_mask // 4096 % 2);

create macro preflop_board_classes_of(spot_cards, spot_players) as table
with
    -- per spot and suit: the dead cards' values (base 5), those off the suit, the suit's dead values
    spot_suits as (
        select
            dead.spot,
            suits.suit_index,
            cast(sum(cards.rank_code) as bigint) as dead_key,
            cast(sum(case when cards.suit_index = suits.suit_index then 0 else cards.rank_code end) as bigint) as dead_off_key,
            sum(case when cards.suit_index = suits.suit_index then cards.value_bit else 0 end) as dead_in_mask
        from query_table(spot_cards) as dead
        inner join cards
            on cards.card_id = dead.card_id
        cross join (select distinct suit_index from cards) as suits
        group by dead.spot, suits.suit_index
    ),
    -- per spot and suit: the most cards of the suit one hand holds, in the spot and in every tally
    tally_holders as (
        select
            hands.spot,
            hands.tally,
            suits.suit_index,
            max(case when high.suit_index = suits.suit_index then 1 else 0 end
                + case when low.suit_index = suits.suit_index then 1 else 0 end) as most_held
        from query_table(spot_players) as hands
        inner join cards as high
            on high.card_id = hands.hole_1
        inner join cards as low
            on low.card_id = hands.hole_2
        cross join (select distinct suit_index from cards) as suits
        group by hands.spot, hands.tally, suits.suit_index
    ),
    suit_holders as (
        select spot, suit_index, max(most_held) as most_held, min(most_held) as held_in_every_tally
        from tally_holders
        group by spot, suit_index
    ),
    -- the flush classes where some hand can make five of the suit; each card of the suit's flush
    -- values is left (not dead), the other cards are off the suit (3 of a value less its dead ones)
    flush_boards as (
        select
            spot_suits.spot,
            spot_suits.suit_index,
            classes.board_key,
            classes.flush_mask,
            classes.flush_cards,
            -- the flushes beat every other hand in every tally
            case when classes.unpaired = 1 and classes.flush_cards + suit_holders.held_in_every_tally >= 5 then 1 else 0 end as flush_wins,
            preflop_board_ways(classes.board_key, classes.flush_mask, 915527343 - spot_suits.dead_off_key) as weight
        from spot_suits
        inner join suit_holders
            on suit_holders.spot = spot_suits.spot
            and suit_holders.suit_index = spot_suits.suit_index
        inner join digits as flush_cards
            on flush_cards.digit between 5 - suit_holders.most_held and 5
            and flush_cards.digit >= 3
        inner join preflop_flush_classes as classes
            on classes.flush_cards = flush_cards.digit
        where (classes.flush_mask & spot_suits.dead_in_mask) = 0
    ),
    flush_taken as (
        select spot, board_key, sum(weight) as weight
        from flush_boards
        group by spot, board_key
    ),
    -- every value board: 4 cards of each value less the dead ones
    value_boards as (
        select
            spot_suits.spot,
            boards.rank_key as board_key,
            preflop_board_ways(boards.rank_key, 0, 1220703124 - spot_suits.dead_key) as weight
        from spot_suits
        cross join best_by_values as boards
        where spot_suits.suit_index = 0
            and boards.card_count = 5
    ),
    flush_classes as (
        select
            spot,
            suit_index,
            flush_mask,
            flush_cards,
            min(board_key) as rank_key,
            sum(weight) as weight
        from flush_boards
        where weight > 0
        group by spot, suit_index, flush_mask, flush_cards, case when flush_wins = 1 then 0 else board_key end
    )
select
    value_boards.spot,
    value_boards.board_key * 32768 as runout,
    value_boards.weight - coalesce(flush_taken.weight, 0) as weight,
    value_boards.board_key as rank_key,
    cast(0 as bigint) as suit_counts,
    cast(0 as bigint) as card_mask
from value_boards
left join flush_taken
    on flush_taken.spot = value_boards.spot
    and flush_taken.board_key = value_boards.board_key
where value_boards.weight > coalesce(flush_taken.weight, 0)
union all
select
    spot,
    rank_key * 32768 + suit_index * 8192 + flush_mask,
    weight,
    rank_key,
    cast(flush_cards as bigint) << (3 * suit_index),
    cast(flush_mask as bigint) << (13 * suit_index)
from flush_classes;
