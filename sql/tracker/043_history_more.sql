/*
  Hand histories beyond cash Hold'em (issue 45): tournaments, mixed games, cash-outs and
  bounties, added to the tables of 028 so that a database built before migrates in place.

    history_hands    tournament_id, buy_in, fee and bounty (the buy-in's parts, in
                     buy_in_currency: a bounty's part only where the buy-in has three),
                     level ('Level IV', 'Match Round I, Level I'), game_mix (the mixed game a
                     hand is of: 'Mixed NLH/PLO', 'Mixed Hold''em'); NULL for a cash game
    history_results  cash_out and cash_out_fee (what a player cashed out the hand for, and the
                     fee: PokerStars' "cashed out the hand for $22.77 | Cash Out Fee $0.46"),
                     bounty_won (a knockout's bounty the player won); NULL where none;
                     collected_second_board (a hand run twice, or Split Hold'em: what the
                     second board's showdown gave, of collected; NULL for a hand of one board)
    history_board    board_no: 1, or 2 for the second board, whole (its cards shared with the
                     first included, card_no from 1 again); NULL in rows imported before 043
*/

alter table history_hands add column tournament_id varchar;
alter table history_hands add column buy_in decimal(18, 2);
alter table history_hands add column fee decimal(18, 2);
alter table history_hands add column bounty decimal(18, 2);
alter table history_hands add column buy_in_currency varchar;
alter table history_hands add column level varchar;
alter table history_hands add column game_mix varchar;
alter table history_results add column cash_out decimal(18, 2);
alter table history_results add column cash_out_fee decimal(18, 2);
alter table history_results add column bounty_won decimal(18, 2);
alter table history_results add column collected_second_board decimal(18, 2);
alter table history_board add column board_no integer;
