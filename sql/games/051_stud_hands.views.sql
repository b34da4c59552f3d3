/*
  Seven-card stud's hands still to come (equity --game stud, stud8, razz): each player's known
  cards, the cards still to come dealt to them from the deck, and each seven-card hand ranked
  under the stud games' rules (split_games, 046). The inputs are Hold'em's equity inputs (014):
  hand_input (each player's known cards, 2 to 7, hand_no = player), random_hand_input (a
  player who gives none: all seven to come) and dead_input, the players numbered 1, 2, ...
  with no gap, known and random together; no board (board_input empty). The cards left are
  equity_deck (015).

  own_card_players_of(hand_rows, random_rows): a table macro (no view of its own: Spark would
    read it again at each place), one row per player of a game where each holds their own
    cards (stud here, the draw games' lowball_players, 058), of hand_input and random_hand_input:
    known_cards, how many are given (0: random), their codes summed (known_holes, 015; 0 if none).
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
  stud_completions: each player's sets of cards still to come (own_card_completions_of).
  The macros below deal the games where each player holds their own cards (the draw games'
  too, 058); 052 deals and ranks stud's runouts and trials with them.
*/
create macro own_card_players_of(hand_rows, random_rows) as table
with
    -- each player's cards given: none for a random hand
    given as (
        select
            hand_no as player,
            count(*) as known_cards
        from query_table(hand_rows)
        group by hand_no
        union all
        select
            hand_no as player,
            0 as known_cards
        from query_table(random_rows)
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
    -- (the macros below carry a game through: stud's hands are ranked in every stud game)
    cast(null as varchar) as game,
    player,
    7 - known_cards as to_come,
    sum(7 - known_cards) over (order by player) - (7 - known_cards) as dealt_before,
    rank_key,
    suit_counts,
    card_mask
from own_card_players_of('hand_input', 'random_hand_input');

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
        select * from mask_cards_of('value_hands')
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

/* own_card_completions_of(players): one row per player of players (game, to_come and the codes
   of own_card_players_of) and set of to_come cards of equity_deck (a card above the last at a time;
   one empty set when none is to come): drawn_mask the set, and the hand's cards summed. */
create macro own_card_completions_of(players) as table
with recursive
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
    )
select
    game,
    player,
    drawn_mask,
    rank_key,
    suit_counts,
    card_mask
from grown
where left_to_come = 0;

/* own_card_runouts_of(classed): classed holds each player's sets (player, drawn_mask, class_no
   0, 1, ...: sets that play alike). Every runout (a set each, no card in two) dealt player by
   player, counted by outcome: one row per outcome and player, runout (each player's class_no
   times their base, the product of the classes before), weight (its runouts) and class_no. */
create macro own_card_runouts_of(classed) as table
with recursive
    class_counts as (
        select
            player,
            count(distinct class_no) as classes
        from query_table(classed)
        group by player
    ),
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
    dealt (player, outcome, drawn_mask) as (
        select
            0,
            cast(0 as bigint),
            cast(0 as bigint)
        union all
        select
            sets.player,
            dealt.outcome + sets.class_no * bases.base,
            dealt.drawn_mask + sets.drawn_mask
        from dealt
        inner join query_table(classed) as sets
            on sets.player = dealt.player + 1
            and (sets.drawn_mask & dealt.drawn_mask) = 0
        inner join bases
            on bases.player = sets.player
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
    outcomes.outcome as runout,
    outcomes.weight,
    bases.player,
    (outcomes.outcome // bases.base) % bases.classes as class_no
from outcomes
cross join bases;

/* shuffled_places_of(deck_rows): a table macro, each trial's shuffle (shuffled_deck, 003, from
   deal_settings' seed) of the deck named (rows of cards, 001: equity_deck, or the cards less
   the known ones, odds_trial_boards, 060): deal_no, the deck's columns, and each card's place
   in the trial's order, the first 1. */
create macro shuffled_places_of(deck_rows) as table
select
    shuffled_deck.deal_no,
    deck.*,
    row_number() over (
        partition by shuffled_deck.deal_no
        order by shuffled_deck.shuffle_key, shuffled_deck.card_id
    ) as place
from shuffled_deck
inner join query_table(deck_rows) as deck
    on deck.card_id = shuffled_deck.card_id;

/* own_card_trials_of(players): Monte Carlo, each trial (shuffled_deck, 003, from deal_settings'
   seed) dealing the cards left in order, player 1 the first to_come, then player 2 (players as
   stud_players): one row per trial, game and player, the known cards and those dealt summed. */
create macro own_card_trials_of(players) as table
with
    -- The cards left in each trial's shuffled order, the first one place 1.
    shuffled as (
        select
            places.deal_no as trial,
            places.rank_code,
            places.suit_code,
            places.card_bit,
            places.place
        from shuffled_places_of('equity_deck') as places
    )
-- the cards after those of the players before them, as many as are still to come (none: none)
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
group by deal_numbers.deal_no, players.game, players.player, players.rank_key, players.suit_counts, players.card_mask;

create view stud_completions as
select
    player,
    drawn_mask,
    rank_key,
    suit_counts,
    card_mask
from own_card_completions_of('stud_players');
