/*
  Exact equity of known hands (hand_input) against one random hand (random_hand_input:
  one row), as holdem-calc's "? ?": every board still to come and every two cards left
  for the random hand, each deal counted once, without dealing them one by one. Reads
  the inputs of 014 and the classes of boards of 015.

  In one class of boards (equity_board_classes) every board has the same values and,
  in the suit holding three or more of its cards, the same cards. So the cards left
  for the random hand are, in every board of the class, the same number of each value
  in that suit and out of it; and a card out of that suit can never make a flush. The
  random hand's combinations group into patterns: two values, and which of its two
  cards are in that suit, with the number of combinations (pattern_combos).

  known_cards_by_value: one row per value held by a known hand or dead: how many, and
    which suits (a 4-bit set).
  class_values: one row per class of boards per value: the cards of the value left
    for the random hand, in the class's flush suit (in_suit) and out of it (off_suit).
  random_patterns: one row per class per pattern of the random hand with at least one
    combination: the seven cards' hand_key, and weight = boards x combinations. With three
    board cards in the flush suit, one card of the hand in it plays as none.
  random_pattern_ranks: the same rows with the random hand's hand_rank.
  known_hand_ranks: one row per class per known hand: its hand_rank with the class's board.
  known_best: one row per class: the known hands' best hand_rank.
  random_opponent_equity: one row per player (the known hands' players and the random
    one): combos, deals, wins, ties, pot_shares (2520ths) and equity, as range_equity,
    counted by the tally of every equity view (pot_shares_of, 017).
*/

create view known_cards_by_value as
with
    known as (
        select card_id from hand_input
        union all
        select card_id from dead_input
    )
select
    cards.value,
    count(*) as known_count,
    sum(1 << cards.suit_index) as known_suits
from known
inner join cards
    on cards.card_id = known.card_id
group by cards.value;

