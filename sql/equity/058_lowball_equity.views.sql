/*
  The lowball games' and badugi's equity (equity --game deuce-to-seven, ace-to-five, badugi):
  each player's own cards, no board, the pot to the best low (split_games, 046: no high, the
  low of low_ranking). A player gives some of their cards, or none (a random hand), the rest
  still to come from the deck. The inputs are Hold'em's equity inputs (014): hand_input (each
  player's known cards, hand_no = player), random_hand_input (a player who gives none) and
  dead_input; no board. The cards left are equity_deck (015). The players are numbered 1, 2,
  ... with no gap, known and random together.

  lowball_players: one row per draw game (split_games with no board and fewer than 7 cards:
    deuce-to-seven, ace-to-five, badugi) and player: to_come, the cards still to come to them
    (the game's hole_cards less the cards given), dealt_before (those of the players before
    them: Monte Carlo deals the players in order), and their known cards summed (rank_key,
    suit_counts, card_mask; 0 for a random hand: own_card_players_of, 051).
    deuce_to_seven_players, ace_to_five_players, badugi_players: the game's rows.
  lowball_ranks_of(hands): a table macro. The relation named holds one row per hand, its cards
    summed (game, rank_key, suit_counts, card_mask); the rows as they are, with low_rank, the
    hand's low under its game's low_ranking (low_evaluations_of, 047). A five-card low is its
    values' and its flush's (2-7) alone, so each (rank_key, flush) is evaluated once, by one
    hand holding it; badugi's by its cards, each hand once.
  lowball_equity_of(players): a table macro. Every runout once: each player's sets of cards
    still to come (own_card_completions_of, 051), classed by their low_rank, dealt and counted
    by the players' classes (own_card_runouts_of, 051): one row per outcome and player, runout
    (the outcome's number), weight (its runouts) and low_rank, hand_rank null (no high, so the
    best low takes the whole pot), tallied by split_equity_of (050). One row per player.
  lowball_trial_equity_of(players): a table macro, the same over Monte Carlo's trials,
    dealt as stud's (own_card_trials_of, 051), each a runout of weight 1.
  deuce_to_seven_equity, ace_to_five_equity, badugi_equity and their _monte_carlo_equity:
    the macros over the game's players.
*/
create view lowball_players as
with
    sized as (
        select
            split_games.game,
            players.player,
            split_games.hole_cards - players.known_cards as to_come,
            players.rank_key,
            players.suit_counts,
            players.card_mask
        from split_games
        cross join own_card_players_of('hand_input', 'random_hand_input') as players
        where split_games.board_cards = 0
            and split_games.hole_cards < 7
    )
select
    game,
    player,
    to_come,
    sum(to_come) over (partition by game order by player) - to_come as dealt_before,
    rank_key,
    suit_counts,
    card_mask
from sized;

create view deuce_to_seven_players as
select * from lowball_players where game = 'deuce-to-seven';

create view ace_to_five_players as
select * from lowball_players where game = 'ace-to-five';

create view badugi_players as
select * from lowball_players where game = 'badugi';

create macro lowball_ranks_of(hands) as table
with
    keyed as (
        select
            given.*,
            case when low_rankings.cards = 5 then given.rank_key else given.card_mask end as class_key,
            case
                when low_rankings.flushes_count = 1 and given.suit_counts in (5, 40, 320, 2560) then 1
                else 0
            end as class_flush
        from query_table(hands) as given
        inner join split_games
            on split_games.game = given.game
        inner join low_rankings
            on low_rankings.ranking = split_games.low_ranking
    ),
    -- One hand of each class, numbered.
    class_hands as (
        select
            row_number() over (order by game, class_key, class_flush) as hand_no,
            game,
            class_key,
            class_flush,
            card_mask
        from (
            select
                game,
                class_key,
                class_flush,
                min(card_mask) as card_mask
            from keyed
            group by game, class_key, class_flush
        ) as classes
    ),
    class_cards as (
        select * from mask_cards_of('class_hands')
    ),
    -- materialized for SQLite: inlined, it looked each low's class up again for every hand (twice the time)
    class_lows as materialized (
        select
            class_hands.game,
            class_hands.class_key,
            class_hands.class_flush,
            evaluated.low_rank
        from low_evaluations_of('class_cards') as evaluated
        inner join class_hands
            on class_hands.hand_no = evaluated.hand_no
    )
select
    keyed.*,
    class_lows.low_rank
from keyed
inner join class_lows
    on class_lows.game = keyed.game
    and class_lows.class_key = keyed.class_key
    and class_lows.class_flush = keyed.class_flush;

create macro lowball_equity_of(players) as table
with
    completions as (
        select * from own_card_completions_of(players)
    ),
    classed as materialized (
        select
            player,
            drawn_mask,
            low_rank,
            dense_rank() over (partition by player order by low_rank) - 1 as class_no
        from lowball_ranks_of('completions')
    ),
    class_ranks as (
        select distinct
            player,
            class_no,
            low_rank
        from classed
    ),
    ranked as (
        select
            0 as tally,
            runouts.runout,
            runouts.weight,
            class_ranks.player,
            cast(null as integer) as hand_rank,
            class_ranks.low_rank
        from own_card_runouts_of('classed') as runouts
        cross join class_ranks
        where class_ranks.player = runouts.player
            and class_ranks.class_no = runouts.class_no
    )
select * from split_equity_of('ranked');

create macro lowball_trial_equity_of(players) as table
with
    trial_hands as (
        select * from own_card_trials_of(players)
    ),
    ranked as (
        select
            0 as tally,
            trial as runout,
            cast(1 as bigint) as weight,
            player,
            cast(null as integer) as hand_rank,
            low_rank
        from lowball_ranks_of('trial_hands')
    )
select * from split_equity_of('ranked');

create view deuce_to_seven_equity as select * from lowball_equity_of('deuce_to_seven_players');
create view ace_to_five_equity as select * from lowball_equity_of('ace_to_five_players');
create view badugi_equity as select * from lowball_equity_of('badugi_players');
create view deuce_to_seven_monte_carlo_equity as select * from lowball_trial_equity_of('deuce_to_seven_players');
create view ace_to_five_monte_carlo_equity as select * from lowball_trial_equity_of('ace_to_five_players');
create view badugi_monte_carlo_equity as select * from lowball_trial_equity_of('badugi_players');
