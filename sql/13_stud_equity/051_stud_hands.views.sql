/*
  Seven-card stud's hands still to come (equity --game stud, stud8, razz): each player's known
  cards, the cards still to come dealt to them from the deck, and each seven-card hand ranked
  under the stud games' rules (split_games, 046). The inputs are Hold'em's equity inputs (014):
  hand_input (each player's known cards, 2 to 7, hand_no = player), random_hand_input (a
  player who gives none: all seven to come) and dead_input, the players numbered 1, 2, ...
  with no gap, known and random together; no board (board_input empty). The cards left are
  equity_deck (015).

  own_card_players: one row per player of a game where each holds their own cards (stud here,
    the draw games' lowball_players, 058): known_cards, how many are given (0: random), and
    their codes summed (known_holes, 015; 0 for a random hand).
  stud_players: one row per player: those codes, to_come, the cards still to come to them (7
    less the known), and dealt_before, those of the players before them (Monte Carlo deals
    the players in order).
  stud_hand_ranks_of(seven_card_rows): a table macro. The relation named holds seven cards
    a row, summed into the codes of cards (rank_key, suit_counts, card_mask, 001). One row
    per row and stud game (split_games with no board and 7 hole cards: stud, stud8, razz),
    its columns as they are, with game, high_rank (the best five as a high,
    seven_card_ranks, 013; null: the game has no high, razz) and low_rank (the best low of
    the game's low_ranking, low_evaluations_of, 047; null: the game has no low, stud, or
    the hand has none, no eight-or-better low). A low of these rankings is its values'
    alone (no flush counts), so each set of values (rank_key) is evaluated once, by one of
    the hands holding it.
  stud_completions: one row per player and set of cards that can still come to them (to_come
    cards of equity_deck; one empty set when none is to come): drawn_mask the set, the seven
    cards summed, completion_no (0 .. completions - 1) its number among the player's.
  stud_runout_ranks: every runout once: one set of cards for each player, no card in two
    sets, numbered runout = the sum of each player's completion_no times base (the product
    of the completions of the players before them). One row per runout, player and stud
    game, weight 1, with high_rank and low_rank (stud_hand_ranks_of, each set once).
  stud_trial_ranks: Monte Carlo: each trial (deal_no of shuffled_deck, 003: the uniform
    shuffle, every order of the deck equally likely, from deal_settings' seed) deals the
    cards left in the shuffled order, player 1 the first to_come of them, then player 2, ...
    One row per trial, player and stud game, as stud_runout_ranks.
*/
create view own_card_players as
with
    -- each player's cards given: none for a random hand
    given as (
        select
            hand_no as player,
            count(*) as known_cards
        from hand_input
        group by hand_no
        union all
        select
            hand_no as player,
            0 as known_cards
        from random_hand_input
    )
select
    given.player,
    given.known_cards,
    cast(coalesce(known_holes.rank_key, 0) as bigint) as rank_key,
    cast(coalesce(known_holes.suit_counts, 0) as bigint) as suit_counts,
    cast(coalesce(known_holes.card_mask, 0) as bigint) as card_mask
from given
left join known_holes
    on known_holes.player = given.player;

create view stud_players as
select
    player,
    7 - known_cards as to_come,
    sum(7 - known_cards) over (order by player) - (7 - known_cards) as dealt_before,
    rank_key,
    suit_counts,
    card_mask
from own_card_players;

