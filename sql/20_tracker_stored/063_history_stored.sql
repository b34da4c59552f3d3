/*
  What a report reads, stored (issue 46): the views of 030, 032 and 044 computed once, at
  import, for the new hands only, and kept as rows. The views stay the definitions; each
  table is filled from its view, column for column (the columns the views have when this file
  is applied, 043's and 057's included):

    stored_hands         the hands (site, hand_id) whose rows the tables below hold
    stored_payouts       history_payouts (030): one row per seat per hand
    stored_player_hands  history_player_hands (032): what `pokersql history` sums
    stored_allin_ev      history_allin_ev (032): the all-in hands' equity and EV
    stored_hand_stats    history_hand_stats (044): what `pokersql stats` sums

  This file makes them empty, with their views' columns (no view is computed here). pokersql
  fills them, in the transaction that applies this file, for every hand held (a database
  imported before: `pokersql migrate` brings it up to date in this one step, 10,000 hands at a
  time); then `pokersql import` adds the rows of the hands it writes, and only of those
  (pokersql/histories/stored.py), in its transaction. A view file changed later makes them
  again and fills them from it (migrations.derived_files), as `migrate --rebuild` does: their
  rows are derived, never the user's.
*/

create table stored_hands as
select hands.site, hands.hand_id from history_hands as hands
where 1 = 0;

create table stored_payouts as
select * from history_payouts
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
