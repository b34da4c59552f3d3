/*
  Exact equity of known hands against one random hand in other games: every board still to
  come and every hand the cards left can give the random player, each deal counted once.
  Read from the inputs of Hold'em's (014: hand_input, random_hand_input of one row,
  board_input, dead_input), counted by the tally of every equity view (ranked_equity_of, 017).

  short_deck_random_equity: one row per ranking ('shortdeck', 'shortdeck-triton') per player,
    as random_opponent_equity (019) and through its relations: the boards grouped into
    classes (equity_board_classes, 015), the random hand's two cards into patterns
    (random_patterns, 019: its seven cards' hand_key, their values and the flush suit's
    values). The cards below 6 are dead (the library gives them in dead_input), so no class
    or pattern holds one. A hand_key is ranked in each short-deck ranking (short_deck_ranks_of,
    034: its values and flush values), each known hand with the class's board as
    short_deck_equity ranks it (short_deck_card_ranks). A runout is a class and one hand_key
    of the random hand in it, weighed by the boards and the hands that give it.

  omaha_random_equity: one row per player, Omaha (four hole cards) on a turn or a river: each
    final board (the turn's with each river card, or the river's) with each hand the random
    player can hold (omaha_random_hands_of, below; no lows: omaha_no_lows, 037). The known
    hands' ranks on each board are omaha_board_ranks' (036). A runout is a board and a
    hand_rank of the random hand on it, weighed by the hands that hold it. On a flop (990
    boards x 123,410 hands) and before it, the library refuses exact and points to Monte Carlo.
*/

create view short_deck_random_equity as
with
    rankings as (
        select distinct ranking
        from short_deck_classes
    ),
    -- each class's random hands, one row per hand_key (patterns that play alike summed)
    random_keys as (
        select
            board_class,
            hand_key,
            sum(weight) as weight,
            row_number() over (order by board_class, hand_key) as runout
        from random_patterns
        group by board_class, hand_key
    ),
    random_rows as (
        select
            rankings.ranking,
            random_keys.runout,
            random_keys.board_class,
            random_keys.weight,
            random_keys.hand_key // 8192 as rank_key,
            random_keys.hand_key % 8192 as flush_mask
        from random_keys
        cross join rankings
    ),
    random_ranks as materialized (
        select * from short_deck_ranks_of('random_rows')
    ),
    ranked_boards as (
        select rankings.ranking as tally, boards.board_class as runout, 0 as weight, boards.rank_key, boards.suit_counts, boards.card_mask
        from equity_board_classes as boards
        cross join rankings
    ),
    known_sevens as (
        select tally as ranking, runout as board_class, player, rank_key, suit_counts, card_mask
        from known_hands_of('ranked_boards')
    ),
    known_ranks as materialized (
        select * from short_deck_card_ranks('known_sevens')
    ),
    seat_ranks as (
        select
            ranking as tally,
            runout,
            weight,
            (select hand_no from random_hand_input) as player,
            hand_rank
        from random_ranks
        union all
        select
            random_ranks.ranking,
            random_ranks.runout,
            random_ranks.weight,
            known_ranks.player,
            known_ranks.hand_rank
        from random_ranks
        inner join known_ranks
            on known_ranks.ranking = random_ranks.ranking
            and known_ranks.board_class = random_ranks.board_class
    )
select * from ranking_equity_of('seat_ranks');

/*
  omaha_random_hands_of(low_rows): a table macro, every hand of the cards left that the random
  player can hold (four or five cards, as many as the known hands hold) on every final board
  (omaha_board_ranks, 036): one row per board and the random hand's high and low on it
  (board_mask, hand_rank, low_rank: null, none), its weight (the hands that hold them) and
  its runout (a number). low_rows holds the lows of five cards by their values (rank_key,
  low_rank), empty in a game with no low. Each two cards left are ranked once per board with
  its ten triples (pair_ranks); a hand's best is the best of its pairs' (six of four cards:
  ab, ac, ad, bc, bd, cd; ten of five).
*/
create macro omaha_random_hands_of(low_rows) as table
with
    board_cards as (
        select
            boards.board_mask,
            cards.card_id,
            cards.rank_code,
            cards.suit_code
        from omaha_board_ranks as boards
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
            min(lows.low_rank) as low_rank
        from board_triples
        inner join equity_deck as low
            on (board_triples.board_mask & low.card_bit) = 0
        inner join equity_deck as high
            on high.card_id > low.card_id
            and (board_triples.board_mask & high.card_bit) = 0
        inner join hand_classes
            on hand_classes.rank_key = board_triples.rank_key + low.rank_code + high.rank_code
            and hand_classes.is_flush = five_card_flush(board_triples.suit_counts + low.suit_code + high.suit_code)
        left join query_table(low_rows) as lows
            on lows.rank_key = board_triples.rank_key + low.rank_code + high.rank_code
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
    -- every hand a < b < c < d (< e) of the deck (materialized: PostgreSQL joined the pairs in
    -- before the fourth card, 1.8 million rows times 43)
    hands as materialized (
        select
            fours.card_mask + coalesce(e.card_bit, 0) as hand_mask,
            fours.card_1 as a,
            fours.card_2 as b,
            fours.card_3 as c,
            fours.card_4 as d,
            e.card_id as e
        from deck_fours_of('equity_deck') as fours
        left join (select * from equity_deck where (select cards from hole_count) = 5) as e
            on e.card_id > fours.card_4
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
    -- has fewer pairs there: not dealt with it). One equality join, whatever a planner guesses of
    -- the sizes (a join of pair_ranks per pair was nested loops on PostgreSQL).
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
    )
-- a runout: a board and the random hand's high and low on it, weighed by the hands that hold them
select
    board_mask,
    hand_rank,
    low_rank,
    count(*) as weight,
    row_number() over (order by board_mask, hand_rank, low_rank) as runout
from random_hands
group by board_mask, hand_rank, low_rank;

create view omaha_random_equity as
with
    drawn as (
        select * from omaha_random_hands_of('omaha_no_lows')
    ),
    seat_ranks as (
        select
            0 as tally,
            drawn.runout,
            drawn.weight,
            seats.player,
            case
                when seats.player in (select hand_no from random_hand_input) then drawn.hand_rank
                else seat_rank(seats.player, known.rank_1, known.rank_2, known.rank_3, known.rank_4, known.rank_5, known.rank_6, known.rank_7, known.rank_8, known.rank_9, known.rank_10)
            end as hand_rank
        from drawn
        inner join omaha_board_ranks as known
            on known.board_mask = drawn.board_mask
        cross join (
            select hand_no as player from random_hand_input
            union
            select hand_no from hand_input
        ) as seats
    )
select * from player_equity_of('seat_ranks');

