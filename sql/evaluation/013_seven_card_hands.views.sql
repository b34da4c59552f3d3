/*
  Every seven-card hand, in SQL: the enumerations behind freq --cards 7 and the
  starting-hand statistics.

  card_sets_of(deck_rows): a table macro, every set of one to five cards of a deck (below;
    deck_pairs_of, deck_triples_of and deck_fives_of: the sets of one size);
    card_pairs, five_card_sets: every two-card and five-card set of the deck,
    summed into the codes of cards (001).
  seven_card_sets_of(five_rows, deck_rows): a table macro, every five with two higher cards of
    the deck, the seven summed (below; short deck's sevens, 034, too).
  seven_card_hand_keys: every one of the 133,784,560 seven-card hands counted by
    hand_key (rank_key * 8192 + the values of a suit holding five or more of the
    seven, 0 when none does). Its counts equal the weights of suit_reduced_seven
    (012), hand_key by hand_key. A hand is its five lowest cards (five_card_sets)
    and two higher ones (seven_card_sets_of), and two more cards make a flush only with a
    suit holding three or more of the five (flush_suits.three_suit).
    1,634,568 of the 2,598,960 five-card sets have none, and with them 86,475,870
    of the hands: their hand_key is their values' alone, a sum, and no suit counts
    or cards go through the join. The other 47,308,690 take the flush test.
  seven_card_frequencies: those hands by category (4,824 distinct hand_ranks).
  starting_hand_categories: for each starting class, the chance of each
    category by the river (the Power BI study's "best possible hand given the two
    cards you are dealt"); see the view.
  seven_card_ranks(seven_card_rows): a table macro, the one lookup of seven cards
    (below): every row of the relation named, with its hand_rank and points.
*/

/*
  The hand of seven cards, looked up: every row of the relation named (a table, view or
  CTE with rank_key, suit_counts and card_mask, seven cards summed into the codes of
  cards, 001), its columns as they are, with the hand_rank and points of those cards.
  The hand_key is rank_key * 8192 + the values of the suit holding five or more of the
  seven (flush_suits, 001; 0 when none does), the key of suit_reduced_seven (012).
  Every evaluation of seven cards reads it: starting_hand_categories here, the tally of
  every equity view (equity_of, 017) and known_hand_ranks (019). A DuckDB table macro; on the
  other engines each call is expanded into the query itself (pokersql/transpile.py).
*/
create macro seven_card_ranks(seven_card_rows) as table
select
    seven.*,
    suit_reduced_seven.hand_rank,
    suit_reduced_seven.points
from query_table(seven_card_rows) as seven
inner join flush_suits
    on flush_suits.suit_counts = seven.suit_counts
inner join suit_reduced_seven
    on suit_reduced_seven.hand_key = seven.rank_key * 8192
    + ((seven.card_mask >> flush_suits.flush_shift) & flush_suits.flush_bits);

/*
  Every set of one to five cards of a deck: the relation named holds its cards (card_id,
  rank_code, suit_code, card_bit: rows of cards, 001); one row per set, each set once:
  card_count, its lowest and highest card_id (low_card, high_card), and its cards summed into
  the codes of cards (rank_key, suit_counts, card_mask). The pairs (deck_pairs_of); a set of
  three, a card and a pair above it (deck_triples_of); of four, a pair and a pair above it
  (deck_fours_of, its cards card_1 < card_2 < card_3 < card_4 too: the random Omaha hands of
  039, badugi's hands of 071); of five, a pair and a triple above it (deck_fives_of). A query names its card_count: each
  engine makes that size alone (the filter reaches the branch of its size; a CTE here would
  keep it out on SQLite). Short deck's sets (034) and the odds' boards (056) read it,
  card_pairs and five_card_sets (below) the macro of their size. DuckDB table macros,
  expanded like hand_ranks_of (011) on the other engines.
*/
create macro deck_pairs_of(deck_rows) as table
select
    card_1.card_id as low_card,
    card_2.card_id as high_card,
    card_1.rank_code + card_2.rank_code as rank_key,
    card_1.suit_code + card_2.suit_code as suit_counts,
    card_1.card_bit + card_2.card_bit as card_mask
from query_table(deck_rows) as card_1
inner join query_table(deck_rows) as card_2
    on card_2.card_id > card_1.card_id;

create macro deck_triples_of(deck_rows) as table
select lowest.card_id as low_card, above.high_card, lowest.rank_code + above.rank_key as rank_key,
    lowest.suit_code + above.suit_counts as suit_counts, lowest.card_bit + above.card_mask as card_mask
