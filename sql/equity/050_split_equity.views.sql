/*
  Split-pot equity (equity --game omaha8, omaha5-8, courchevel8): every board still to come,
  or the boards Monte Carlo draws, each player's high and low, the pot split. The inputs are
  Hold'em's equity inputs (014) as Omaha's equity reads them (036): hand_input (each
  player's hole cards, hand_no = player), board_input and dead_input. A hand's low, as its
  high, takes two hole cards and three of the board, chosen apart from the high.

  omaha_triple_lows: as omaha_triple_ranks (036) is for the high: one row per triple of cards
    that can be on the final board and gives some player an eight-or-better low, with
    rank_1 .. rank_10 each player's best low_rank with it (null: none), its two hole cards and
    the triple (omaha_triple_hands, 036) looked up in low_classes (045) by their values.
  omaha_value_lows (below): a low is its values' alone, so each player's best low on a board
    is found once per set of the board's values ace to eight (low_values_of).
  omaha_split_boards: one row per final board per player: the high's hand_rank
    (omaha_board_ranks, 036) and the low's low_rank (null: none).
  omaha_split_equity: every final board once, tallied by split_equity_of (below);
    omaha_split_monte_carlo_equity: the boards the trials drew (monte_carlo_drawn_boards, 021),
    each weighed by the trials that drew it, only they ranked (omaha_drawn_boards_of, 036;
    the lows by omaha_value_lows).

  split_equity_of(ranked_rows): the tally of a split pot, as pot_shares_of (017) is of a
    whole one. The relation named holds one row per runout per player: tally, runout, weight,
    player, hand_rank (the high, smaller is better) and low_rank (the low, smaller is better;
    null: the hand holds none). On each runout the pot is 5040 parts (divisible by 1 to 10,
    its halves too): the high half (2520) is split among the best highs and the low half
    among the best lows; with no low at the table the high takes all 5040, with no high (a
    low-only game, razz: hand_rank null) the low takes all 5040. One row per tally
    per player: runouts, scoops (the whole pot alone), splits (a part of it, not the whole
    alone), high_pot_shares and low_pot_shares (the parts of each half won, summed),
    pot_shares (their sum), pot_share_squares (each runout's parts squared, summed: Monte
    Carlo's spread), and as shares of the pot high_share, low_share, equity
    (= high_share + low_share) and scoop.
*/
/* The values ace to eight among the cards of card_mask: its four suits' 13 bits (001's card_bit)
   folded into one, bit 0 the two .. bit 6 the eight, bit 12 the ace (4223: those bits). */
create macro low_values_of(card_mask) as
    (card_mask | (card_mask >> 13) | (card_mask >> 26) | (card_mask >> 39)) & 4223;

create view omaha_triple_lows as
with
    triple_hands as (
        select hands.card_mask, hands.known_cards, hands.player, lows.low_rank as hand_rank
        from omaha_triple_hands as hands
        inner join low_classes as lows
            on lows.ranking = 'eight-or-better' and lows.is_flush = 0 and lows.rank_key = hands.rank_key
    )
select * from seat_ranks_of('triple_hands');

/*
  low_value_sets: every set of the values ace to eight, one row each (256, from digits), as
  low_values_of has them: bits 0 .. 6 the two to the eight, the ace bit 12 (4096).
  omaha_value_lows: a low is its values' alone, so a player's best low on a final board is the
  best of the triples of values among the board's values ace to eight: one row per set of
  those values (low_value_sets) that gives some player a low,
  rank_1 .. rank_10 each player's best low_rank with it (null: none).
*/
create view low_value_sets as
select
    (numbers.number & 127) + (numbers.number & 128) * 32 as low_values
from (
    select ones.digit + 10 * tens.digit + 100 * hundreds.digit as number
    from digits as ones
    cross join digits as tens
    cross join digits as hundreds
) as numbers
where numbers.number < 256;

create view omaha_value_lows as
with
    triple_value_lows as (
        select
            low_values_of(card_mask) as low_values,
            min(rank_1) as rank_1, min(rank_2) as rank_2, min(rank_3) as rank_3, min(rank_4) as rank_4,
            min(rank_5) as rank_5, min(rank_6) as rank_6, min(rank_7) as rank_7, min(rank_8) as rank_8,
            min(rank_9) as rank_9, min(rank_10) as rank_10
        from omaha_triple_lows
        group by low_values_of(card_mask)
    )
select
    value_sets.low_values,
    min(triples.rank_1) as rank_1, min(triples.rank_2) as rank_2, min(triples.rank_3) as rank_3,
    min(triples.rank_4) as rank_4, min(triples.rank_5) as rank_5, min(triples.rank_6) as rank_6,
    min(triples.rank_7) as rank_7, min(triples.rank_8) as rank_8, min(triples.rank_9) as rank_9,
    min(triples.rank_10) as rank_10
from low_value_sets as value_sets
inner join triple_value_lows as triples
    on (value_sets.low_values & triples.low_values) = triples.low_values
group by value_sets.low_values;

