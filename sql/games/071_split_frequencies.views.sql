/*
  Every hand of a game of a player's own cards counted by category (`freq --game razz`): the
  rows of split_games (046) with no board, each hand of hole_cards cards (7: stud, stud8, razz;
  5: deuce-to-seven, ace-to-five; 4: badugi), its high by category and its low in words, as
  split_deal_frequencies_of (070) names a dealt hand's.

  split_hand_frequencies_of(game_rows): a table macro, the games of the relation named (one
    column, game) counted: one row per game, half ('high', 'low') and category, with how many
    hands of the 52 cards hold it (hands) and how many classes of its ranking they make
    (distinct_ranks); category_order and points as split_categories' (070).
    - The high (stud, stud8: the best five of seven, a high_game of the standard ranking):
      Hold'em's seven-card hands as suit_reduced_seven (012) weighs them, each pattern of
      suits once with the number of hands it stands for.
    - The low of a five-card ranking (ace-to-five, eight-or-better, deuce-to-seven): a hand's
      low is its values' (and in 2-7 whether it is a flush of five), so each multiset of the
      hand's values (at most four of a value) is ranked once, as cards (the k-th of a value of
      the k-th suit; in 2-7 five values twice, one suit and not), by low_evaluations_of (047),
      and weighed by the hands it stands for: the product of C(4, copies) of its values, less
      or only the 4 flushes of five values where flushes count. 49,205 multisets of seven.
    - Badugi (a low of 4 cards: every suit counts): every hand of four of the 52, ranked.
  What `pokersql freq --game G` reads:
    with freq_games as (select 'razz' as game)
    select * from split_hand_frequencies_of('freq_games');
*/

create macro split_hand_frequencies_of(game_rows) as table
with recursive
    counted_games as (
        select
            split_games.game,
            split_games.high_game,
            split_games.low_ranking,
            split_games.hole_cards,
            low_rankings.cards as low_cards,
            low_rankings.flushes_count,
            row_number() over (order by split_games.game) as game_no
        from query_table(game_rows) as asked
        inner join split_games
            on split_games.game = asked.game
        left join low_rankings
            on low_rankings.ranking = split_games.low_ranking
        where split_games.board_cards = 0
    ),
    -- The copies of a value a hand may hold, and the ways to choose their suits: C(4, copies).
    copies_of_a_value (copies, ways) as (
        values (1, 4), (2, 6), (3, 4), (4, 1)
    ),
    -- Multisets of values, built from the lowest value up: rank_key (001's sum of rank_code),
    -- cards held, distinct values, the hands they stand for (suits chosen per value).
    value_multisets (rank_key, last_value, held, distinct_values, weight) as (
        select cast(0 as bigint), 1, 0, 0, cast(1 as bigint)
        union all
        select
            multisets.rank_key + copies_of_a_value.copies * card_values.rank_code,
            card_values.value,
            multisets.held + copies_of_a_value.copies,
            multisets.distinct_values + 1,
            multisets.weight * copies_of_a_value.ways
        from value_multisets as multisets
        inner join card_values
            on card_values.value > multisets.last_value
        inner join copies_of_a_value
            on multisets.held + copies_of_a_value.copies <= 7
    ),
    -- Each five-card-low game's multisets of its hand size; where flushes count, five values
    -- twice: the 4 flushes (is_flush 1) and the rest (offsuit: the highest card another suit).
    weighted_sets as (
        select
            counted_games.game,
            counted_games.low_ranking,
            multisets.rank_key,
            multisets.last_value,
            case when counted_games.flushes_count = 1 and multisets.distinct_values = 5 then 1 else 0 end as offsuit,
            multisets.weight
                - case when counted_games.flushes_count = 1 and multisets.distinct_values = 5 then 4 else 0 end as weight
        from counted_games
        inner join value_multisets as multisets
            on multisets.held = counted_games.hole_cards
        where counted_games.low_cards = 5
        union all
        select
            counted_games.game,
            counted_games.low_ranking,
            multisets.rank_key,
            multisets.last_value,
            0 as offsuit,
            4 as weight
        from counted_games
        inner join value_multisets as multisets
            on multisets.held = counted_games.hole_cards
        where counted_games.low_cards = 5
            and counted_games.flushes_count = 1
            and multisets.distinct_values = 5
    ),
    numbered_sets as (
        select
            weighted_sets.*,
            row_number() over (order by weighted_sets.game, weighted_sets.rank_key, weighted_sets.offsuit) as hand_no
        from weighted_sets
    ),
    -- A multiset as cards: copy k (0 to 3) of a value its suit k; offsuit, the highest value's
    -- card the next suit.
    set_cards as (
        select
            numbered_sets.hand_no,
            numbered_sets.game,
            cards.card_id + case when numbered_sets.offsuit = 1 and cards.value = numbered_sets.last_value then 1 else 0 end as card_id,
            1 as is_hole,
            cards.card_id + 1 as card_no
        from numbered_sets
        inner join cards
            on (numbered_sets.rank_key // cards.rank_code) % 5 > cards.suit_index
    ),
    -- Badugi: every hand of four cards, one row per card, its number its game's and its cards'.
    four_card_hands as (
        select
            counted_games.game,
            fours.card_1,
            fours.card_2,
            fours.card_3,
            fours.card_4,
            counted_games.game_no * 7311616 + ((fours.card_1 * 52 + fours.card_2) * 52 + fours.card_3) * 52 + fours.card_4
                as hand_no
        from counted_games
        inner join deck_fours_of('cards') as fours
            on counted_games.low_cards = 4
    ),
    badugi_cards as (
        select hand_no, game, card_1 as card_id, 1 as is_hole, 1 as card_no from four_card_hands
        union all
        select hand_no, game, card_2, 1, 2 from four_card_hands
        union all
        select hand_no, game, card_3, 1, 3 from four_card_hands
        union all
        select hand_no, game, card_4, 1, 4 from four_card_hands
    ),
    ranked_sets as (
        select
            numbered_sets.game,
            numbered_sets.low_ranking,
            evaluated.low_rank,
            numbered_sets.weight
        from low_evaluations_of('set_cards') as evaluated
        inner join numbered_sets
            on numbered_sets.hand_no = evaluated.hand_no
        union all
        select
            counted_games.game,
            counted_games.low_ranking,
            evaluated.low_rank,
            1 as weight
        from low_evaluations_of('badugi_cards') as evaluated
        inner join counted_games
            -- 52 ^ 4 = 7,311,616: the hand's number past its game's
            on counted_games.game_no = evaluated.hand_no // 7311616
    ),
    lows as (
        select
            game,
            category_order,
            points,
            category,
            sum(weight) as hands,
            count(distinct low_rank) as distinct_ranks
        from low_names_of('ranked_sets')
        group by game, category_order, points, category
    ),
    highs as (
        select
            counted_games.game,
            game_categories.category_order,
            seven.points,
            hand_categories.category,
            sum(seven.weight) as hands,
            count(distinct seven.hand_rank) as distinct_ranks
        from counted_games
        inner join games
            on games.game = counted_games.high_game
        inner join suit_reduced_seven as seven
            on counted_games.hole_cards = 7
        inner join game_categories
            on game_categories.ranking = games.ranking
            and game_categories.points = seven.points
        inner join hand_categories
            on hand_categories.points = seven.points
        where games.ranking = 'standard'
            and games.lowest_value = 2
        group by counted_games.game, game_categories.category_order, seven.points, hand_categories.category
    )
select game, 'high' as half, category_order, points, category, hands, distinct_ranks from highs
union all
select game, 'low' as half, category_order, points, category, hands, distinct_ranks from lows;
