/*
  The best hand of these cards under this game's rule: one definition for every game of the
  table games (033), that pokersql's eval, compare, deal, showdown and evaluate_many read on
  every engine (pokersql/games.py: the hands as a relation of their own, each call expanded
  into its query on the engines other than DuckDB, as hand_evaluations_of is).

  game_evaluations_of(card_rows): a table macro. The relation named holds one row per card:
    hand_no, game (a row of games), card_id, is_hole (1 a hole card, 0 a board card) and
    card_no (its place in the hand as given, 1 to 15, the hole cards first; none twice). One
    row per hand: hand_no, best (its best five as canonical text, in the order of
    card_play_key, 011), points, category and hand_rank in the game's ranking (Hold'em's
    numbering, 1 to 7,462, or short deck's, 1 to 1,404).

    The fives a hand may play (playable_fives_of, below): two of its cards (a pair) and three
    of its cards after them in the hand's order (a triple). The game's hole_cards_played says
    which: null, any (every five once); 2, the pair of its hole cards and the triple of its
    board (Omaha). Each five is looked up in the classes of the game's ranking (hand_classes,
    006, for standard; short_deck_classes, 033, for short deck) by its values (rank_key) and
    whether it is one suit (is_flush). The best is the smallest hand_rank; of fives equally
    ranked (the same values, other suits), Hold'em's (011) where the game plays any five
    (short deck): each value's cards of the highest suit; the first in the hand's order where
    it plays two hole cards (Omaha). A card's five_no says which: 52 - card_id (the higher
    card first) or card_no; a five's card_nos are its five_nos in base 64, and five_key is the
    hand_rank, then the smallest card_nos. Its cards are ordered by card_play_key with its
    class (best_fives_of, 011), where a straight holding an ace below its high card (the
    wheel; short deck's A-9-8-7-6, kicker_5 14) plays the ace low.
  playable_fives_of(card_rows): a table macro, the fives a hand may play (below).
*/

/*
  The fives a hand may play, each once: the rule of two of its cards (a pair) and three after
  them (a triple), written once for game_evaluations_of (below), omaha_ranks_of (034) and
  low_evaluations_of (047). The relation named holds one row per card: hand_no, five_no (its
  place in the hand, none twice; the hole cards first), ranking (the hand's, passed on),
  is_hole (1 a hole card, 0 a board card), hole_cards_played (the game's, 033: null, any
  five; 2, two hole cards and three of the board), rank_code and suit_code (001). One row per
  five: hand_no, ranking, hole_cards_played, card_nos (its five_nos in base 64, the pair's
  first, where they are under 64), rank_key and suit_counts.

  PostgreSQL: it has no statistics of a CTE's rows, and counts one row where there are
  thousands (a flag's "= 1" is one row in 200 to it: hence "<> 0"). Materialized, the
  triples are made once: inlined, it joined each pair to every class of its ranking before
  the triple, in a loop (10 hands: 44.8 million rows, 14 s; 95 of history_game_showdowns,
  062: over 5 minutes). DuckDB takes as long or less.
*/
create macro playable_fives_of(card_rows) as table
with
    -- Whether a card may be of the pair, of the triple: any card, or the hole cards and the board's.
    flagged_cards as (
        select
            hand_no,
            five_no,
            ranking,
            hole_cards_played,
            case when hole_cards_played is null or is_hole = 1 then 1 else 0 end as in_pair,
            case when hole_cards_played is null or is_hole = 0 then 1 else 0 end as in_triple,
            rank_code,
            suit_code
        from query_table(card_rows)
    ),
    two_cards as (
        select
            card_1.hand_no,
            card_1.ranking,
            card_1.hole_cards_played,
            card_1.in_pair * card_2.in_pair as in_pair,
            card_1.in_triple * card_2.in_triple as in_triple,
            card_1.five_no as low_no,
            card_2.five_no as high_no,
            card_1.five_no * 64 + card_2.five_no as card_nos,
            card_1.rank_code + card_2.rank_code as rank_key,
            card_1.suit_code + card_2.suit_code as suit_counts
        from flagged_cards as card_1
        inner join flagged_cards as card_2
            on card_2.hand_no = card_1.hand_no
            and card_2.five_no > card_1.five_no
    ),
    three_cards as materialized (
        select
            low_pairs.hand_no,
            low_pairs.low_no,
            low_pairs.card_nos * 64 + card_3.five_no as card_nos,
            low_pairs.rank_key + card_3.rank_code as rank_key,
            low_pairs.suit_counts + card_3.suit_code as suit_counts
        from two_cards as low_pairs
        inner join flagged_cards as card_3
            on card_3.hand_no = low_pairs.hand_no and card_3.five_no > low_pairs.high_no
        where low_pairs.in_triple <> 0
            and card_3.in_triple <> 0
    )
