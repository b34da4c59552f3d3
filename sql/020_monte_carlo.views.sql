/*
  Texas Hold'em equity by Monte Carlo: random runouts of hands, random players and
  ranges, the players' seven cards evaluated and counted by the tally of exact equity
  (equity_of, 015). The inputs are the tables of 014, and range_input (016) for ranges.

  Monte Carlo (deal_settings.deals = N trials, seeded; exact equity ignores it): each trial deals the cards
  still unknown (the combinations of range players, the hole cards of random
  players, the rest of the board) by rejection, with integer hashing only, so every
  engine deals the same trials from the same seed. Range players (monte_carlo_range_players)
  are the players of range_input (016) that are neither in hand_input nor in random_hand_input.

  monte_carlo_trials: one row per trial (deal_no of deal_numbers, 003): its 32-bit
    state, the deal's state of deal_states (003), as shuffled_deck shuffles with,
    which is also the word of its first attempt, and the first rounds of the next two
    attempts' words (see the draws).
  monte_carlo_sources: what a trial draws from, one row per choice: source 0 is the
    empty choice (one row), sources 1, 2, 3 every set of that many cards still in the
    deck (equity_deck), source 100 + p player p's range: each live combination (both
    cards in equity_deck) weight times. A source's choices are numbered 0 .. n - 1
    (choice_no); a set of deck cards by the combinatorial number system on the
    cards' places in the deck, so no sorting is needed. paired_no is a triple's
    choice_no times the number of pairs (a board unit's choice is pair + pairs *
    triple): found by it, the triple needs no division, which SQLite would not
    look up by an index.
  monte_carlo_units: one row per unit of a trial's draw, in order: each range player's
    combination, each random player's two cards, then the board still to come (five
    cards: a pair and a triple; two: a pair; one: a card; none at the river). A unit
    picks one choice of source_a and one of source_b (n_a * n_b pairs of choices).
  monte_carlo_draws: one row per trial per attempt (and one start row per trial, player 0
    holding no cards, kept when the river is known), with its unit's player and restarts. An
    attempt hashes (trial state, attempt number) into a 32-bit word and rejects it
    unless word < accept_below, the largest multiple of n_a * n_b not above 2^32; so
    word % (n_a * n_b) is uniform, and so are its two parts, the choice of source_a
    (word % n_a) and of source_b. The attempt is kept when its cards are distinct and
    miss the cards the trial already holds; else the unit is drawn again. A board is
    thus every set of the cards left with the same chance (each five-card set is ten
    of the pairs x triples, all equally likely), and each random player's two cards
    every pair left: no modulo bias, no sorting. A range combination rejected
    restarts the trial from its first range player: the kept combinations are then
    independent draws (each with the chance of its weight) given that no card is
    twice, which is what exact range equity (017) counts: every deal, weighed, once.
    Uniform assumes an ideal hash: the word of attempt 1 is the trial's state, of
    attempt a > 1 the hash of 003 (hash_of: two rounds of shift-xor-multiply, then a
    shift-xor, a bijection of 32-bit numbers) of state + a * 2246822519, its rounds
    spread over the steps of the draw (below). A trial gives up after 10,000 attempts (the library
    checks beforehand that a deal exists, and that every trial was dealt).
  monte_carlo_deals: one row per trial per seat: player 0 the complete board (the
    board so far and the cards drawn for it), player p > 0 a drawn player's two hole
    cards, summed into the codes of cards (001).

  monte_carlo_runouts: one row per runout per player, as exact_runouts (015): every trial
    a runout, weight 1.
  monte_carlo_class_runouts: the same when every player's hand is known (else no rows): a
    runout is a class of the trials' boards, weighed by its number of trials.
  monte_carlo_equity, monte_carlo_class_equity: one row per player, as equity (015), over
    the trials; the same counts when every hand is known (the library reads the second).

  Each view reads the one before it once (monte_carlo_runouts reads the deals through one
  materialized CTE, twice on Spark): Spark expands a view, and a CTE, at every place it is
  read (pokersql/engines/spark/expansion.py).
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

create view monte_carlo_sources as
with recursive
    deck as (
        select
            card_id,
            rank_code,
            suit_code,
            card_bit,
            row_number() over (order by card_id) - 1 as place
        from equity_deck
    ),
    live_combos as (
        select
            range_input.player,
            range_input.card_1,
            range_input.card_2,
            range_input.weight,
            high.rank_code + low.rank_code as rank_key,
            high.suit_code + low.suit_code as suit_counts,
            high.card_bit + low.card_bit as card_mask
        from range_input
        inner join monte_carlo_range_players
            on monte_carlo_range_players.player = range_input.player
        inner join deck as high
            on high.card_id = range_input.card_1
        inner join deck as low
            on low.card_id = range_input.card_2
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
    100 + live_combos.player,
    row_number() over (
        partition by live_combos.player
        order by live_combos.card_1 desc, live_combos.card_2 desc, copies.copy_no
    ) - 1 as choice_no,
    live_combos.rank_key,
    live_combos.suit_counts,
    live_combos.card_mask,
    0
from live_combos
inner join copies
    on copies.copy_no < live_combos.weight;

create view monte_carlo_units as
with
    units as (
        select
            1 as part,
            player,
            100 + player as source_a,
            0 as source_b
        from monte_carlo_range_players
        union all
        select
            2,
            hand_no,
            2,
            0
        from random_hand_input
        union all
        -- The board still to come, player 0: a pair and a triple, a pair, a card, or nothing.
        select
            3,
            0,
            case board_size when 0 then 2 when 3 then 2 when 4 then 1 end,
            case board_size when 0 then 3 else 0 end
        from board_so_far
        where board_size < 5
    ),
    source_sizes as (
        select
            source,
            count(*) as choices
        from monte_carlo_sources
        group by source
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

create view monte_carlo_draws as
with recursive
    -- materialized: read at every attempt, built once.
    units as materialized (
        select
            unit_no,
            player,
            restarts,
            source_a,
            source_b,
            n_a,
            choices,
            accept_below,
            retry_unit
        from monte_carlo_units
    ),
    sources as materialized (
        select
            source,
            choice_no,
            paired_no,
            rank_key,
            suit_counts,
            card_mask
        from monte_carlo_sources
    ),
    /* One row per attempt (attempt 0: the trial's start). SQLite allows the recursive
       table once in the FROM clause and in no subquery, so the hash of an attempt's
       counter is not written out at once: each row carries the word of the next
       attempt (word), the next but one's hash after two rounds (hash_2) and the next
       but two's after one round (hash_1), and each attempt takes each one step further. */
    draws (
        trial, state, attempt, unit_no, player, restarts, kept, rank_key, suit_counts, card_mask, next_unit,
        held_mask, word, hash_2, hash_1
    ) as (
        select
            trial,
            state,
            0,
            -- PostgreSQL: an anchor column's type must be the recursive term's (unit_no is bigint).
            cast(0 as bigint),
            0,  -- the start row stands for player 0, the board (no cards), when no board unit
            0,  -- follows it: when the river is known
            case when board_so_far.board_size = 5 then 1 else 0 end,
            cast(0 as bigint),
            cast(0 as bigint),
            cast(0 as bigint),
            cast(1 as bigint),  -- next_unit: bigint, as unit_no (PostgreSQL)
            cast(0 as bigint),
            word_1,
            hash_2_of_2,
            hash_1_of_3
        from monte_carlo_trials
        cross join board_so_far
        union all
        select
            draws.trial,
            draws.state,
            draws.attempt + 1,
            units.unit_no,
            units.player,
            units.restarts,
            case
                when draws.word < units.accept_below
                    and choice_a.card_mask & choice_b.card_mask = 0
                    and (choice_a.card_mask + choice_b.card_mask) & draws.held_mask = 0
                then 1
                else 0
            end,
            choice_a.rank_key + choice_b.rank_key,
            choice_a.suit_counts + choice_b.suit_counts,
            choice_a.card_mask + choice_b.card_mask,
            case
                when draws.word < units.accept_below
                    and choice_a.card_mask & choice_b.card_mask = 0
                    and (choice_a.card_mask + choice_b.card_mask) & draws.held_mask = 0
                then units.unit_no + 1
                else units.retry_unit
            end,
            case
                when draws.word < units.accept_below
                    and choice_a.card_mask & choice_b.card_mask = 0
                    and (choice_a.card_mask + choice_b.card_mask) & draws.held_mask = 0
                then draws.held_mask + choice_a.card_mask + choice_b.card_mask
                when units.retry_unit = units.unit_no then draws.held_mask
                else 0
            end,
            ((draws.hash_2 >> 16) | draws.hash_2) - ((draws.hash_2 >> 16) & draws.hash_2),
            ((((draws.hash_1 >> 16) | draws.hash_1) - ((draws.hash_1 >> 16) & draws.hash_1)) * 73244475)
                & 4294967295,
            -- The counter of attempt + 4 (this row is attempt + 1), one round.
            ((((((draws.state + (draws.attempt + 4) * 2246822519) & 4294967295) >> 16)
                | ((draws.state + (draws.attempt + 4) * 2246822519) & 4294967295))
                - ((((draws.state + (draws.attempt + 4) * 2246822519) & 4294967295) >> 16)
                & ((draws.state + (draws.attempt + 4) * 2246822519) & 4294967295))) * 73244475)
                & 4294967295
        from draws
        inner join units
            on units.unit_no = draws.next_unit
        inner join sources as choice_a
            on choice_a.source = units.source_a
            and choice_a.choice_no = draws.word % units.choices % units.n_a
        -- source_b's choice is (word % choices) // n_a: found by its paired_no, n_a * choice_no.
        inner join sources as choice_b
            on choice_b.source = units.source_b
            and choice_b.paired_no = draws.word % units.choices - draws.word % units.choices % units.n_a
        where draws.attempt < 10000
    )
