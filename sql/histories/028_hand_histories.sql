/*
  Hand histories imported by `pokersql import` (issue 23): PokerStars hand-history text and
  PHH (the Poker Hand History standard), one set of rows per hand, whatever the format.
  Every table is keyed by the hand: (site, hand_id), declared the key of history_hands only (the
  other tables declare none: DuckDB loads them twice as fast without); importing a hand already
  held adds nothing. Cards are card ids (cards.card_id: 0 = 2c ... 51 = As) beside their canonical
  text ('Ah Kd'); amounts are in the history's own unit (chips, or dollars to the cent).

    history_hands    one row per hand: where and when it was played, the stakes, the button,
                     and the pot and rake the history states (NULL where it states none)
    history_seats    one row per seat per hand: the player, the starting stack, the hole cards
                     where the history knows them (dealt, shown or mucked face up)
    history_actions  one row per action per hand, in order (action_no from 1): the street,
                     the player, what they did, the chips it put in (amount) and the player's
                     total on that street after it (street_total), and whether it was all-in
    history_board    one row per board card per hand (card_no 1-5, in the order dealt)
    history_results  one row per seat per hand: what the player collected from the pot(s),
                     as the history says (NULL where it does not say), and the cards shown
*/

create table history_hands (
    site varchar not null,
    hand_id varchar not null,
    game varchar not null,
    small_blind decimal(18, 2) not null,
    big_blind decimal(18, 2) not null,
    ante decimal(18, 2) not null,
    currency varchar,
    played_at timestamp,
    time_zone varchar,
    table_name varchar,
    max_seats integer,
    button_seat integer,
    total_pot decimal(18, 2),
    rake decimal(18, 2),
    source_file varchar not null,
    source_line integer not null,
    primary key (site, hand_id)
);

create table history_seats (
    site varchar not null,
    hand_id varchar not null,
    seat integer not null,
    player varchar not null,
    starting_stack decimal(18, 2) not null,
    hole_1 integer,
    hole_2 integer,
    hole_cards varchar
);

create table history_actions (
    site varchar not null,
    hand_id varchar not null,
    action_no integer not null,
    street varchar not null,
    seat integer not null,
    player varchar not null,
    action varchar not null,
    amount decimal(18, 2) not null,
    street_total decimal(18, 2) not null,
    all_in boolean not null
);

create table history_board (
    site varchar not null,
    hand_id varchar not null,
    card_no integer not null,
    street varchar not null,
    card_id integer not null,
    card varchar not null
);

create table history_results (
    site varchar not null,
    hand_id varchar not null,
    seat integer not null,
    player varchar not null,
    collected decimal(18, 2),
    shown_1 integer,
    shown_2 integer,
    shown_cards varchar
);