from query_table(deck_rows) as lowest
inner join deck_pairs_of(deck_rows) as above
    on above.low_card > lowest.card_id;

create macro deck_fives_of(deck_rows) as table
select earlier.low_card, later.high_card, earlier.rank_key + later.rank_key as rank_key,
    earlier.suit_counts + later.suit_counts as suit_counts, earlier.card_mask + later.card_mask as card_mask
from deck_pairs_of(deck_rows) as earlier
inner join deck_triples_of(deck_rows) as later
    on later.low_card > earlier.high_card;

create macro deck_fours_of(deck_rows) as table
select earlier.low_card as card_1, earlier.high_card as card_2, later.low_card as card_3, later.high_card as card_4,
    earlier.rank_key + later.rank_key as rank_key, earlier.suit_counts + later.suit_counts as suit_counts,
    earlier.card_mask + later.card_mask as card_mask
from deck_pairs_of(deck_rows) as earlier
inner join deck_pairs_of(deck_rows) as later
    on later.low_card > earlier.high_card;

create macro card_sets_of(deck_rows) as table
select 1 as card_count, card_id as low_card, card_id as high_card, rank_code as rank_key, suit_code as suit_counts, card_bit as card_mask
from query_table(deck_rows)
union all
select 2, * from deck_pairs_of(deck_rows)
union all
select 3, * from deck_triples_of(deck_rows)
union all
select 4, card_1, card_4, rank_key, suit_counts, card_mask from deck_fours_of(deck_rows)
union all
select 5, * from deck_fives_of(deck_rows);

/* Every two-card set of the deck (1,326), summed into the codes of cards (001): its
   values (rank_key), its suit counts and its cards as a 52-bit set. */
create view card_pairs as
select * from deck_pairs_of('cards');

/* Every five-card set (2,598,960): two lowest cards and three higher ones. */
create view five_card_sets as
select high_card, rank_key, suit_counts, card_mask from deck_fives_of('cards');

/*
  two_card_codes_of(pair_rows, deck_rows): a table macro, every row of the first relation
  named (two cards a row, card_1 and card_2: a range's combinations, a starting hand) whose
  two cards are both in the deck named (cards, 001, or equity_deck, 015: the cards no one
  holds), its columns as they are, with the two cards summed into the codes of cards
  (rank_key, suit_counts, card_mask). starting_hand_categories (below), range_combos (018) and
  monte_carlo_range_choices (020) read it.
*/
create macro two_card_codes_of(pair_rows, deck_rows) as table
select
    pair.*,
    high.rank_code + low.rank_code as rank_key,
    high.suit_code + low.suit_code as suit_counts,
    high.card_bit + low.card_bit as card_mask
from query_table(pair_rows) as pair
inner join query_table(deck_rows) as high
    on high.card_id = pair.card_1
inner join query_table(deck_rows) as low
    on low.card_id = pair.card_2;

/*
  seven_card_sets_of(five_rows, deck_rows): a table macro, every five of the first relation
  named (high_card, its highest card_id, and its cards summed: rank_key, suit_counts,
  card_mask) with every two cards of the deck named (deck_pairs_of) above its highest card,
  the seven summed: each seven-card set once, its five lowest cards and its two highest. The
  pairs are keyed by every card of the deck below their lower card (above_card: 22,100 rows of
  the 52 cards), so that the join to the fives is an equality, which every engine hashes;
  written as pairs.low_card > fives.high_card it was a nested loop of 3.4 billion tests on
  PostgreSQL (over 15 minutes; a minute now), and DuckDB takes the same time.
  seven_card_hand_keys (below) and short deck's seven cards (034) read it.
*/
create macro seven_card_sets_of(five_rows, deck_rows) as table
with
    -- Materialized for PostgreSQL: inlined, its planner may find each five's card below first
    -- and the pairs above it by the inequality, the nested loop the key is there to spare.
    pairs as materialized (
        select below.card_id as above_card, above.rank_key, above.suit_counts, above.card_mask
        from query_table(deck_rows) as below
        inner join deck_pairs_of(deck_rows) as above
            on above.low_card > below.card_id
    )
select
    fives.rank_key + pairs.rank_key as rank_key,
    fives.suit_counts + pairs.suit_counts as suit_counts,
    fives.card_mask + pairs.card_mask as card_mask
from query_table(five_rows) as fives
inner join pairs
    on pairs.above_card = fives.high_card;