select
    pairs.hand_no,
    pairs.ranking,
    pairs.hole_cards_played,
    pairs.card_nos * 262144 + triples.card_nos as card_nos,
    pairs.rank_key + triples.rank_key as rank_key,
    pairs.suit_counts + triples.suit_counts as suit_counts
from two_cards as pairs
inner join three_cards as triples
    on triples.hand_no = pairs.hand_no and triples.low_no > pairs.high_no
where pairs.in_pair <> 0;

create macro game_evaluations_of(card_rows) as table
with
    playable_cards as (
        select
            given.hand_no,
            case when games.hole_cards_played is null then 52 - given.card_id else given.card_no end as five_no,
            games.ranking,
            given.is_hole,
            games.hole_cards_played,
            cards.rank_code,
            cards.suit_code
        from query_table(card_rows) as given
        inner join games
            on games.game = given.game
        inner join cards
            on cards.card_id = given.card_id
    ),
    -- Materialized for PostgreSQL, as playable_fives_of's triples (above).
    fives as materialized (
        select
            hand_no,
            ranking,
            case when hole_cards_played is null then 1 else 0 end as any_five,
            card_nos,
            rank_key,
            suit_counts
        from playable_fives_of('playable_cards')
    ),
    -- The classes of every ranking: Hold'em's (standard) and short deck's.
    game_classes as (
        select 'standard' as ranking, hand_rank, rank_key, is_flush, points, category, kicker_1, kicker_5
        from hand_classes
        union all
        select ranking, hand_rank, rank_key, is_flush, points, category, kicker_1, kicker_5
        from short_deck_classes
    ),
    -- Each hand's best five: the smallest hand_rank, then the smallest card_nos (under 64 ^ 5).
    best_fives as (
        select
            fives.hand_no,
            fives.ranking,
            fives.any_five,
            min(cast(game_classes.hand_rank as bigint) * 1073741824 + fives.card_nos) as five_key
        -- SQLite: a cross join keeps this order, each five then its class (by an index of
        -- its own), where its planner scanned every five of the ranking for each class.
        from fives
        cross join game_classes
        where game_classes.ranking = fives.ranking
            and game_classes.rank_key = fives.rank_key
            -- one suit: five of it in suit_counts (base 8), as five_card_flush (034) tests it;
            -- not a join of flush_suits (001: a third of the query's time on DuckDB), and not
            -- a call of 034's macro, whose file reads hands (008), which a fresh database's
            -- first eval of a game would then build
            and game_classes.is_flush = case when fives.suit_counts in (5, 40, 320, 2560) then 1 else 0 end
        group by fives.hand_no, fives.ranking, fives.any_five
    ),
    -- Its five cards: those whose five_no is a digit of its card_nos.
    best_cards as (
        select
            best_fives.hand_no,
            best_fives.ranking,
            best_fives.five_key // 1073741824 as hand_rank,
            cards.card_id,
            cards.rank_code,
            cards.suit_code,
            cards.card_bit,
            cards.name
        -- SQLite: a cross join keeps this order, each hand then its cards (found by the
        -- relation's key), where its planner would scan every card for every hand.
        from best_fives
        cross join query_table(card_rows) as own_cards
        inner join cards
            on cards.card_id = own_cards.card_id
        where own_cards.hand_no = best_fives.hand_no
            and case when best_fives.any_five = 1 then 52 - own_cards.card_id else own_cards.card_no end in (
                best_fives.five_key // 16777216 % 64, best_fives.five_key // 262144 % 64,
                best_fives.five_key // 4096 % 64, best_fives.five_key // 64 % 64, best_fives.five_key % 64
            )
    ),
    classed as (
        select
            best_cards.hand_no,
            best_cards.ranking,
            best_cards.hand_rank,
            cast(sum(best_cards.suit_code) as bigint) as suit_counts,
            cast(sum(best_cards.card_bit) as bigint) as card_mask
        from best_cards
        group by best_cards.hand_no, best_cards.ranking, best_cards.hand_rank
    ),
    -- Each card of the best five with its key (card_play_key, 011), ordered as text by
    -- best_fives_of (011).
    keyed as (
        select
            best_cards.hand_no,
            best_cards.name,
            classed.hand_rank,
            game_classes.points,
            game_classes.category,
            card_play_key(
                best_cards.card_id, best_cards.rank_code, classed.card_mask, classed.suit_counts,
                game_classes.rank_key, game_classes.is_flush, game_classes.points,
                case when game_classes.points in (4, 8) and game_classes.kicker_5 = 14 then 5 else game_classes.kicker_1 end
            ) as play_key
        from classed
        inner join game_classes
            on game_classes.ranking = classed.ranking
            and game_classes.hand_rank = classed.hand_rank
        inner join best_cards
            on best_cards.hand_no = classed.hand_no
    )
select * from best_fives_of('keyed');
