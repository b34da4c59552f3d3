/*
  The combinations of each player's range, typed in by the library (or by you,
  in a SQL shell); the views of 018 read them with board_input and dead_input
  (014). Empty between uses.

  range_input: one row per player per combination of two hole cards, the
    higher card_id first; a known hand is a range of one combination. weight
    counts the combination that many times (the library writes a range's weights
    times its weight_scale, the least whole numbers: AKs:0.5,AA gives 1 and 2).
*/

create table range_input (
    player integer not null,
    card_1 integer not null references cards (card_id),
    card_2 integer not null references cards (card_id),
    weight integer not null default 1,
    primary key (player, card_1, card_2),
    check (card_1 > card_2),
    check (weight > 0)
);
