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

  omaha_random_equity: one row per player, Omaha (four hole cards) on a turn or a river. Each
    final board (the turn's with each river card, or the river's) and each two cards of the
    deck left are ranked with the board's ten triples (pair_ranks: the best of the ten). A
    random hand's best is the best of its six pairs' (four cards a < b < c < d of the deck:
    ab, ac, ad, bc, bd, cd, one row each, joined to pair_ranks). The known hands' ranks on each board are
    omaha_board_ranks' (036). A runout is a board and a hand_rank of the random hand on it,
    weighed by the hands that hold it. On a flop (990 boards x 123,410 hands) and before it,
    the library refuses exact and points to Monte Carlo.
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
    known_sevens as (
        select
            rankings.ranking,
            boards.board_class,
            known_holes.player,
            boards.rank_key + known_holes.rank_key as rank_key,
            boards.suit_counts + known_holes.suit_counts as suit_counts,
            boards.card_mask + known_holes.card_mask as card_mask
        from equity_board_classes as boards
        cross join known_holes
        cross join rankings
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

create view omaha_random_equity as
with
    -- every board that can come (036)
    final_boards as (
        select board_mask
        from omaha_board_ranks
    ),
    board_cards as (
        select
            final_boards.board_mask,
            cards.card_id,
            cards.rank_code,
            cards.suit_code
        from final_boards
        inner join cards
            on (final_boards.board_mask & cards.card_bit) <> 0
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
    -- each two cards left with each final board: their best with its ten triples
    pair_ranks as materialized (
        select
            final_boards.board_mask,
            low.card_id as low_card,
            high.card_id as high_card,
            min(hand_classes.hand_rank) as hand_rank
        from final_boards
        inner join equity_deck as low
            on (final_boards.board_mask & low.card_bit) = 0
        inner join equity_deck as high
            on high.card_id > low.card_id
            and (final_boards.board_mask & high.card_bit) = 0
        inner join board_triples
            on board_triples.board_mask = final_boards.board_mask
        inner join hand_classes
            on hand_classes.rank_key = board_triples.rank_key + low.rank_code + high.rank_code
            and hand_classes.is_flush = five_card_flush(board_triples.suit_counts + low.suit_code + high.suit_code)
        group by final_boards.board_mask, low.card_id, high.card_id
    ),
    -- every four cards a < b < c < d of the deck (materialized: PostgreSQL joined the pairs in
    -- before the fourth card, 1.8 million rows times 43)
    hands as materialized (
        select
            a.card_bit + b.card_bit + c.card_bit + d.card_bit as hand_mask,
            a.card_id as a,
            b.card_id as b,
            c.card_id as c,
            d.card_id as d
        from equity_deck as a
        inner join equity_deck as b
            on b.card_id > a.card_id
        inner join equity_deck as c
            on c.card_id > b.card_id
        inner join equity_deck as d
            on d.card_id > c.card_id
    ),
    -- each hand's six pairs: ab, ac, ad, bc, bd, cd
    hand_pairs as (
        select
            hands.hand_mask,
            case when pairs.slot <= 3 then hands.a when pairs.slot <= 5 then hands.b else hands.c end as low_card,
            case pairs.slot when 1 then hands.b when 2 then hands.c when 4 then hands.c else hands.d end as high_card
        from hands
        cross join (select card_id + 1 as slot from cards where card_id < 6) as pairs
    ),
    -- each hand with each final board: the best of its six pairs' (a hand holding a card of the
    -- board has fewer than six pairs there: not dealt with it). One equality join, whatever a
    -- planner guesses of the sizes (six joins of pair_ranks were nested loops on PostgreSQL).
    random_hands as (
        select
            pair_ranks.board_mask,
            min(pair_ranks.hand_rank) as hand_rank
        from hand_pairs
        inner join pair_ranks
            on pair_ranks.low_card = hand_pairs.low_card
            and pair_ranks.high_card = hand_pairs.high_card
        group by pair_ranks.board_mask, hand_pairs.hand_mask
        having count(*) = 6
    ),
    drawn as (
        select
            board_mask,
            hand_rank,
            count(*) as weight,
            row_number() over (order by board_mask, hand_rank) as runout
        from random_hands
        group by board_mask, hand_rank
    ),
    seat_ranks as (
        select
            0 as tally,
            drawn.runout,
            drawn.weight,
            seats.player,
            case
                when seats.player in (select hand_no from random_hand_input) then drawn.hand_rank
                when seats.player = 1 then known.rank_1
                when seats.player = 2 then known.rank_2
                when seats.player = 3 then known.rank_3
                when seats.player = 4 then known.rank_4
                when seats.player = 5 then known.rank_5
                when seats.player = 6 then known.rank_6
                when seats.player = 7 then known.rank_7
                when seats.player = 8 then known.rank_8
                when seats.player = 9 then known.rank_9
                when seats.player = 10 then known.rank_10
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

