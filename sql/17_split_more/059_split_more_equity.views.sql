/*
  Split-pot equity with random players, and the next street.

  Split-pot Monte Carlo with random players (equity --game omaha8, omaha5-8, courchevel8 with a
  `random` hand): omaha_random_monte_carlo_equity's deals (037), each player's high and
  eight-or-better low, the pot split by split_equity_of (050). The inputs are Hold'em's
  (014): hand_input (one known hand at least: a random hand holds as many cards as it),
  random_hand_input, board_input, dead_input, and deal_settings for the trials.

  omaha_split_random_monte_carlo_equity: each trial's board triples and each random player's
    pairs (omaha_trial_parts, 037). A known player's high and low on the trial's board are the
    best of its ten triples' (omaha_triple_ranks, 036; omaha_triple_lows, 050); a random
    player's, the best of its pairs with the ten triples, looked up in hand_classes and in
    low_classes (eight-or-better, by their values alone). One row per player, as
    split_equity_of gives them.
  omaha_split_street_equity: the next street of a flop or a turn, known hands
    (equity --next-street): each card that can come next (next_card) and the final boards that
    hold it (omaha_split_boards, 050), tallied by split_equity_of with the card as its tally.
    One row per card and player: pot_shares (of 5040 a board), runouts, and leads (1: the
    player's equity once the card is dealt is the best at the table).
*/
create view omaha_split_random_monte_carlo_equity as
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
            min(low_classes.low_rank) as drawn_low,
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
        left join omaha_triple_lows as known_lows
            on known_lows.card_mask = triples.card_mask
        inner join parts as pairs
            on pairs.runout = triples.runout
            and pairs.player > 0
        inner join hand_classes
            on hand_classes.rank_key = triples.rank_key + pairs.rank_key
            and hand_classes.is_flush = five_card_flush(triples.suit_counts + pairs.suit_counts)
        left join low_classes
            on low_classes.ranking = 'eight-or-better'
            and low_classes.rank_key = triples.rank_key + pairs.rank_key
            and low_classes.is_flush = 0
        where triples.player = 0
        group by triples.runout, pairs.player
    ),
    seat_ranks as (
        select
            0 as tally,
            ranked.runout,
            cast(1 as bigint) as weight,
            seats.player,
            min(
                case
                    when seats.player = ranked.player then ranked.drawn_rank
                    when seats.player = 1 then ranked.rank_1
                    when seats.player = 2 then ranked.rank_2
                    when seats.player = 3 then ranked.rank_3
                    when seats.player = 4 then ranked.rank_4
                    when seats.player = 5 then ranked.rank_5
                    when seats.player = 6 then ranked.rank_6
                    when seats.player = 7 then ranked.rank_7
                    when seats.player = 8 then ranked.rank_8
                    when seats.player = 9 then ranked.rank_9
                    when seats.player = 10 then ranked.rank_10
                end
            ) as hand_rank,
            min(
                case
                    when seats.player = ranked.player then ranked.drawn_low
                    when seats.player = 1 then ranked.low_1
                    when seats.player = 2 then ranked.low_2
                    when seats.player = 3 then ranked.low_3
                    when seats.player = 4 then ranked.low_4
                    when seats.player = 5 then ranked.low_5
                    when seats.player = 6 then ranked.low_6
                    when seats.player = 7 then ranked.low_7
                    when seats.player = 8 then ranked.low_8
                    when seats.player = 9 then ranked.low_9
                    when seats.player = 10 then ranked.low_10
                end
            ) as low_rank
        from ranked
        cross join (
            select hand_no as player from random_hand_input
            union
            select hand_no from hand_input
        ) as seats
        group by ranked.runout, seats.player
    )
select * from split_equity_of('seat_ranks');

create view omaha_split_street_equity as
with
    street_boards as (
        select
            next_cards.card_id as tally,
            boards.board_mask as runout,
            cast(1 as bigint) as weight,
            boards.player,
            boards.hand_rank,
            boards.low_rank
        from omaha_split_boards as boards
        inner join equity_deck as next_cards
            on (boards.board_mask & next_cards.card_bit) <> 0
    ),
    tallied as (
        select * from split_equity_of('street_boards')
    )
select
    tally as next_card,
    player,
    pot_shares,
    runouts,
    case when pot_shares = max(pot_shares) over (partition by tally) then 1 else 0 end as leads
from tallied;
