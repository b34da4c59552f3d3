/*
  The best hand of these cards under this game's rule: one definition for every game of the
  table games (033), that pokersql's eval, compare, deal, showdown and evaluate_many read on
  every engine (pokersql/games.py: the hands as a relation of their own, each call expanded
  into its query on the engines other than DuckDB, as hand_evaluations_of is).

  game_evaluations_of(card_rows): a table macro. The relation named holds one row per card:
    hand_no, game (a row of games), card_id, is_hole (1 a hole card, 0 a board card) and
    card_no (its place in the hand as given, 1 to 15: the hole cards, then the board; none
    twice). One row per hand: hand_no, best (its best five as canonical text, in the order of
    card_play_key, 011), points, category and hand_rank in the game's ranking (Hold'em's
    numbering, 1 to 7,462, or short deck's, 1 to 1,404).

    The sets of cards a hand may play (plays) follow the game's hole_cards_played: null, all
    its cards together (5 to 7: the lookup finds the best five of them); 2, each two of its
    hole cards with each three of its board (Omaha), written here once. Each play is looked
    up in the game's ranking: standard by card_sum_ranks (011), the others by
    short_deck_card_ranks (034). The best is the smallest hand_rank; of plays equally ranked
    (Omaha: the wheel of A-4 with either of two fours), the first in the order the cards were
    given: by its hole cards' places, then its board cards' (play_order, their card_no in base 16). Its five cards are ordered by card_play_key with the class of the ranking
    (hand_classes, 006, or short_deck_classes, 033), where a straight 9-high holding an ace
    (short deck's A-9-8-7-6) plays the ace low, as the wheel's (its kicker_5 is 14: given to
    card_play_key as the wheel's kicker_1, 5).
*/

