/*
  omaha_trial_parts: one row per trial (runout) and triple of its board (player 0) or pair of a
  random player's hole cards (player > 0), its cards summed (rank_key, suit_counts, card_mask);
  the split pots' Monte Carlo with random players (059) reads it too.
  omaha_random_monte_carlo_equity: Omaha's Monte Carlo with random players (random_hand_input),
  one row per player, as equity (017). Each trial deals each random player as many hole cards
  as the known hands hold (monte_carlo_units, 020) and the board (monte_carlo_deals, 021). A
  known player's best on the trial's board is the best of its ten triples' (omaha_triple_ranks);
  a random player's, the best of its pairs with the ten triples, looked up in hand_classes
  (omaha_trial_seats_of, below, which finds the split pots' lows too; omaha_no_lows: none,
  Omaha's). A seat's cards (the board's five, a random player's four to six) are numbered 1, 2, ... in
  the order of card_id (slot), and its triples (the board) or pairs (a hand) are found by
  the numbers: one reading of the deals (Spark expands a view at every place it is read).
*/
create view omaha_trial_parts as
with
    slots as (
        select card_id + 1 as slot
        from cards
        where card_id < 6
    ),
    -- one row per member of each three of the board's five slots (kind 3), each two of a hand's six (kind 2)
    slot_sets as (
        select
            3 as kind,
            low.slot * 100 + middle.slot * 10 + high.slot as set_no,
            member.slot
        from slots as low
        inner join slots as middle
            on middle.slot > low.slot
        inner join slots as high
            on high.slot > middle.slot
        inner join slots as member
            on member.slot in (low.slot, middle.slot, high.slot)
        where high.slot <= 5
        union all
        select
            2,
            low.slot * 10 + high.slot,
            member.slot
        from slots as low
        inner join slots as high
            on high.slot > low.slot
        inner join slots as member
            on member.slot in (low.slot, high.slot)
    ),
    seat_cards as (
        select
            seats.runout,
            seats.player,
            cards.rank_code,
            cards.suit_code,
            cards.card_bit,
            row_number() over (partition by seats.runout, seats.player order by cards.card_id) as slot
        from monte_carlo_deals as seats
        inner join cards
            on (seats.card_mask & cards.card_bit) <> 0
    ),
    -- each trial's board triples (player 0) and random players' pairs, summed
    summed as (
        select
            seat_cards.runout,
            seat_cards.player,
            sum(seat_cards.rank_code) as rank_key,
            sum(seat_cards.suit_code) as suit_counts,
            sum(seat_cards.card_bit) as card_mask
        from seat_cards
        inner join slot_sets
            on slot_sets.slot = seat_cards.slot
            and slot_sets.kind = case when seat_cards.player = 0 then 3 else 2 end
        group by seat_cards.runout, seat_cards.player, slot_sets.set_no
        having count(*) = max(slot_sets.kind)
    )
select * from summed;

/*
  omaha_trial_seats_of(triple_low_rows, low_rows): a table macro, each trial's ranks with random
  players: one row per trial (runout) and player, tally 0, weight 1, hand_rank and low_rank, as
  ranked_equity_of and split_equity_of (050) read them. triple_low_rows holds the known
  players' lows of each triple (card_mask, rank_1 .. rank_10: omaha_triple_lows, 050), low_rows
  the lows of five cards by their values (rank_key, low_rank); both empty in a game with no low.
*/
create macro omaha_trial_seats_of(triple_low_rows, low_rows) as table
with
    parts as materialized (
        select * from omaha_trial_parts
    ),
    -- per trial per random player: its best high and low, and the known players' (rank_N and
    -- low_N, null for a random player's seat); a triple read once per random pair: the mins are the same
    ranked as (
        select
            triples.runout,
            pairs.player,
            min(hand_classes.hand_rank) as drawn_rank,
            min(lows.low_rank) as drawn_low,
            min(known.rank_1) as rank_1,
            min(known.rank_2) as rank_2,
            min(known.rank_3) as rank_3,
            min(known.rank_4) as rank_4,
            min(known.rank_5) as rank_5,
            min(known.rank_6) as rank_6,
            min(known.rank_7) as rank_7,
            min(known.rank_8) as rank_8,
            min(known.rank_9) as rank_9,
            min(known.rank_10) as rank_10,
            min(known_lows.rank_1) as low_1,
            min(known_lows.rank_2) as low_2,
            min(known_lows.rank_3) as low_3,
            min(known_lows.rank_4) as low_4,
            min(known_lows.rank_5) as low_5,
            min(known_lows.rank_6) as low_6,
            min(known_lows.rank_7) as low_7,
            min(known_lows.rank_8) as low_8,
            min(known_lows.rank_9) as low_9,
            min(known_lows.rank_10) as low_10
        from parts as triples
        inner join omaha_triple_ranks as known
            on known.card_mask = triples.card_mask
        left join query_table(triple_low_rows) as known_lows
            on known_lows.card_mask = triples.card_mask
        inner join parts as pairs
            on pairs.runout = triples.runout
            and pairs.player > 0
        inner join hand_classes
            on hand_classes.rank_key = triples.rank_key + pairs.rank_key
            and hand_classes.is_flush = five_card_flush(triples.suit_counts + pairs.suit_counts)
        left join query_table(low_rows) as lows
            on lows.rank_key = triples.rank_key + pairs.rank_key
        where triples.player = 0
        group by triples.runout, pairs.player
    )
select
    0 as tally,
    ranked.runout,
    cast(1 as bigint) as weight,
    seats.player,
    min(
        case
            when seats.player = ranked.player then ranked.drawn_rank
            else seat_rank(seats.player, ranked.rank_1, ranked.rank_2, ranked.rank_3, ranked.rank_4, ranked.rank_5, ranked.rank_6, ranked.rank_7, ranked.rank_8, ranked.rank_9, ranked.rank_10)
        end
    ) as hand_rank,
    min(
        case
            when seats.player = ranked.player then ranked.drawn_low
            else seat_rank(seats.player, ranked.low_1, ranked.low_2, ranked.low_3, ranked.low_4, ranked.low_5, ranked.low_6, ranked.low_7, ranked.low_8, ranked.low_9, ranked.low_10)
        end
    ) as low_rank
from ranked
cross join (
    select hand_no as player from random_hand_input
    union
    select hand_no from hand_input
) as seats
group by ranked.runout, seats.player;

/* No lows (Omaha's): an empty relation of the columns of the lows of five cards. */
create view omaha_no_lows as
select
    cast(null as bigint) as rank_key,
    cast(null as integer) as low_rank
limit 0;

create view omaha_random_monte_carlo_equity as
with
    -- no triple has a low in Omaha
    no_triple_lows as (
        select * from omaha_triple_ranks limit 0
    ),
    seat_ranks as (
        select * from omaha_trial_seats_of('no_triple_lows', 'omaha_no_lows')
    )
select * from player_equity_of('seat_ranks');
