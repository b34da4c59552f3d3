/*
  Audit (DuckDB): cards whose codes (001) the macros of 027 give otherwise: rank_code_of,
  suit_code_of and card_bit_of, which write them by arithmetic and a list of the powers of 5
  for the batches of evaluate_many and every macro. No rows: the macros sum the codes of cards.
*/
select
    cards.card_id
from cards
where rank_code_of(cards.card_id) <> cards.rank_code
    or suit_code_of(cards.card_id) <> cards.suit_code
    or card_bit_of(cards.card_id) <> cards.card_bit
