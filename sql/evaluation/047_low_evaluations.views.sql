/*
  The best low of these cards under this game's rule (split_games, 046; low_classes, 045).

  low_evaluations_of(card_rows): a table macro. The relation named holds one row per card, as
    game_evaluations_of's (042) does: hand_no, game (a row of split_games), card_id, is_hole
    (1 a hole card, 0 a board card) and card_no (its place in the hand, 1 to 15, the hole
    cards first). One row per hand: hand_no, low_rank (1 the best low of the game's
    low_ranking; null when the hand holds none: no eight-or-better low) and high_card (the
    low's highest card, the ace 1 but in 2-7).
  mask_cards_of(hand_rows): a table macro, each hand of the relation named (hand_no, game,
    card_mask: its cards as a 52-bit set) as low_evaluations_of reads it: one row per card
    (hand_no, game, card_id, is_hole 1, card_no by card_id). A low class's cards (058, 051).

    A five-card low: the fives the game's rule lets a hand play (playable_fives_of, 042;
    hole_cards_played null: any five of its cards; 2: two hole cards and three of the board,
    chosen apart from the high), each looked up in low_classes by its values (rank_key) and,
    where flushes count (2-7), whether it is one suit; the best is the smallest low_rank. Badugi: the sets of one to
    four of its cards, no two of a suit or of a value, looked up by their values.
*/

create macro low_evaluations_of(card_rows) as table
with recursive
    playable_cards as (
        select
            given.hand_no,
            given.card_no,
            split_games.low_ranking as ranking,
            low_rankings.cards as low_cards,
            given.is_hole,
            split_games.hole_cards_played,
            cards.rank_code,
            cards.suit_code,
            cards.value_bit
        from query_table(card_rows) as given
        inner join split_games
            on split_games.game = given.game
        inner join low_rankings
            on low_rankings.ranking = split_games.low_ranking
        inner join cards
            on cards.card_id = given.card_id
    ),
    -- The fives of a five-card low (playable_fives_of, 042: the rule of game_evaluations_of's).
    five_card_lows as (
        select hand_no, card_no as five_no, ranking, is_hole, hole_cards_played, rank_code, suit_code
        from playable_cards
        where low_cards = 5
    ),
    fives as (
        select
            playable.hand_no,
            playable.ranking,
            playable.rank_key,
            case
                when low_rankings.flushes_count = 1 and playable.suit_counts in (5, 40, 320, 2560) then 1
                else 0
            end as is_flush
        from playable_fives_of('five_card_lows') as playable
        inner join low_rankings
            on low_rankings.ranking = playable.ranking
    ),
    -- Badugi: sets of one to four cards, each of a suit and a value the others have not: each
    -- card alone, and each set with a card after its last of a suit and a value it lacks
    -- (suit_code and value_bit: a bit each, so a set's sums are its suits and its values).
    badugi_sets (hand_no, ranking, card_no, rank_key, suits, value_bits) as (
        select hand_no, ranking, card_no, rank_code, suit_code, value_bit
        from playable_cards
        where low_cards = 4
        union all
        select
            sets.hand_no,
            sets.ranking,
            card.card_no,
            sets.rank_key + card.rank_code,
            sets.suits + card.suit_code,
            sets.value_bits + card.value_bit
        from badugi_sets as sets
        inner join playable_cards as card
            on card.hand_no = sets.hand_no and card.card_no > sets.card_no
            and (sets.suits & card.suit_code) = 0 and (sets.value_bits & card.value_bit) = 0
    ),
    candidates as (
        select hand_no, ranking, rank_key, is_flush from fives
        union all
        select hand_no, ranking, rank_key, 0 as is_flush from badugi_sets
    ),
    best_lows as (
        select
            candidates.hand_no,
            min(low_classes.low_rank) as low_rank
        from candidates
        inner join low_classes
            on low_classes.ranking = candidates.ranking
            and low_classes.rank_key = candidates.rank_key
            and low_classes.is_flush = candidates.is_flush
        group by candidates.hand_no
    ),
    lows as (
        select distinct hand_no, ranking from playable_cards
    )
select
    lows.hand_no,
    best_lows.low_rank,
    low_classes.high_card
from lows
left join best_lows
    on best_lows.hand_no = lows.hand_no
left join low_classes
    on low_classes.ranking = lows.ranking
    and low_classes.low_rank = best_lows.low_rank;

create macro mask_cards_of(hand_rows) as table
select
    hands.hand_no,
    hands.game,
    cards.card_id,
    1 as is_hole,
    row_number() over (partition by hands.hand_no order by cards.card_id) as card_no
from query_table(hand_rows) as hands
inner join cards
    on (hands.card_mask & cards.card_bit) <> 0;
