/*
  Split-pot equity with random players, the next street, and the games whose hole cards play
  any way (below).

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

/*
  Split-pot equity of the board games whose hole cards play any way (split_games' hole_cards_played
  null, Hold'em hi-lo eight or better: its high Hold'em's, 2 hole cards and a board of 5): Hold'em's
  runouts, each player's seven cards summed (exact_runouts, 017; monte_carlo_class_runouts and
  monte_carlo_runouts, 021), the high looked up as Hold'em's (seven_card_ranks, 013) and the low
  the best eight-or-better low of the seven cards' values, the pot split by split_equity_of (050).

  value_set_lows: one row per set of the values ace to eight (low_value_sets, 050) that holds an
    eight-or-better low: its best low_rank, the best of the low classes (045) whose five values
    it holds (a class's values read from its rank_key: each value's count, base 5, 001).
  any_way_split_equity_of(runout_rows): a table macro, the runouts of the relation named (tally,
    runout, weight, player and the seven cards summed: rank_key, suit_counts, card_mask), each
    player's high (hand_rank) and low (low_rank: of the values ace to eight the seven cards hold,
    their counts in rank_key; null: none) tallied by split_equity_of: one row per tally per player.
  any_way_split_equity: exact, every class of boards still to come (equity_board_classes, 015:
    a class's boards hold the same values, so the same lows); any_way_split_monte_carlo_equity:
    the trials' boards by class, every hand known; any_way_split_random_monte_carlo_equity: each
    trial a runout, with random hands. One row per player, as split_equity_of gives them.
*/
create view value_set_lows as
with
    class_values as (
        select
            low_classes.low_rank,
            sum(card_values.value_bit) as low_values
        from low_classes
        inner join card_values
            on (low_classes.rank_key // card_values.rank_code) % 5 = 1
        where low_classes.ranking = 'eight-or-better'
            and low_classes.is_flush = 0
        group by low_classes.low_rank
    )
select
    value_sets.low_values,
    min(class_values.low_rank) as low_rank
from low_value_sets as value_sets
inner join class_values
    on (value_sets.low_values & class_values.low_values) = class_values.low_values
group by value_sets.low_values;

create macro any_way_split_equity_of(runout_rows) as table
with
    seven as (
        select
            ranked.tally,
            ranked.runout,
            ranked.weight,
            ranked.player,
            ranked.hand_rank,
            -- the values ace to eight the seven cards hold, as low_values_of's bits (050)
            case when ranked.rank_key % 5 > 0 then 1 else 0 end
            + case when (ranked.rank_key // 5) % 5 > 0 then 2 else 0 end
            + case when (ranked.rank_key // 25) % 5 > 0 then 4 else 0 end
            + case when (ranked.rank_key // 125) % 5 > 0 then 8 else 0 end
            + case when (ranked.rank_key // 625) % 5 > 0 then 16 else 0 end
            + case when (ranked.rank_key // 3125) % 5 > 0 then 32 else 0 end
            + case when (ranked.rank_key // 15625) % 5 > 0 then 64 else 0 end
            + case when ranked.rank_key // 244140625 > 0 then 4096 else 0 end as low_values
        from seven_card_ranks(runout_rows) as ranked
    ),
    seat_ranks as (
        select
            seven.tally,
            seven.runout,
            seven.weight,
            seven.player,
            seven.hand_rank,
            lows.low_rank
        from seven
        left join value_set_lows as lows
            on lows.low_values = seven.low_values
    )
select * from split_equity_of('seat_ranks');

create view any_way_split_equity as
select * from any_way_split_equity_of('exact_runouts');

create view any_way_split_monte_carlo_equity as
select * from any_way_split_equity_of('monte_carlo_class_runouts');

create view any_way_split_random_monte_carlo_equity as
select * from any_way_split_equity_of('monte_carlo_runouts');