-- The fives with no suit of three (may_flush 0) make no flush: their hand_key is the values'.
create view seven_card_hand_keys as
with
    fives as (
        select
            five_card_sets.high_card,
            five_card_sets.rank_key,
            five_card_sets.suit_counts,
            five_card_sets.card_mask,
            case when flush_suits.three_suit is null then 0 else 1 end as may_flush
        from five_card_sets
        inner join flush_suits
            on flush_suits.suit_counts = five_card_sets.suit_counts
    ),
    plain_fives as (
        select * from fives where may_flush = 0
    ),
    flush_fives as (
        select * from fives where may_flush = 1
    ),
    keyed as (
        select rank_key * 8192 as hand_key
        from seven_card_sets_of('plain_fives', 'cards')
        union all
        select
            sevens.rank_key * 8192
            + ((sevens.card_mask >> flush_suits.flush_shift) & flush_suits.flush_bits)
        from seven_card_sets_of('flush_fives', 'cards') as sevens
        inner join flush_suits
            on flush_suits.suit_counts = sevens.suit_counts
    )
select
    hand_key,
    count(*) as hands
from keyed
group by hand_key;

create view seven_card_frequencies as
with
    -- A hand_key is rank_key * 8192 + the flush suit's values.
    hand_keys as (
        select
            hand_key // 8192 as rank_key,
            hand_key % 8192 as flush_mask,
            hands
        from seven_card_hand_keys
    ),
    evaluated as (
        select
            hand_rank,
            hands
        from hand_ranks_of('hand_keys')
    )
select
    hand_categories.points,
    hand_categories.category,
    coalesce(sum(evaluated.hands), 0) as hands,
    count(distinct evaluated.hand_rank) as distinct_ranks
from hand_categories
left join hand_classes
    on hand_classes.points = hand_categories.points
left join evaluated
    on evaluated.hand_rank = hand_classes.hand_rank
group by hand_categories.points, hand_categories.category;

/* starting_hand_categories: for each of the 169 starting classes and each category,
   how many of the 2,118,760 boards make it the player's best hand by the river,
   and the probability. Every combination of a class has the same counts (suits are
   interchangeable), so one representative of each is dealt every board. All 169
   at once take about a minute; filter on hand_class for a few. */
create view starting_hand_categories as
with
    representatives as (
        select
            starting_hands.hand_class,
            max(starting_hands.card_1 * 64 + starting_hands.card_2) // 64 as card_1,
            max(starting_hands.card_1 * 64 + starting_hands.card_2) % 64 as card_2
        from starting_hands
        group by starting_hands.hand_class
    ),
    hole_cards as (
        select hand_class, rank_key, suit_counts, card_mask
        from two_card_codes_of('representatives', 'cards')
    ),
    seven_cards as (
        select
            hole_cards.hand_class,
            boards.rank_key + hole_cards.rank_key as rank_key,
            boards.suit_counts + hole_cards.suit_counts as suit_counts,
            boards.card_mask + hole_cards.card_mask as card_mask
        from five_card_sets as boards
        cross join hole_cards
        where boards.card_mask & hole_cards.card_mask = 0
    ),
    -- Counted side by side, one row per class, so that a filter on hand_class reaches
    -- the representatives (a second reading of them, to add the zero rows, would not).
    counted as (
        select
            ranked.hand_class,
            sum(case when ranked.points = 0 then 1 else 0 end) as boards_0,
            sum(case when ranked.points = 1 then 1 else 0 end) as boards_1,
            sum(case when ranked.points = 2 then 1 else 0 end) as boards_2,
            sum(case when ranked.points = 3 then 1 else 0 end) as boards_3,
            sum(case when ranked.points = 4 then 1 else 0 end) as boards_4,
            sum(case when ranked.points = 5 then 1 else 0 end) as boards_5,
            sum(case when ranked.points = 6 then 1 else 0 end) as boards_6,
            sum(case when ranked.points = 7 then 1 else 0 end) as boards_7,
            sum(case when ranked.points = 8 then 1 else 0 end) as boards_8,
            sum(case when ranked.points = 9 then 1 else 0 end) as boards_9
        from seven_card_ranks('seven_cards') as ranked
        group by ranked.hand_class
    ),
    category_boards as (
        select
            counted.hand_class,
            hand_categories.points,
            hand_categories.category,
            case hand_categories.points
                when 0 then counted.boards_0
                when 1 then counted.boards_1
                when 2 then counted.boards_2
                when 3 then counted.boards_3
                when 4 then counted.boards_4
                when 5 then counted.boards_5
                when 6 then counted.boards_6
                when 7 then counted.boards_7
                when 8 then counted.boards_8
                when 9 then counted.boards_9
            end as boards
        from counted
        cross join hand_categories
    )
select
    hand_class,
    points,
    category,
    boards,
    boards / 2118760.0 as probability
from category_boards;
