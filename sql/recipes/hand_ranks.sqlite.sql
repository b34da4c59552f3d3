/*
  Your own hands on SQLite (no macros): hand_rank, points and category of every hand of 5 to 7
  cards, by plain joins over the lookup tables best_hands reads (cards, flush_suits,
  best_by_values, best_by_flush, hand_classes). Writes nothing. Runs on DuckDB too.

  Reads a table (or view) my_hands(hand_id, cards): card text in the contract's canonical
  notation, 'As Ks 7d 7c 7h 2s 9c' (rank then lower-case suit, T for ten, one character
  between cards): card k is the two characters from 3k - 2. A name that is no card adds
  nothing, and the hand, short of five, gets no row.

  Long rows, one per hand and card_id: replace hand_keys below by
      select hand_id, sum(rank_code) as rank_key, sum(suit_code) as suit_counts,
          sum(card_bit) as card_mask
      from your_table inner join cards using (card_id) group by hand_id

  The best five, named in order, and places within a group: showdown.sqlite.sql, with your
  hands as its hole cards (`select hand_id, 1 as seat, cards as hole, '' as board`).
  A million hands take about 4 s in SQLite on one core (bench/own_hands_sql.py): one lookup
  of cards by name per card, no grouping.
*/

with
    hand_keys as (
        -- The sums of the cards' codes (001): values in base 5, suits in base 8, the card set.
        -- A hand of 5 or 6 cards finds no card_6 or card_7, which add nothing.
        select
            my_hands.hand_id,
            coalesce(card_1.rank_code, 0)
            + coalesce(card_2.rank_code, 0)
            + coalesce(card_3.rank_code, 0)
            + coalesce(card_4.rank_code, 0)
            + coalesce(card_5.rank_code, 0)
            + coalesce(card_6.rank_code, 0)
            + coalesce(card_7.rank_code, 0) as rank_key,
            coalesce(card_1.suit_code, 0)
            + coalesce(card_2.suit_code, 0)
            + coalesce(card_3.suit_code, 0)
            + coalesce(card_4.suit_code, 0)
            + coalesce(card_5.suit_code, 0)
            + coalesce(card_6.suit_code, 0)
            + coalesce(card_7.suit_code, 0) as suit_counts,
            coalesce(card_1.card_bit, 0)
            + coalesce(card_2.card_bit, 0)
            + coalesce(card_3.card_bit, 0)
            + coalesce(card_4.card_bit, 0)
            + coalesce(card_5.card_bit, 0)
            + coalesce(card_6.card_bit, 0)
            + coalesce(card_7.card_bit, 0) as card_mask
        from my_hands
        left join cards as card_1
            on card_1.name = substr(my_hands.cards, 1, 2)
        left join cards as card_2
            on card_2.name = substr(my_hands.cards, 4, 2)
        left join cards as card_3
            on card_3.name = substr(my_hands.cards, 7, 2)
        left join cards as card_4
            on card_4.name = substr(my_hands.cards, 10, 2)
        left join cards as card_5
            on card_5.name = substr(my_hands.cards, 13, 2)
        left join cards as card_6
            on card_6.name = substr(my_hands.cards, 16, 2)
        left join cards as card_7
            on card_7.name = substr(my_hands.cards, 19, 2)
    )
select
    hand_keys.hand_id,
    flush_suits.card_count,
    hand_classes.hand_rank,
    hand_classes.points,
    hand_classes.category
from hand_keys
inner join flush_suits
    on flush_suits.suit_counts = hand_keys.suit_counts
inner join best_by_values as by_values
    on by_values.rank_key = hand_keys.rank_key
left join best_by_flush as by_flush
    -- the 13 values of the suit that holds five or more cards, 0 when none does
    on by_flush.value_mask = (hand_keys.card_mask >> flush_suits.flush_shift) & flush_suits.flush_bits
inner join hand_classes
    on hand_classes.hand_rank = case
        when by_flush.hand_rank < by_values.hand_rank then by_flush.hand_rank
        else by_values.hand_rank
    end
where flush_suits.card_count between 5 and 7
order by hand_keys.hand_id;
