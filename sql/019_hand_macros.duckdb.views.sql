/*
  DuckDB macros for the user's own hands (issue 11), one scalar value per hand.

  hand_rank(hand_text): the hand_rank (1-7462) of 5 to 7 cards given as text,
    null for any other count. The text is read as the contract's notation:
    upper-cased, '10' read as 'T', suit symbols as letters, and every rank-then-suit pair ('As', 'td')
    taken as a card, whatever separates them (spaces, commas, nothing).
    Anything else in the text is ignored (the CLI and Python reject it first).
  hand_category(hand_text): the category of that hand_rank (hand_classes).

  One definition of poker: the same lookup tables best_hands (011) reads,
  cards, flush_suits, best_by_values and best_by_flush. No table is written.
*/

create macro hand_rank(hand_text) as (
    with
        card_names as (
            select
                unnest(regexp_extract_all(upper(translate(replace(hand_text, '10', 'T'), '♠♥♦♣', 'shdc')), '[2-9TJQKA][SHDC]')) as card_name
        ),
        hand_key as (
            select
                count(*) as card_count,
                cast(sum(cards.rank_code) as bigint) as rank_key,
                cast(sum(cards.suit_code) as bigint) as suit_counts,
                cast(sum(cards.card_bit) as bigint) as card_mask
            from card_names
            inner join cards
                on upper(cards.name) = card_names.card_name
        ),
        flush_mask as (
            select
                hand_key.rank_key,
                -- The 13 bits of the suit that holds five or more cards, 0 when none does.
                (hand_key.card_mask >> flush_suits.flush_shift) & flush_suits.flush_bits as flush_mask
            from hand_key
            inner join flush_suits
                on flush_suits.suit_counts = hand_key.suit_counts
            where hand_key.card_count between 5 and 7
        )
    select
        least(by_values.hand_rank, coalesce(by_flush.hand_rank, by_values.hand_rank)) as hand_rank
    from flush_mask
    inner join best_by_values as by_values
        on by_values.rank_key = flush_mask.rank_key
    left join best_by_flush as by_flush
        on by_flush.value_mask = flush_mask.flush_mask
);

create macro hand_category(hand_text) as (
    select
        hand_classes.category
    from hand_classes
    where hand_classes.hand_rank = hand_rank(hand_text)
);