/*
  omaha_split_boards_of(high_rows): a table macro, one row per board of high_rows per player:
  high_rows holds one row per board (board_mask, trials, rank_1 .. rank_10 each player's high,
  as omaha_drawn_boards_of, 036); its trials, the high's hand_rank and the low's low_rank
  (omaha_value_lows of the board's values; null: none).
*/
create macro omaha_split_boards_of(high_rows) as table
select
    highs.board_mask,
    highs.trials,
    players.player,
    seat_rank(players.player, highs.rank_1, highs.rank_2, highs.rank_3, highs.rank_4, highs.rank_5, highs.rank_6, highs.rank_7, highs.rank_8, highs.rank_9, highs.rank_10) as hand_rank,
    seat_rank(players.player, lows.rank_1, lows.rank_2, lows.rank_3, lows.rank_4, lows.rank_5, lows.rank_6, lows.rank_7, lows.rank_8, lows.rank_9, lows.rank_10) as low_rank
from query_table(high_rows) as highs
left join omaha_value_lows as lows
    on lows.low_values = low_values_of(highs.board_mask)
cross join (select distinct hand_no as player from hand_input) as players;

create view omaha_split_boards as
with
    every_board as (
        select
            cast(1 as bigint) as trials,
            *
        from omaha_board_ranks
    )
select
    board_mask,
    player,
    hand_rank,
    low_rank
from omaha_split_boards_of('every_board');

create macro split_equity_of(ranked_rows) as table
with
    -- each runout's best high and best low beside each of its rows (the rows read once: Spark
    -- expands a relation at every place it is read)
    bests as (
        select
            tally,
            runout,
            weight,
            player,
            hand_rank,
            low_rank,
            min(hand_rank) over (partition by tally, runout) as best_high,
            min(low_rank) over (partition by tally, runout) as best_low
        from query_table(ranked_rows)
    ),
    placed as (
        select
            tally,
            runout,
            weight,
            player,
            case when hand_rank = best_high then 1 else 0 end as high_won,
            case when low_rank = best_low then 1 else 0 end as low_won,
            case when best_low is null then 0 else 1 end as has_low,
            case when best_high is null then 0 else 1 end as has_high
        from bests
    ),
    counted as (
        select
            placed.*,
            sum(high_won) over (partition by tally, runout) as high_winners,
            sum(low_won) over (partition by tally, runout) as low_winners
        from placed
    ),
    parted as (
        select
            counted.*,
            case
                when (has_high = 0 or (high_won = 1 and high_winners = 1)) and (has_low = 0 or (low_won = 1 and low_winners = 1)) then 1
                else 0
            end as scoop,
            case when high_won = 1 then (5040 - 2520 * has_low) // high_winners else 0 end as high_parts,
            case when low_won = 1 then (5040 - 2520 * has_high) // low_winners else 0 end as low_parts
        from counted
    ),
    totals as (
        select
            tally,
            player,
            sum(weight) as runouts,
            sum(scoop * weight) as scoops,
            sum(case when scoop = 0 and (high_won = 1 or low_won = 1) then weight else 0 end) as splits,
            sum(weight * high_parts) as high_pot_shares,
            sum(weight * low_parts) as low_pot_shares,
            sum(weight * (high_parts + low_parts) * (high_parts + low_parts)) as pot_share_squares
        from parted
        group by tally, player
    )
select
    tally,
    player,
    runouts,
    scoops,
    splits,
    high_pot_shares,
    low_pot_shares,
    high_pot_shares + low_pot_shares as pot_shares,
    pot_share_squares,
    high_pot_shares / (5040.0 * runouts) as high_share,
    low_pot_shares / (5040.0 * runouts) as low_share,
    (high_pot_shares + low_pot_shares) / (5040.0 * runouts) as equity,
    scoops * 1.0 / runouts as scoop
from totals;

create view omaha_split_equity as
with
    every_board as (
        select
            0 as tally,
            board_mask as runout,
            cast(1 as bigint) as weight,
            player,
            hand_rank,
            low_rank
        from omaha_split_boards
    )
select * from split_equity_of('every_board');

create view omaha_split_monte_carlo_equity as
with
    -- the boards the trials drew, read once, ranked for the highs
    drawn_boards as materialized (
        select
            board_mask,
            trials
        from monte_carlo_drawn_boards
    ),
    drawn_highs as (
        select * from omaha_drawn_boards_of('drawn_boards', 'omaha_triple_ranks')
    ),
    -- boards where every player holds the same high, and whose values ace to eight are the
    -- same (so the same lows), play alike: one row each, weighed by their trials, named by
    -- the first of them (the tally's windows partition by board)
    outcomes as materialized (
        select
            min(board_mask) as board_mask,
            sum(trials) as trials,
            rank_1, rank_2, rank_3, rank_4, rank_5, rank_6, rank_7, rank_8, rank_9, rank_10
        from drawn_highs
        group by
            rank_1, rank_2, rank_3, rank_4, rank_5, rank_6, rank_7, rank_8, rank_9, rank_10,
            low_values_of(board_mask)
    ),
    weighed_boards as (
        select
            0 as tally,
            board_mask as runout,
            trials as weight,
            player,
            hand_rank,
            low_rank
        from omaha_split_boards_of('outcomes')
    )
select * from split_equity_of('weighed_boards');
