/*
  What equity is asked of, typed in by the library (or by you, in a SQL shell);
  the views of 015 and after read them. Empty between uses:
    hand_input (004)     each known player's two hole cards, hand_no = player;
    random_hand_input    players whose hole cards are any two still in the deck;
    board_input          the board so far: 0, 3, 4 or 5 cards;
    dead_input           cards known to be out of the deck;
    deal_settings (002)  for Monte Carlo (monte_carlo_equity, 021) only:
                         deals = N random runouts, seeded by seed and
                         shuffled as every deal is (shuffled_deck), with
                         shuffle = 'uniform' (the library sets it: riffles of
                         a new deck would bias the runouts). The exact views
                         (equity, range_equity, random_opponent_equity) read
                         none of it.
*/

create table board_input (
    card_id integer primary key references cards (card_id)
);

create table dead_input (
    card_id integer primary key references cards (card_id)
);

create table random_hand_input (
    hand_no integer primary key
);
