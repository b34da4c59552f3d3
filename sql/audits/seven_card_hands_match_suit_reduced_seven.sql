/*
  Audit: seven-card hand_keys whose number of hands, every one of the
  133,784,560 dealt (seven_card_hand_keys, 013), differs from the weight
  suit_reduced_seven gives it by counting (012). No rows: the enumeration and
  the combinatorics agree key by key. About two seconds on DuckDB.
*/
select
    coalesce(suit_reduced_seven.hand_key, seven_card_hand_keys.hand_key) as hand_key,
    suit_reduced_seven.weight,
    seven_card_hand_keys.hands
from suit_reduced_seven
full outer join seven_card_hand_keys
    on seven_card_hand_keys.hand_key = suit_reduced_seven.hand_key
where suit_reduced_seven.hand_key is null
    or seven_card_hand_keys.hand_key is null
    or seven_card_hand_keys.hands <> suit_reduced_seven.weight;
