/*
  Seven-card stud's equity (equity --game stud, stud8, razz): the runouts of 051 tallied by
  split_equity_of (050), the pot split by the game's row of split_games (046): stud's high
  takes it all, razz's low takes it all, stud8's halves go to the best high and the best
  eight-or-better low (all to the high when no hand holds a low).

  stud_runout_ranks: every runout once, counted by the players' classes (own_card_runouts_of,
    051: sets of the same high and the same values play alike in every stud game): one row
    per outcome, player and stud game, its weight, high_rank and low_rank (each class ranked
    once, stud_hand_ranks_of). stud_trial_ranks: Monte Carlo's trials (own_card_trials_of,
    051), one row per trial, player and stud game, weight 1. Both as split_equity_of reads
    them: the game is the tally, the high the hand_rank.
  stud_games_equity (every runout once), stud_games_monte_carlo_equity (the trials, each a
    runout of weight 1): every stud game tallied at once (split_equity_of's windows and sums
    are per tally). One row per game (tally) and player, as split_equity_of gives them.
  stud_equity, stud8_equity, razz_equity and their _monte_carlo_equity: the game's rows.
*/
create view stud_runout_ranks as
with
    -- Each player's sets in classes: the same high (hand_rank) and the same values (rank_key,
    -- and so the same lows) play alike in every stud game.
    classed as materialized (
        select
            player,
            drawn_mask,
            rank_key,
            suit_counts,
            card_mask,
            dense_rank() over (partition by player order by hand_rank, rank_key) - 1 as class_no
        from seven_card_ranks('stud_completions')
    ),
    -- One set of each class, its cards as the class plays.
    class_hands as (
        select
            player,
            class_no,
            rank_key,
            suit_counts,
            card_mask
        from (
            select
                classed.*,
                row_number() over (partition by player, class_no order by drawn_mask) as pick
            from classed
        ) as picked
        where pick = 1
    ),
    ranked as (
        select * from stud_hand_ranks_of('class_hands')
    )
select
    ranked.game as tally,
    runouts.runout,
    runouts.weight,
    ranked.player,
    ranked.high_rank as hand_rank,
    ranked.low_rank
-- SQLite: a cross join keeps this order, each outcome and player, then their class (by an
-- index of ranked), where its planner would scan every outcome for every class.
from own_card_runouts_of('classed') as runouts
cross join ranked
where ranked.player = runouts.player
    and ranked.class_no = runouts.class_no;

create view stud_trial_ranks as
with
    trial_hands as (
        select
            trial,
            player,
            rank_key,
            suit_counts,
            card_mask
        from own_card_trials_of('stud_players')
    )
select
    game as tally,
    trial as runout,
    cast(1 as bigint) as weight,
    player,
    high_rank as hand_rank,
    low_rank
from stud_hand_ranks_of('trial_hands');

create view stud_games_equity as
select * from split_equity_of('stud_runout_ranks');

create view stud_games_monte_carlo_equity as
select * from split_equity_of('stud_trial_ranks');

create view stud_equity as select * from stud_games_equity where tally = 'stud';
create view stud8_equity as select * from stud_games_equity where tally = 'stud8';
create view razz_equity as select * from stud_games_equity where tally = 'razz';
create view stud_monte_carlo_equity as select * from stud_games_monte_carlo_equity where tally = 'stud';
create view stud8_monte_carlo_equity as select * from stud_games_monte_carlo_equity where tally = 'stud8';
create view razz_monte_carlo_equity as select * from stud_games_monte_carlo_equity where tally = 'razz';
