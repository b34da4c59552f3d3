/*
  Split-pot equity with random players, and the next street.

  Split-pot Monte Carlo with random players (equity --game omaha8, omaha5-8, courchevel8 with a
  `random` hand): omaha_random_monte_carlo_equity's deals (037), each player's high and
  eight-or-better low, the pot split by split_equity_of (050). The inputs are Hold'em's
  (014): hand_input (one known hand at least: a random hand holds as many cards as it),
  random_hand_input, board_input, dead_input, and deal_settings for the trials.

  omaha_split_random_monte_carlo_equity: each trial's seats ranked as Omaha's (omaha_trial_seats_of,
    037), with the lows: a known player's low on the trial's board is the best of its ten
    triples' (omaha_triple_lows, 050), a random player's the best of its pairs with the ten
    triples, looked up in low_classes (eight-or-better, by their values alone). One row per
    player, as split_equity_of gives them.
  omaha_split_street_equity: the next street of a flop or a turn, known hands
    (equity --next-street): each card that can come next (next_card) and the final boards that
    hold it (omaha_split_boards, 050), tallied by split_equity_of with the card as its tally.
    One row per card and player: pot_shares (of 5040 a board), runouts, and leads (1: the
    player's equity once the card is dealt is the best at the table).
  omaha_split_random_equity: exact split-pot equity against one random hand (--exact, or the
    default where it is cheap): every final board (omaha_split_boards, the known players' high
    and low) and every hand of four or five cards (as many as the known hands hold) the deck
    left can give the random player, each deal counted once (each hand equally likely, then
    each board): omaha_random_hands_of (039) with the eight-or-better lows (omaha_eight_or_better).
    A runout is a board with the random hand's high and low on it, weighed by the hands that
    hold them; one row per player, as split_equity_of.
*/
/* The eight-or-better lows of five cards by their values (low_classes, 045). */
create view omaha_eight_or_better as
select
    rank_key,
    low_rank
from low_classes
where ranking = 'eight-or-better'
    and is_flush = 0;

create view omaha_split_random_monte_carlo_equity as
with
    seat_ranks as (
        select * from omaha_trial_seats_of('omaha_triple_lows', 'omaha_eight_or_better')
    )
select * from split_equity_of('seat_ranks');

create view omaha_split_street_equity as
with
    street_boards as (
        select
            next_cards.card_id as tally,
            boards.board_mask as runout,
            cast(1 as bigint) as weight,
            boards.player,
            boards.hand_rank,
            boards.low_rank
        from omaha_split_boards as boards
        inner join equity_deck as next_cards
            on (boards.board_mask & next_cards.card_bit) <> 0
    ),
    tallied as (
        select * from split_equity_of('street_boards')
    )
select
    tally as next_card,
    player,
    pot_shares,
    runouts,
    case when pot_shares = max(pot_shares) over (partition by tally) then 1 else 0 end as leads
from tallied;

create view omaha_split_random_equity as
with
    -- each final board (036) with each known player's high and low on it (050)
    known as materialized (
        select * from omaha_split_boards
    ),
    drawn as (
        select * from omaha_random_hands_of('omaha_eight_or_better')
    ),
    seat_ranks as (
        select
            0 as tally,
            drawn.runout,
            drawn.weight,
            known.player,
            known.hand_rank,
            known.low_rank
        from drawn
        inner join known
            on known.board_mask = drawn.board_mask
        union all
        select
            0,
            runout,
            weight,
            (select hand_no from random_hand_input),
            hand_rank,
            low_rank
        from drawn
    )
select * from split_equity_of('seat_ranks');