create macro game_evaluations_of(card_rows) as table
with
    game_cards as (
        select
            given.hand_no,
            given.is_hole,
            given.card_no,
            games.ranking,
            games.hole_cards_played,
            cards.card_id,
            cards.rank_code,
            cards.suit_code,
            cards.card_bit
        from query_table(card_rows) as given
        inner join games
            on games.game = given.game
        inner join cards
            on cards.card_id = given.card_id
    ),
    -- Any of the cards: the hand whole.
    whole_hands as (
        select
            hand_no,
            ranking,
            cast(sum(rank_code) as bigint) as rank_key,
            cast(sum(suit_code) as bigint) as suit_counts,
            cast(sum(card_bit) as bigint) as card_mask,
            0 as play_order
        from game_cards
        where hole_cards_played is null
        group by hand_no, ranking
        having count(*) between 5 and 7
    ),
    -- Omaha: every two cards of a hand that are both hole cards or both on the board, summed,
    -- then each hole pair with each board pair and a higher board card.
    card_pairs as (
        select
            card_1.hand_no,
            card_1.ranking,
            card_1.is_hole,
            card_2.card_no as high_card,
            card_1.card_no * 16 + card_2.card_no as play_order,
            card_1.rank_code + card_2.rank_code as rank_key,
            card_1.suit_code + card_2.suit_code as suit_counts,
            card_1.card_bit + card_2.card_bit as card_mask
        from game_cards as card_1
        inner join game_cards as card_2
            on card_2.hand_no = card_1.hand_no
            and card_2.card_no > card_1.card_no
            and card_2.is_hole = card_1.is_hole
        where card_1.hole_cards_played = 2
    ),
    board_triples as (
        select
            board_pairs.hand_no,
            board_pairs.rank_key + card_3.rank_code as rank_key,
            board_pairs.suit_counts + card_3.suit_code as suit_counts,
            board_pairs.card_mask + card_3.card_bit as card_mask,
            board_pairs.play_order * 16 + card_3.card_no as play_order
        from card_pairs as board_pairs
        inner join game_cards as card_3
            on card_3.hand_no = board_pairs.hand_no
            and card_3.card_no > board_pairs.high_card
        where board_pairs.is_hole = 0
            and card_3.is_hole = 0
    ),
    plays as (
        select
            hand_no,
            ranking,
            rank_key,
            suit_counts,
            card_mask,
            play_order
        from whole_hands
        union all
        select
            hole_pairs.hand_no,
            hole_pairs.ranking,
            hole_pairs.rank_key + board_triples.rank_key,
            hole_pairs.suit_counts + board_triples.suit_counts,
            hole_pairs.card_mask + board_triples.card_mask,
            hole_pairs.play_order * 4096 + board_triples.play_order
        from card_pairs as hole_pairs
        inner join board_triples
            on board_triples.hand_no = hole_pairs.hand_no
        where hole_pairs.is_hole = 1
    ),
    standard_plays as (
        select * from plays where ranking = 'standard'
    ),
    short_deck_plays as (
        select * from plays where ranking <> 'standard'
    ),
    ranked_plays as (
        select
            hand_no,
            ranking,
            suit_counts,
            card_mask,
            play_order,
            hand_rank
        from card_sum_ranks('standard_plays')
        union all
        select
            hand_no,
            ranking,
            suit_counts,
            card_mask,
            play_order,
            hand_rank
        from short_deck_card_ranks('short_deck_plays')
    ),
    best_plays as (
        select
            ranked_plays.*,
            row_number() over (
                partition by ranked_plays.hand_no
                order by ranked_plays.hand_rank, ranked_plays.play_order
            ) as best_first
        from ranked_plays
    ),
    -- The classes of every ranking: Hold'em's (standard) and short deck's.
    game_classes as (
        select
            'standard' as ranking,
            hand_rank,
            rank_key,
            is_flush,
            points,
            category,
            kicker_1,
            kicker_5
        from hand_classes
        union all
        select
            ranking,
            hand_rank,
            rank_key,
            is_flush,
            points,
            category,
            kicker_1,
            kicker_5
        from short_deck_classes
    ),
    classed as (
        select
            best_plays.hand_no,
            best_plays.card_mask,
            best_plays.suit_counts,
            game_classes.hand_rank,
            game_classes.rank_key as class_rank_key,
            game_classes.is_flush,
            game_classes.points,
            game_classes.category,
            case when game_classes.points in (4, 8) and game_classes.kicker_5 = 14 then 5 else game_classes.kicker_1 end
                as kicker_1
        from best_plays
        inner join game_classes
            on game_classes.ranking = best_plays.ranking
            and game_classes.hand_rank = best_plays.hand_rank
        where best_plays.best_first = 1
    ),
    -- Each card of the best play with its key (card_play_key, 011).
    keyed as (
        select
            classed.hand_no,
            classed.hand_rank,
            classed.points,
            classed.category,
            cards.name,
            card_play_key(
                cards.card_id, cards.rank_code, classed.card_mask, classed.suit_counts,
                classed.class_rank_key, classed.is_flush, classed.points, classed.kicker_1
            ) as play_key
        -- SQLite: a cross join keeps this order, each hand then its cards (found by the
        -- relation's key), where its planner would scan every card for every hand.
        from classed
        cross join query_table(card_rows) as own_cards
        inner join cards
            on cards.card_id = own_cards.card_id
        where own_cards.hand_no = classed.hand_no
            and classed.card_mask & cards.card_bit <> 0
    ),
    ordered as (
        select
            keyed.hand_no,
            keyed.hand_rank,
            keyed.points,
            keyed.category,
            keyed.name,
            row_number() over (partition by keyed.hand_no order by keyed.play_key desc) as card_order
        from keyed
        where keyed.play_key > 0
    )
select
    ordered.hand_no,
    max(case when ordered.card_order = 1 then ordered.name end)
        || ' ' || max(case when ordered.card_order = 2 then ordered.name end)
        || ' ' || max(case when ordered.card_order = 3 then ordered.name end)
        || ' ' || max(case when ordered.card_order = 4 then ordered.name end)
        || ' ' || max(case when ordered.card_order = 5 then ordered.name end) as best,
    max(ordered.points) as points,
    max(ordered.category) as category,
    max(ordered.hand_rank) as hand_rank
from ordered
group by ordered.hand_no;
