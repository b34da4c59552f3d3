/*
  Texas Hold'em equity by Monte Carlo, part 2, the draw and the count: each trial's units
  (020) drawn by rejection, the players' seven cards evaluated and counted by the tally of
  exact equity (equity_of, 017).

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
    twice, which is what exact range equity (018) counts: every deal, weighed, once.
    Uniform assumes an ideal hash: the word of attempt 1 is the trial's state, of
    attempt a > 1 the hash of 003 (hash_of: two rounds of shift-xor-multiply, then a
    shift-xor, a bijection of 32-bit numbers) of state + a * 2246822519, its rounds
    spread over the steps of the draw (below). A trial gives up after 10,000 attempts (the library
    checks beforehand that a deal exists, and that every trial was dealt).
  monte_carlo_deals: one row per trial per seat: player 0 the complete board (the
    board so far and the cards drawn for it), player p > 0 a drawn player's two hole
    cards, summed into the codes of cards (001).

  monte_carlo_known_boards: every hand known (else no rows): one row per trial, its board (as
    monte_carlo_deals' player 0), read from the draws without the deals' window;
    monte_carlo_drawn_boards: each board drawn once, with its trials (Omaha's, 036 and 050).
  monte_carlo_runouts: one row per runout per player, as exact_runouts (017): every trial
    a runout, weight 1.
  monte_carlo_class_runouts: the same when every player's hand is known (else no rows): a
    runout is a class of the trials' boards, weighed by its number of trials.
  monte_carlo_equity, monte_carlo_class_equity: one row per player, as equity (017), over
    the trials; the same counts when every hand is known (the library reads the second).

  Each view reads the one before it once (monte_carlo_runouts reads the deals through one
  materialized CTE, twice on Spark): Spark expands a view, and a CTE, at every place it is
  read (pokersql/engines/spark/expansion.py).
*/

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

/* Every hand known (else no rows): each trial's board, one row (runout), the board so far and
   the cards drawn for it, as monte_carlo_deals' player 0. No range player restarts a trial, so no
   window is needed to find its last range combinations (a million rows: a third of the time). */
create view monte_carlo_known_boards as
select
    draws.trial as runout,
    draws.rank_key + board_so_far.rank_key as rank_key,
    draws.suit_counts + board_so_far.suit_counts as suit_counts,
    draws.card_mask + board_so_far.card_mask as card_mask
from monte_carlo_draws as draws
cross join board_so_far
where draws.kept = 1
    and draws.player = 0
    -- Every hand known: no random player, no range player.
    and not exists (select 1 from random_hand_input)
    and not exists (select 1 from monte_carlo_range_players);

/* Every hand known: each board the trials drew (board_mask) once, with the trials that drew it. */
create view monte_carlo_drawn_boards as
select
    card_mask as board_mask,
    count(*) as trials
from monte_carlo_known_boards
group by card_mask;

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
    known_boards as (
        select card_mask as board_mask, rank_key, suit_counts from monte_carlo_known_boards
    ),
    board_classes as (
        select
            0 as tally,
            board_class as runout,
            cast(count(*) as bigint) as weight,
            rank_key,
            class_suit_counts as suit_counts,
            class_card_mask as card_mask
        from board_classes_of('known_boards')
        group by board_class, rank_key, class_suit_counts, class_card_mask
    )
select * from known_hands_of('board_classes');

create view monte_carlo_equity as
with seat_ranks as (select * from seven_card_ranks('monte_carlo_runouts'))
select * from player_equity_of('seat_ranks');

create view monte_carlo_class_equity as
with seat_ranks as (select * from seven_card_ranks('monte_carlo_class_runouts'))
select * from player_equity_of('seat_ranks');
