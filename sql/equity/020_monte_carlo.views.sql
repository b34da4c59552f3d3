/*
  Texas Hold'em equity by Monte Carlo, part 1, what a trial draws: random runouts of hands,
  random players and ranges, drawn in 021 and counted by the tally of exact equity
  (equity_of, 017). The inputs are the tables of 014, and range_input (016) for ranges.

  Monte Carlo (deal_settings.deals = N trials, seeded; exact equity ignores it): each trial deals the cards
  still unknown (the combinations of range players, the hole cards of random
  players, the rest of the board) by rejection, with integer hashing only, so every
  engine deals the same trials from the same seed. Range players (monte_carlo_range_players)
  are the players of range_input (016) that are neither in hand_input nor in random_hand_input.

  monte_carlo_trials: one row per trial (deal_no of deal_numbers, 003): its 32-bit
    state, the deal's state of deal_states (003), as shuffled_deck shuffles with,
    which is also the word of its first attempt, and the first rounds of the next two
    attempts' words (see the draws, 021).
  monte_carlo_sources: what a trial draws from, one row per choice: source 0 is the
    empty choice (one row), sources 1, 2, 3 every set of that many cards still in the
    deck (equity_deck), source 100 + p player p's range: each live combination (both
    cards in equity_deck) weight times (monte_carlo_range_choices, a view of its own: the
    units count its rows). A source's choices are numbered 0 .. n - 1
    (choice_no); a set of deck cards by the combinatorial number system on the
    cards' places in the deck, so no sorting is needed. paired_no is a triple's
    choice_no times the number of pairs (a board unit's choice is pair + pairs *
    triple): found by it, the triple needs no division, which SQLite would not
    look up by an index.
  monte_carlo_units: one row per unit of a trial's draw, in order: each range player's
    combination, each random player's hole cards (as many as the known hands hold: two in
    Hold'em; in Omaha 4 to 6, a pair at a time, every player's first pair, then every
    second, ..., five cards ending in a card), then the board still to come (five cards: a
    pair and a triple, or with random Omaha hands a pair, a pair and a card; two: a pair;
    one: a card; none at the river). A unit picks one choice of source_a and one of
    source_b (n_a * n_b pairs of choices). Each pair drawn is every pair of the cards
    left with the same chance, so a hand (or board) is every set of them with the same
    chance (four cards are six orders of two pairs, all equally likely), and a unit of a
    pair is rejected far less often than one of more cards when few are left.

  Each view reads the one before it once: Spark expands a view, and a CTE, at every place it
  is read (pokersql/engines/spark/expansion.py).
*/

