/*
  Split-pot equity with random players, and the next street.

  Split-pot Monte Carlo with random players (equity --game omaha8, omaha5-8, courchevel8 with a
  `random` hand): omaha_random_monte_carlo_equity's deals (037), each player's high and
  eight-or-better low, the pot split by split_equity_of (050). The inputs are Hold'em's
  (014): hand_input (one known hand at least: a random hand holds as many cards as it),
  random_hand_input, board_input, dead_input, and deal_settings for the trials.

  omaha_split_random_monte_carlo_equity: each trial's seats ranked as Omaha's (omaha_trial_seats_of,
    037), with the lows: a known player's low on the trial's board is the best of its ten
    triples' (omaha_triple_lows, 050), a random player's the best of its pairs with the ten
    triples, looked up in low_classes (eight-or-better, by their values alone). One row per
    player, as split_equity_of gives them.
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
    eight_or_better as (
        select rank_key, low_rank
        from low_classes
        where ranking = 'eight-or-better'
            and is_flush = 0
    ),
    seat_ranks as (
        select * from omaha_trial_seats_of('omaha_triple_lows', 'eight_or_better')
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