create view class_values as
with
    class_parts as (
        select
            board_class,
            rank_key,
            suit_counts,
            card_mask,
            boards,
            -- A class has a flush suit exactly when its number carries flush values.
            case when board_class % 8192 <> 0 then (board_class // 8192) % 4 end as flush_suit,
            board_class % 8192 as flush_values,
            case when board_class % 8192 <> 0 then (suit_counts >> (3 * ((board_class // 8192) % 4))) & 7 else 0 end
            as flush_cards
        from equity_board_classes
    ),
    left_by_value as (
        select
            class_parts.board_class,
            class_parts.flush_suit,
            class_parts.flush_cards,
            card_values.value,
            4 - (class_parts.rank_key // card_values.rank_code) % 5 - coalesce(known_cards_by_value.known_count, 0)
            as left_cards,
            case
                when class_parts.flush_suit is null then 0
                else 1 - ((class_parts.flush_values >> (card_values.value - 2)) & 1)
                    - ((coalesce(known_cards_by_value.known_suits, 0) >> class_parts.flush_suit) & 1)
            end as in_suit
        from class_parts
        cross join card_values
        left join known_cards_by_value
            on known_cards_by_value.value = card_values.value
    )
select
    board_class,
    flush_suit,
    flush_cards,
    value,
    in_suit,
    left_cards - in_suit as off_suit
from left_by_value;

create view random_patterns as
with
    -- Which of the random hand's two cards (high, low) are in the flush suit.
    suit_choices (high_in_suit, low_in_suit) as (
        values (0, 0), (1, 0), (0, 1), (1, 1)
    ),
    patterns as (
        select
            high.board_class,
            high.flush_suit,
            high.flush_cards,
            high.value as high_value,
            low.value as low_value,
            suit_choices.high_in_suit,
            suit_choices.low_in_suit,
            case
                -- Three of the board's cards in the suit: the random hand makes a flush only with both
                -- of its cards in it, so a hand with one or none plays alike: one pattern, (0, 0).
                when high.flush_cards = 3 and suit_choices.high_in_suit + suit_choices.low_in_suit = 1 then 0
                when high.flush_cards = 3 and suit_choices.high_in_suit + suit_choices.low_in_suit = 0
                    and high.value > low.value then
                    (high.in_suit + high.off_suit) * (low.in_suit + low.off_suit) - high.in_suit * low.in_suit
                when high.flush_cards = 3 and suit_choices.high_in_suit + suit_choices.low_in_suit = 0 then
                    (high.in_suit + high.off_suit) * (high.in_suit + high.off_suit - 1) / 2
                when high.value > low.value then
                    (case when suit_choices.high_in_suit = 1 then high.in_suit else high.off_suit end)
                    * (case when suit_choices.low_in_suit = 1 then low.in_suit else low.off_suit end)
                -- A pair: at most one card of a value in the flush suit, the rest two of the others.
                when suit_choices.high_in_suit + suit_choices.low_in_suit = 1 and suit_choices.high_in_suit = 1 then
                    high.in_suit * high.off_suit
                when suit_choices.high_in_suit + suit_choices.low_in_suit = 0 then high.off_suit * (high.off_suit - 1) / 2
                else 0
            end as pattern_combos
        from class_values as high
        inner join class_values as low
            on low.board_class = high.board_class
            and low.value <= high.value
        cross join suit_choices
        where high.flush_suit is not null
            or suit_choices.high_in_suit + suit_choices.low_in_suit = 0
    )
select
    patterns.board_class,
    equity_board_classes.boards * patterns.pattern_combos as weight,
    patterns.pattern_combos,
    -- The seven cards' hand_key (suit_reduced_seven, 012): their values, and the flush suit's
    -- values when that suit holds five of them (the class's cards in it and the hand's).
    (equity_board_classes.rank_key + high_value.rank_code + low_value.rank_code) * 8192
    + case
        when patterns.flush_cards + patterns.high_in_suit + patterns.low_in_suit >= 5
            then (patterns.board_class % 8192)
                | (patterns.high_in_suit * high_value.value_bit)
                | (patterns.low_in_suit * low_value.value_bit)
        else 0
    end as hand_key
from patterns
inner join equity_board_classes
    on equity_board_classes.board_class = patterns.board_class
inner join card_values as high_value
    on high_value.value = patterns.high_value
inner join card_values as low_value
    on low_value.value = patterns.low_value
where patterns.pattern_combos > 0;

create view random_pattern_ranks as
select
    random_patterns.board_class,
    random_patterns.weight,
    suit_reduced_seven.hand_rank
from random_patterns
inner join suit_reduced_seven
    on suit_reduced_seven.hand_key = random_patterns.hand_key;

create view known_hand_ranks as
with
    boards as (
        select 0 as tally, board_class as runout, boards as weight, rank_key, suit_counts, card_mask
        from equity_board_classes
    ),
    seven_cards as (
        select * from known_hands_of('boards')
    )
select
    runout as board_class,
    player,
    hand_rank
from seven_card_ranks('seven_cards');

create view known_best as
select
    board_class,
    min(hand_rank) as best_rank
from known_hand_ranks
group by board_class;

create view random_opponent_equity as
with
    -- Per class, the deals where the random hand beats, ties or loses to the known best.
    showdowns as (
        select
            random_pattern_ranks.board_class,
            -- -1: the random hand beats the known best, 0: ties it, 1: loses to it.
            sign(random_pattern_ranks.hand_rank - known_best.best_rank) as random_versus_best,
            known_best.best_rank,
            sum(random_pattern_ranks.weight) as weight
        from random_pattern_ranks
        inner join known_best
            on known_best.board_class = random_pattern_ranks.board_class
        group by random_pattern_ranks.board_class, random_versus_best, known_best.best_rank
    ),
    known_holders as (
        select
            board_class,
            player,
            hand_rank
        from known_hand_ranks
    ),
    known_winners as (
        select
            board_class,
            hand_rank,
            count(*) as holders
        from known_holders
        group by board_class, hand_rank
    ),
    split_showdowns as (
        select
            showdowns.board_class,
            showdowns.weight,
            showdowns.random_versus_best,
            showdowns.best_rank,
            -- How many take the pot: the random hand alone, the known best, or both.
            case
                when showdowns.random_versus_best < 0 then 1
                when showdowns.random_versus_best = 0 then known_winners.holders + 1
                else known_winners.holders
            end as winners
        from showdowns
        inner join known_winners
            on known_winners.board_class = showdowns.board_class
            and known_winners.hand_rank = showdowns.best_rank
    ),
    known_outcomes as (
        select
            known_holders.player,
            split_showdowns.weight,
            case
                when known_holders.hand_rank = split_showdowns.best_rank
                    and split_showdowns.random_versus_best >= 0 then split_showdowns.winners
                else 0
            end as winners
        from split_showdowns
        inner join known_holders
            on known_holders.board_class = split_showdowns.board_class
    ),
    random_outcomes as (
        select
            (select hand_no from random_hand_input) as player,
            weight,
            case when random_versus_best <= 0 then winners else 0 end as winners
        from split_showdowns
    ),
    outcomes as (
        select 0 as tally, player, weight, winners from known_outcomes
        union all
        select 0, player, weight, winners from random_outcomes
    ),
    totals as (
        select
            player,
            runouts as deals,
            wins,
            ties,
            pot_shares,
            equity
        from pot_shares_of('outcomes')
    ),
    random_combos as (
        select
            count(*) as combos
        from equity_deck as high
        inner join equity_deck as low
            on low.card_id < high.card_id
    )
select
    totals.player,
    case when totals.player in (select hand_no from random_hand_input) then random_combos.combos else 1 end
    as combos,
    cast(totals.deals as bigint) as deals,
    cast(totals.wins as bigint) as wins,
    cast(totals.ties as bigint) as ties,
    cast(totals.pot_shares as bigint) as pot_shares,
    totals.equity
from totals
cross join random_combos;