create view monte_carlo_trials as
with
    -- materialized for SQLite: inlined, each step would copy the last 4 times.
    trial_states as materialized (
        select
            deal_no as trial,
            state
        from deal_states
    ),
    -- The counters of attempts 2 and 3, state + attempt * 2246822519 (attempt 1's word is the state).
    counters as (
        select
            trial,
            state,
            (state + 2 * 2246822519) & 4294967295 as counter_2,
            (state + 3 * 2246822519) & 4294967295 as counter_3
        from trial_states
    ),
    round_1 as (
        select
            trial,
            state,
            ((((counter_2 >> 16) | counter_2) - ((counter_2 >> 16) & counter_2)) * 73244475) & 4294967295
            as hash_2,
            ((((counter_3 >> 16) | counter_3) - ((counter_3 >> 16) & counter_3)) * 73244475) & 4294967295
            as hash_1_of_3
        from counters
    )
select
    trial,
    state,
    state as word_1,
    ((((hash_2 >> 16) | hash_2) - ((hash_2 >> 16) & hash_2)) * 73244475) & 4294967295 as hash_2_of_2,
    hash_1_of_3
from round_1;

/* The range players drawn in each trial: in range_input, neither a known hand nor random. */
create view monte_carlo_range_players as
select distinct
    player
from range_input
where player not in (select hand_no from hand_input)
    and player not in (select hand_no from random_hand_input);

create view monte_carlo_range_choices as
with recursive
    -- the players' combinations whose two cards no one holds
    live_combos as (
        select
            combos.player,
            combos.card_1,
            combos.card_2,
            combos.weight,
            combos.rank_key,
            combos.suit_counts,
            combos.card_mask
        from two_card_codes_of('range_input', 'equity_deck') as combos
        inner join monte_carlo_range_players
            on monte_carlo_range_players.player = combos.player
    ),
    -- 0 .. the largest weight - 1: a combination of weight w is w choices.
    copies (copy_no) as (
        select 0
        where exists (select 1 from range_input)
        union all
        select copies.copy_no + 1
        from copies
        where copies.copy_no + 1 < (select max(weight) from range_input)
    )
select
    live_combos.player,
    row_number() over (
        partition by live_combos.player
        order by live_combos.card_1 desc, live_combos.card_2 desc, copies.copy_no
    ) - 1 as choice_no,
    live_combos.rank_key,
    live_combos.suit_counts,
    live_combos.card_mask
from live_combos
inner join copies
    on copies.copy_no < live_combos.weight;

create view monte_carlo_sources as
with
    deck as (
        select
            card_id,
            rank_code,
            suit_code,
            card_bit,
            row_number() over (order by card_id) - 1 as place
        from equity_deck
    )
select
    0 as source,
    0 as choice_no,
    cast(0 as bigint) as rank_key,
    cast(0 as bigint) as suit_counts,
    cast(0 as bigint) as card_mask,
    0 as paired_no
union all
select
    1,
    place,
    rank_code,
    suit_code,
    card_bit,
    place
from deck
union all
select
    2,
    high.place * (high.place - 1) // 2 + low.place,
    high.rank_code + low.rank_code,
    high.suit_code + low.suit_code,
    high.card_bit + low.card_bit,
    high.place * (high.place - 1) // 2 + low.place
from deck as high
inner join deck as low
    on low.place < high.place
union all
select
    3,
    high.place * (high.place - 1) * (high.place - 2) // 6 + middle.place * (middle.place - 1) // 2 + low.place,
    high.rank_code + middle.rank_code + low.rank_code,
    high.suit_code + middle.suit_code + low.suit_code,
    high.card_bit + middle.card_bit + low.card_bit,
    (high.place * (high.place - 1) * (high.place - 2) // 6 + middle.place * (middle.place - 1) // 2 + low.place)
    * (select count(*) * (count(*) - 1) // 2 from deck)
from deck as high
inner join deck as middle
    on middle.place < high.place
inner join deck as low
    on low.place < middle.place
union all
select
    100 + player,
    choice_no,
    rank_key,
    suit_counts,
    card_mask,
    0
from monte_carlo_range_choices;

create view monte_carlo_units as
with
    -- The hole cards a random player is dealt: as many as the known hands hold (Omaha's 4 to 6), else 2.
    hole_cards (cards) as (
        select coalesce(max(cards), 2)
        from (select count(*) as cards from hand_input group by hand_no) as known_hands
    ),
    units as (
        select
            1 as part,
            player,
            100 + player as source_a,
            0 as source_b
        from monte_carlo_range_players
        union all
        -- Each random player's hole cards, a pair at a time (parts 2 to 4; five cards: the fifth a card).
        select
            parts.part,
            random_hand_input.hand_no,
            case when parts.part = 4 and hole_cards.cards = 5 then 1 else 2 end,
            0
        from random_hand_input
        cross join hole_cards
        inner join (select 2 as part union all select 3 union all select 4) as parts
            on parts.part = 2
            or (parts.part = 3 and hole_cards.cards >= 4)
            or (parts.part = 4 and hole_cards.cards >= 5)
        union all
        -- The board still to come, player 0: a pair and a triple, a pair, a card, or nothing.
        -- With random Omaha hands (more than two hole cards), five cards are a pair, a pair and
        -- a card (parts 5 to 7: few cards may be left), each unit of them a row of the deals.
        select
            parts.part,
            0,
            case
                when split.by_pairs = 0 then case board_so_far.board_size when 4 then 1 else 2 end
                when 5 - board_so_far.board_size - 2 * (parts.part - 5) >= 2 then 2
                else 1
            end,
            case when split.by_pairs = 0 and board_so_far.board_size = 0 then 3 else 0 end
        from board_so_far
        cross join (
            select case when cards > 2 and exists (select 1 from random_hand_input) then 1 else 0 end as by_pairs
            from hole_cards
        ) as split
        inner join (select 5 as part union all select 6 union all select 7) as parts
            on parts.part = 5
            or (split.by_pairs = 1 and 5 - board_so_far.board_size > 2 * (parts.part - 5))
        where board_so_far.board_size < 5
    ),
    -- The number of choices of each source, counted without listing them (the deck's sets of
    -- 1, 2 and 3 cards by the binomial coefficients): on Spark, which computes a view again at
    -- every step of the draws' recursion (021), listing the deck's triples took seconds a step.
    deck_size (n) as (
        select count(*)
        from equity_deck
    ),
    source_sizes as (
        select
            0 as source,
            cast(1 as bigint) as choices
        union all
        select
            1,
            n
        from deck_size
        union all
        select
            2,
            n * (n - 1) // 2
        from deck_size
        union all
        select
            3,
            n * (n - 1) * (n - 2) // 6
        from deck_size
        union all
        select
            100 + player,
            count(*)
        from monte_carlo_range_choices
        group by player
    ),
    -- Each unit's two sizes by one join: the sources are read once (Spark expands each reading).
    numbered as (
        select
            row_number() over (order by units.part, units.player) as unit_no,
            units.part,
            units.player,
            units.source_a,
            units.source_b,
            max(case when source_sizes.source = units.source_a then source_sizes.choices end) as n_a,
            max(case when source_sizes.source = units.source_b then source_sizes.choices end) as n_b
        from units
        inner join source_sizes
            on source_sizes.source in (units.source_a, units.source_b)
        group by units.part, units.player, units.source_a, units.source_b
        having count(*) = 2
    )
select
    unit_no,
    player,
    source_a,
    source_b,
    n_a,
    n_b,
    n_a * n_b as choices,
    -- The largest multiple of n_a * n_b not above 2^32: words below it are kept.
    4294967296 // (n_a * n_b) * (n_a * n_b) as accept_below,
    -- A rejected range combination restarts the trial's ranges (unit 1); any other unit is drawn again.
    case when part = 1 then 1 else unit_no end as retry_unit,
    case when part = 1 then 1 else 0 end as restarts
from numbered;