select
    trial,
    attempt,
    unit_no,
    player,
    restarts,
    kept,
    rank_key,
    suit_counts,
    card_mask
from draws;

create view monte_carlo_deals as
with
    kept as (
        select
            trial,
            attempt,
            player,
            restarts,
            rank_key,
            suit_counts,
            card_mask,
            -- A range restart leaves earlier kept combinations behind: the last one counts. Only
            -- the range players' rows are partitioned by trial: any other seat is kept once.
            max(attempt) over (partition by case when restarts = 1 then trial end, player) as last_attempt
        from monte_carlo_draws
        where kept = 1
    )
select
    kept.trial as runout,
    kept.player,
    kept.rank_key + case when kept.player = 0 then board_so_far.rank_key else 0 end as rank_key,
    kept.suit_counts + case when kept.player = 0 then board_so_far.suit_counts else 0 end as suit_counts,
    kept.card_mask + case when kept.player = 0 then board_so_far.card_mask else 0 end as card_mask
from kept
cross join board_so_far
where kept.restarts = 0
    or kept.attempt = kept.last_attempt;

/* Every trial a runout, weight 1: each seat beside its trial's board, the board's row standing
   for every known hand. */
create view monte_carlo_runouts as
with
    -- materialized: the trials are dealt once, read for the seats and for the boards. (Spark,
    -- which inlines it, deals them twice: a window reads them once, but on DuckDB it made
    -- Monte Carlo of a random hand 1.6 times slower.)
    trial_seats as materialized (
        select
            runout,
            player,
            rank_key,
            suit_counts,
            card_mask
        from monte_carlo_deals
    )
