/*
  hand_input: hands you type in yourself, one row per card (hand_no, card_id).
  The HandEvaluation views of 005 read them as deal_no 0, beside the dealt hands:

      insert into hand_input (hand_no, card_id)
      select 1, card_id from cards where name in ('Ah', 'Kh', 'Qh', 'Jh', 'Th');
      select * from hand_points where deal_no = 0;
      delete from hand_input;

  The library leaves it as it is: the hands it types in are read in its place
  for one command only (on DuckDB, a temporary table of the same name).
*/

create table hand_input (
    hand_no integer not null,
    card_id integer not null references cards (card_id),
    primary key (hand_no, card_id)
);
