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
    suit_counts, card_mask; 0 for a random hand: own_card_players, 051).
    deuce_to_seven_players, ace_to_five_players, badugi_players: the game's rows.
  lowball_ranks_of(hands): a table macro. The relation named holds one row per hand, its cards
    summed (game, rank_key, suit_counts, card_mask); the rows as they are, with low_rank, the
    hand's low under its game's low_ranking (low_evaluations_of, 047). A five-card low is its
    values' and its flush's (2-7) alone, so each (rank_key, flush) is evaluated once, by one
    hand holding it; badugi's by its cards, each hand once.
  lowball_runouts_of(players): a table macro. Every runout once: each player's sets of cards
    still to come (to_come cards of equity_deck, a card above the last at a time; one empty set
    when none is to come), no card in two players' sets. A player's sets are classed by their
    low_rank, and a runout is counted by the players' classes: one row per outcome and player,
    runout (the outcome's number), weight (its runouts), player and low_rank (tally 0 and
    hand_rank null: split_equity_of's rows).
  lowball_trials_of(players): a table macro. Monte Carlo: each trial (deal_no of shuffled_deck,
    003: the uniform shuffle, from deal_settings' seed) deals the cards left in the shuffled
    order, player 1 the first to_come of them, then player 2, ... One row per trial and player,
    weight 1, with low_rank (and tally, hand_rank as lowball_runouts_of's).
  deuce_to_seven_equity, ace_to_five_equity, badugi_equity (every runout) and their
  _monte_carlo_equity (the trials): split_equity_of (050) over those rows, hand_rank null (no
  high), so the best low takes the whole pot. One row per player.
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
        cross join own_card_players as players
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
        select
            class_hands.hand_no,
            class_hands.game,
            cards.card_id,
            1 as is_hole,
            row_number() over (partition by class_hands.hand_no order by cards.card_id) as card_no
        from class_hands
        inner join cards
            on (class_hands.card_mask & cards.card_bit) <> 0
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

create macro lowball_runouts_of(players) as table
with recursive
    -- Each player's sets grow by a card above their last one, until none is left to come.
    grown (game, player, left_to_come, last_card, drawn_mask, rank_key, suit_counts, card_mask) as (
        select
            game,
            player,
            to_come,
            -1,
            cast(0 as bigint),
            rank_key,
            suit_counts,
            card_mask
        from query_table(players)
        union all
        select
            grown.game,
            grown.player,
            grown.left_to_come - 1,
            deck.card_id,
            grown.drawn_mask + deck.card_bit,
            grown.rank_key + deck.rank_code,
            grown.suit_counts + deck.suit_code,
            grown.card_mask + deck.card_bit
        from grown
        inner join equity_deck as deck
            on deck.card_id > grown.last_card
        where grown.left_to_come > 0
    ),
    completions as (
        select * from grown where left_to_come = 0
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
    class_counts as (
        select
            player,
            count(*) as classes
        from class_ranks
        group by player
    ),
    -- Each player's base: the product of the classes of the players before.
    bases (player, base, classes) as (
        select
            player,
            cast(1 as bigint),
            classes
        from class_counts
        where player = 1
        union all
        select
            class_counts.player,
            bases.base * bases.classes,
            class_counts.classes
        from bases
        inner join class_counts
            on class_counts.player = bases.player + 1
    ),
    -- The runouts dealt player by player: each set of the next player that misses the cards
    -- dealt, the outcome numbered by the players' classes.
    dealt (player, outcome, drawn_mask) as (
        select
            0,
            cast(0 as bigint),
            cast(0 as bigint)
        union all
        select
            classed.player,
            dealt.outcome + classed.class_no * bases.base,
            dealt.drawn_mask + classed.drawn_mask
        from dealt
        inner join classed
            on classed.player = dealt.player + 1
            and (classed.drawn_mask & dealt.drawn_mask) = 0
        inner join bases
            on bases.player = classed.player
    ),
    outcomes as (
        select
            outcome,
            count(*) as weight
        from dealt
        where player = (select max(player) from class_counts)
        group by outcome
    )
select
    0 as tally,
    outcomes.outcome as runout,
    outcomes.weight,
    class_ranks.player,
    cast(null as integer) as hand_rank,
    class_ranks.low_rank
from outcomes
cross join bases
cross join class_ranks
where class_ranks.player = bases.player
    and class_ranks.class_no = (outcomes.outcome // bases.base) % bases.classes;

create macro lowball_trials_of(players) as table
with
    -- The cards left in each trial's shuffled order, the first one place 1.
    shuffled as (
        select
            shuffled_deck.deal_no as trial,
            equity_deck.rank_code,
            equity_deck.suit_code,
            equity_deck.card_bit,
            row_number() over (
                partition by shuffled_deck.deal_no
                order by shuffled_deck.shuffle_key, shuffled_deck.card_id
            ) as place
        from shuffled_deck
        inner join equity_deck
            on equity_deck.card_id = shuffled_deck.card_id
    ),
    -- each player's known cards and the ones dealt them in the trial, summed
    trial_hands as (
        select
            deal_numbers.deal_no as trial,
            players.game,
            players.player,
            cast(players.rank_key + coalesce(sum(shuffled.rank_code), 0) as bigint) as rank_key,
            cast(players.suit_counts + coalesce(sum(shuffled.suit_code), 0) as bigint) as suit_counts,
            cast(players.card_mask + coalesce(sum(shuffled.card_bit), 0) as bigint) as card_mask
        from deal_numbers
        cross join query_table(players) as players
        left join shuffled
            on shuffled.trial = deal_numbers.deal_no
            and shuffled.place > players.dealt_before
            and shuffled.place <= players.dealt_before + players.to_come
        group by deal_numbers.deal_no, players.game, players.player, players.rank_key, players.suit_counts, players.card_mask
    )
select
    0 as tally,
    trial as runout,
    cast(1 as bigint) as weight,
    player,
    cast(null as integer) as hand_rank,
    low_rank
from lowball_ranks_of('trial_hands');

create view deuce_to_seven_equity as
with ranked as (select * from lowball_runouts_of('deuce_to_seven_players'))
select * from split_equity_of('ranked');

create view deuce_to_seven_monte_carlo_equity as
with ranked as (select * from lowball_trials_of('deuce_to_seven_players'))
select * from split_equity_of('ranked');

create view ace_to_five_equity as
with ranked as (select * from lowball_runouts_of('ace_to_five_players'))
select * from split_equity_of('ranked');

create view ace_to_five_monte_carlo_equity as
with ranked as (select * from lowball_trials_of('ace_to_five_players'))
select * from split_equity_of('ranked');

create view badugi_equity as
with ranked as (select * from lowball_runouts_of('badugi_players'))
select * from split_equity_of('ranked');

create view badugi_monte_carlo_equity as
with ranked as (select * from lowball_trials_of('badugi_players'))
select * from split_equity_of('ranked');
