/*
  A hand whose result cannot be told (issue 66), kept with its actions: added to history_hands
  so that a database built before migrates in place.

    history_hands    result_unknown: true when the history neither states what each player
                     won nor shows the cards that would tell it (a showdown's cards hidden,
                     "????"; a history cut off before its end). Its actions, positions and
                     chips put in are kept; what the players still in at its end won and
                     netted, and their all-in EV, are NULL (062, 065); the players who folded
                     lost what they put in. NULL in rows imported before, all of them known
*/

alter table history_hands add column result_unknown boolean;
