/*
  preflop_matchups: every heads-up preflop matchup, exactly (issue 13). One row per ordered
  pair of disjoint starting hands (1,624,350 when filled), each hand by its card_ids, high card
  first (starting_hands), with its wins, ties and losses over the 1,712,304 boards of the 48
  other cards.

  This file makes the table empty: filling it is a job of minutes, `pokersql build --preflop`
  (or, in a shell: insert into preflop_matchups select * from preflop_matchup_counts; see 023 to 025).
*/

create table preflop_matchups (
    hand_1_high integer not null,
    hand_1_low integer not null,
    hand_2_high integer not null,
    hand_2_low integer not null,
    wins bigint not null,
    ties bigint not null,
    losses bigint not null,
    primary key (hand_1_high, hand_1_low, hand_2_high, hand_2_low)
);
