/*
  What a report reads, stored (issues 46 and 44): the views of the one tally (062) and of 065
  computed once, at import, for the new hands only, and kept as rows. The views stay the
  definitions; each table is filled from its view, column for column:

    stored_hands         the hands (site, hand_id) whose rows the tables below hold
    stored_payouts       history_game_payouts (062): one row per seat per hand
    stored_player_hands  history_player_hands (065): what `pokersql history` sums
    stored_allin_ev      history_allin_ev (065): the all-in hands' equity and EV
    stored_hand_stats    history_hand_stats (065): what `pokersql stats` sums

  This file makes them empty, with their views' columns (no view is computed here). pokersql
  fills them, in the transaction that applies this file, for every hand held (a database
  imported before: `pokersql migrate` brings it up to date in this one step, 10,000 hands at a
  time); then `pokersql import` adds the rows of the hands it writes, and only of those
  (pokersql/histories/stored.py), in its transaction. A view file changed later makes them
  again and fills them from it (migrations.derived_files), as `migrate --rebuild` does: their
  rows are derived, never the user's.

  The same tables as 063's, which made them from the views before they read the one tally
  (030's payouts, 032's and 044's views): 063 is retired (migrations.RETIRED_FILES), and a
  database that applied it holds these tables already, filled from the one tally (064 stored
  every hand again from it), and takes them as this file's.
*/

create table stored_hands as
select hands.site, hands.hand_id from history_hands as hands
where 1 = 0;

create table stored_payouts as
select * from history_game_payouts
where 1 = 0;

create table stored_player_hands as
select * from history_player_hands
where 1 = 0;

create table stored_allin_ev as
select * from history_allin_ev
where 1 = 0;

create table stored_hand_stats as
select * from history_hand_stats
where 1 = 0;