select
    0 as tally,
    seats.runout,
    cast(1 as bigint) as weight,
    coalesce(known_holes.player, seats.player) as player,
    cast(boards.rank_key + coalesce(known_holes.rank_key, seats.rank_key) as bigint) as rank_key,
    cast(boards.suit_counts + coalesce(known_holes.suit_counts, seats.suit_counts) as bigint) as suit_counts,
    cast(boards.card_mask + coalesce(known_holes.card_mask, seats.card_mask) as bigint) as card_mask
from trial_seats as seats
inner join trial_seats as boards
    on boards.runout = seats.runout
    and boards.player = 0
left join known_holes
    on seats.player = 0
where seats.player > 0
    or known_holes.player is not null;

/* Every hand known: the trials' boards by class, as classified_boards (015) classes boards, each
   weighed by its trials (fewer runouts to rank). No rows when some player is drawn. */
create view monte_carlo_class_runouts as
with
    flush_parts as (
        select
            monte_carlo_deals.rank_key,
            flush_suits.three_suit as flush_suit,
            coalesce((monte_carlo_deals.suit_counts >> (3 * flush_suits.three_suit)) & 7, 0) as flush_cards,
            coalesce((monte_carlo_deals.card_mask >> (13 * flush_suits.three_suit)) & 8191, 0) as flush_values
        from monte_carlo_deals
        inner join flush_suits
            on flush_suits.suit_counts = monte_carlo_deals.suit_counts
        where monte_carlo_deals.player = 0
            -- Every hand known: no random player, no range player.
            and not exists (select 1 from random_hand_input)
            and not exists (select 1 from monte_carlo_range_players)
    ),
    board_classes as (
        select
            rank_key * 32768 + coalesce(flush_suit * 8192, 0) + flush_values as board_class,
            rank_key,
            coalesce(flush_cards << (3 * flush_suit), 0) as suit_counts,
            coalesce(flush_values << (13 * flush_suit), 0) as card_mask,
            count(*) as trials
        from flush_parts
        group by
            rank_key * 32768 + coalesce(flush_suit * 8192, 0) + flush_values,
            rank_key,
            coalesce(flush_cards << (3 * flush_suit), 0),
            coalesce(flush_values << (13 * flush_suit), 0)
    )
select
    0 as tally,
    board_classes.board_class as runout,
    cast(board_classes.trials as bigint) as weight,
    known_holes.player,
    cast(board_classes.rank_key + known_holes.rank_key as bigint) as rank_key,
    cast(board_classes.suit_counts + known_holes.suit_counts as bigint) as suit_counts,
    cast(board_classes.card_mask + known_holes.card_mask as bigint) as card_mask
from board_classes
cross join known_holes;

create view monte_carlo_equity as
select
    player,
    runouts,
    wins,
    ties,
    pot_shares,
    equity
from equity_of('monte_carlo_runouts');

create view monte_carlo_class_equity as
select
    player,
    runouts,
    wins,
    ties,
    pot_shares,
    equity
from equity_of('monte_carlo_class_runouts');
