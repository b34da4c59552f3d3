/*
  What a site wrote that its own actions do not give (issue 45), and the chips a site adds to a
  pot, added to the tables of 028 so that a database built before migrates in place.

    history_results  collected_said: what the history says the player collected, kept here
                     (and collected NULL, so that nets follow the pots the actions give) where
                     the hand's amounts disagree with its actions (a "bad collected", an
                     "Invalid side pot", a total pot the actions do not make); NULL where
                     the history and the actions agree
    history_hands    site_added: chips the site put in the pot itself (Run It Once's "STP
                     added", GGPoker's "Cash Drop to Pot"), collected with the pot but put in
                     by no player; NULL where none
*/

alter table history_results add column collected_said decimal(18, 2);
alter table history_hands add column site_added decimal(18, 2);
