/*
  Seven-card stud's equity (equity --game stud, stud8, razz): the runouts of 051 tallied by
  split_equity_of (050), the pot split by the game's row of split_games (046): stud's high
  takes it all, razz's low takes it all, stud8's halves go to the best high and the best
  eight-or-better low (all to the high when no hand holds a low).

  stud_equity, stud8_equity, razz_equity: every runout once (stud_runout_ranks);
  stud_monte_carlo_equity, stud8_monte_carlo_equity, razz_monte_carlo_equity: the trials
    dealt (stud_trial_ranks), each a runout of weight 1.
  One row per player, as split_equity_of gives them.
*/
create view stud_equity as
with
    ranked as (
        select 0 as tally, runout, weight, player, high_rank as hand_rank, low_rank
        from stud_runout_ranks
        where game = 'stud'
    )
select * from split_equity_of('ranked');

create view stud8_equity as
with
    ranked as (
        select 0 as tally, runout, weight, player, high_rank as hand_rank, low_rank
        from stud_runout_ranks
        where game = 'stud8'
    )
select * from split_equity_of('ranked');

create view razz_equity as
with
    ranked as (
        select 0 as tally, runout, weight, player, high_rank as hand_rank, low_rank
        from stud_runout_ranks
        where game = 'razz'
    )
select * from split_equity_of('ranked');

create view stud_monte_carlo_equity as
with
    ranked as (
        select 0 as tally, runout, weight, player, high_rank as hand_rank, low_rank
        from stud_trial_ranks
        where game = 'stud'
    )
select * from split_equity_of('ranked');

create view stud8_monte_carlo_equity as
with
    ranked as (
        select 0 as tally, runout, weight, player, high_rank as hand_rank, low_rank
        from stud_trial_ranks
        where game = 'stud8'
    )
select * from split_equity_of('ranked');

create view razz_monte_carlo_equity as
with
    ranked as (
        select 0 as tally, runout, weight, player, high_rank as hand_rank, low_rank
        from stud_trial_ranks
        where game = 'razz'
    )
select * from split_equity_of('ranked');