create macro stud_hand_ranks_of(seven_card_rows) as table
with
    stud_games as (
        select
            game,
            high_game,
            low_ranking
        from split_games
        where board_cards = 0 and hole_cards = 7
    ),
    highs as (
        select * from seven_card_ranks(seven_card_rows)
    ),
    -- One hand of each set of values, for each stud game with a low.
    value_hands as (
        select
            row_number() over (order by value_sets.rank_key, stud_games.game) as hand_no,
            value_sets.rank_key,
            value_sets.card_mask,
            stud_games.game
        from (
            select
                rank_key,
                min(card_mask) as card_mask
            from query_table(seven_card_rows)
            group by rank_key
        ) as value_sets
        cross join stud_games
        where stud_games.low_ranking is not null
    ),
    value_cards as (
        select
            value_hands.hand_no,
            value_hands.game,
            cards.card_id,
            1 as is_hole,
            row_number() over (partition by value_hands.hand_no order by cards.card_id) as card_no
        from value_hands
        inner join cards
            on (value_hands.card_mask & cards.card_bit) <> 0
    ),
    value_lows as (
        select
            value_hands.rank_key,
            value_hands.game,
            evaluated.low_rank
        from low_evaluations_of('value_cards') as evaluated
        inner join value_hands
            on value_hands.hand_no = evaluated.hand_no
    )
select
    highs.*,
    stud_games.game,
    case when stud_games.high_game is null then null else highs.hand_rank end as high_rank,
    value_lows.low_rank
from highs
cross join stud_games
left join value_lows
    on value_lows.rank_key = highs.rank_key
    and value_lows.game = stud_games.game;

create view stud_completions as
with recursive
    deck as (
        select
            card_id,
            rank_code,
            suit_code,
            card_bit
        from equity_deck
    ),
    -- Each set grows by a card above its last one, until none is left to come.
    grown (player, left_to_come, last_card, drawn_mask, rank_key, suit_counts, card_mask) as (
        select
            player,
            to_come,
            -1,
            cast(0 as bigint),
            rank_key,
            suit_counts,
            card_mask
        from stud_players
        union all
        select
            grown.player,
            grown.left_to_come - 1,
            deck.card_id,
            grown.drawn_mask + deck.card_bit,
            grown.rank_key + deck.rank_code,
            grown.suit_counts + deck.suit_code,
            grown.card_mask + deck.card_bit
        from grown
        inner join deck
            on deck.card_id > grown.last_card
        where grown.left_to_come > 0
    )
select
    player,
    drawn_mask,
    rank_key,
    suit_counts,
    card_mask
from grown
where left_to_come = 0;

create view stud_runout_ranks as
with recursive
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
    class_counts as (
        select
            player,
            count(*) as classes
        from class_hands
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
        where player = (select max(player) from class_hands)
        group by outcome
    ),
    ranked as (
        select * from stud_hand_ranks_of('class_hands')
    )
select
    outcomes.outcome as runout,
    outcomes.weight,
    ranked.player,
    ranked.game,
    ranked.high_rank,
    ranked.low_rank
-- SQLite: a cross join keeps this order, each outcome, each player, then their class (by an
-- index of ranked), where its planner would scan every outcome for every class.
from outcomes
cross join bases
cross join ranked
where ranked.player = bases.player
    and ranked.class_no = (outcomes.outcome // bases.base) % bases.classes;

create view stud_trial_ranks as
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
    -- each player's known cards and the ones dealt them in the trial, summed (the cards after
    -- those of the players before them, as many as are still to come to them; none: none)
    trial_hands as (
        select
            deal_numbers.deal_no as trial,
            stud_players.player,
            cast(stud_players.rank_key + coalesce(sum(shuffled.rank_code), 0) as bigint) as rank_key,
            cast(stud_players.suit_counts + coalesce(sum(shuffled.suit_code), 0) as bigint) as suit_counts,
            cast(stud_players.card_mask + coalesce(sum(shuffled.card_bit), 0) as bigint) as card_mask
        from deal_numbers
        cross join stud_players
        left join shuffled
            on shuffled.trial = deal_numbers.deal_no
            and shuffled.place > stud_players.dealt_before
            and shuffled.place <= stud_players.dealt_before + stud_players.to_come
        group by deal_numbers.deal_no, stud_players.player, stud_players.rank_key, stud_players.suit_counts, stud_players.card_mask
    )
select
    trial as runout,
    cast(1 as bigint) as weight,
    player,
    game,
    high_rank,
    low_rank
from stud_hand_ranks_of('trial_hands');
