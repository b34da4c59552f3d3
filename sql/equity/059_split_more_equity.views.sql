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
  omaha_split_random_equity: exact split-pot equity against one random hand (--exact, or the
    default where it is cheap): every final board (omaha_split_boards, the known players' high
    and low) and every hand of four or five cards (as many as the known hands hold) the deck
    left can give the random player, each deal counted once (each hand equally likely, then
    each board). Each two cards left are ranked once per board with its ten triples, high
    and low (pair_ranks); a hand's best is the best of its six (ten) pairs', as 039's
    omaha_random_equity finds the high. A runout is a board with the random hand's high and
    low on it, weighed by the hands that hold them; one row per player, as split_equity_of.
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

create view omaha_split_random_equity as
with
    -- each final board (036) with each known player's high and low on it (050)
    known as materialized (
        select * from omaha_split_boards
    ),
    board_cards as (
        select
            boards.board_mask,
            cards.card_id,
            cards.rank_code,
            cards.suit_code
        from (select distinct board_mask from known) as boards
        inner join cards
            on (boards.board_mask & cards.card_bit) <> 0
    ),
    board_triples as (
        select
            card_1.board_mask,
            card_1.rank_code + card_2.rank_code + card_3.rank_code as rank_key,
            card_1.suit_code + card_2.suit_code + card_3.suit_code as suit_counts
        from board_cards as card_1
        inner join board_cards as card_2
            on card_2.board_mask = card_1.board_mask
            and card_2.card_id > card_1.card_id
        inner join board_cards as card_3
            on card_3.board_mask = card_1.board_mask
            and card_3.card_id > card_2.card_id
    ),
    -- each two cards left with each final board: their best high and low with its ten triples
    pair_ranks as materialized (
        select
            board_triples.board_mask,
            low.card_id as low_card,
            high.card_id as high_card,
            min(hand_classes.hand_rank) as hand_rank,
            min(low_classes.low_rank) as low_rank
        from board_triples
        inner join equity_deck as low
            on (board_triples.board_mask & low.card_bit) = 0
        inner join equity_deck as high
            on high.card_id > low.card_id
            and (board_triples.board_mask & high.card_bit) = 0
        inner join hand_classes
            on hand_classes.rank_key = board_triples.rank_key + low.rank_code + high.rank_code
            and hand_classes.is_flush = five_card_flush(board_triples.suit_counts + low.suit_code + high.suit_code)
        left join low_classes
            on low_classes.ranking = 'eight-or-better'
            and low_classes.rank_key = board_triples.rank_key + low.rank_code + high.rank_code
            and low_classes.is_flush = 0
        group by board_triples.board_mask, low.card_id, high.card_id
    ),
    -- the random hand holds as many cards as the known hands (four or five)
    hole_count as (
        select max(cards) as cards
        from (select count(*) as cards from hand_input group by hand_no) as known_hands
    ),
    slots as (
        select card_id + 1 as slot
        from cards
        where card_id < 5
    ),
    -- every hand a < b < c < d (< e) of the deck (materialized: one reading, as 039's)
    hands as materialized (
        select
            a.card_bit + b.card_bit + c.card_bit + d.card_bit + coalesce(e.card_bit, 0) as hand_mask,
            a.card_id as a,
            b.card_id as b,
            c.card_id as c,
            d.card_id as d,
            e.card_id as e
        from equity_deck as a
        inner join equity_deck as b
            on b.card_id > a.card_id
        inner join equity_deck as c
            on c.card_id > b.card_id
        inner join equity_deck as d
            on d.card_id > c.card_id
        left join (select * from equity_deck where (select cards from hole_count) = 5) as e
            on e.card_id > d.card_id
        where (select cards from hole_count) = case when e.card_id is null then 4 else 5 end
    ),
    -- each hand's pairs (six of four cards, ten of five): the slots of its two cards
    hand_pairs as (
        select
            hands.hand_mask,
            case pair_one.slot when 1 then hands.a when 2 then hands.b when 3 then hands.c else hands.d end as low_card,
            case pair_two.slot when 2 then hands.b when 3 then hands.c when 4 then hands.d else hands.e end as high_card
        from hands
        inner join slots as pair_one
            on pair_one.slot < 5
        inner join slots as pair_two
            on pair_two.slot > pair_one.slot
    ),
    -- each hand with each final board: the best of its pairs' (a hand holding a card of the board
    -- has fewer pairs there: not dealt with it)
    random_hands as (
        select
            pair_ranks.board_mask,
            min(pair_ranks.hand_rank) as hand_rank,
            min(pair_ranks.low_rank) as low_rank
        from hand_pairs
        inner join pair_ranks
            on pair_ranks.low_card = hand_pairs.low_card
            and pair_ranks.high_card = hand_pairs.high_card
        group by pair_ranks.board_mask, hand_pairs.hand_mask
        having count(*) = (select cards * (cards - 1) from hole_count) / 2
    ),
    -- a runout: a board and the random hand's high and low on it, weighed by the hands that hold them
    drawn as (
        select
            board_mask,
            hand_rank,
            low_rank,
            count(*) as weight,
            row_number() over (order by board_mask, hand_rank, low_rank) as runout
        from random_hands
        group by board_mask, hand_rank, low_rank
    ),
    seat_ranks as (
        select
            0 as tally,
            drawn.runout,
            drawn.weight,
            known.player,
            known.hand_rank,
            known.low_rank
        from drawn
        inner join known
            on known.board_mask = drawn.board_mask
        union all
        select
            0,
            runout,
            weight,
            (select hand_no from random_hand_input),
            hand_rank,
            low_rank
        from drawn
    )
select * from split_equity_of('seat_ranks');
