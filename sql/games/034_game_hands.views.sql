/*
  Other games' hands, evaluated on the one definition: short deck by its own ranking of the
  same codes of cards (001), Omaha by the five-card classes of hand_classes (006).

  short_deck_ranks_of(key_rows): a table macro, the one lookup of 5 to 7 short-deck cards,
    as hand_ranks_of (011) is of Hold'em's: every row of the relation named (ranking,
    rank_key and flush_mask), its columns as they are, with hand_rank, by the ranking's
    short_deck_best_by_values and short_deck_best_by_flush (033), the better of the two.
  short_deck_card_ranks(card_sum_rows): the same from the cards summed (ranking, rank_key,
    suit_counts, card_mask): flush_mask found by flush_suits (001), as card_sum_ranks does.
  omaha_ranks_of(card_rows): a table macro, the best hand of exactly two hole cards and three
    of the board: every hand of the relation named (one row per card: hand_no, card_id,
    is_hole 1 for a hole card, 0 for a board card), one row each, with its hand_rank, the
    best (smallest) of hand_classes' over every two of its hole cards with every three of
    its board (playable_fives_of, 042: the rule written once). Hold'em's ranking: the five
    cards' rank_key and whether they are one suit (five_card_flush: their suit_counts 5, 40,
    320 or 2560, five of one suit in base 8).
  short_deck_counts_of(evaluated_rows): a table macro, hands counted by category.
  short_deck_cards: the 36 cards (001's rows, card_id 16 and up); short_deck_card_sets: every
    pair (card_count 2, 630) and five (376,992) of them, summed into the codes of cards, with
    their lowest and highest card_id.
  short_deck_five_card_frequencies, short_deck_seven_card_frequencies: one row per ranking
    and category: how many of the C(36, 5) = 376,992 five-card hands, or C(36, 7) =
    8,347,680 seven-card hands, of the 36-card deck it holds, and how many distinct
    hand_ranks; what `pokersql freq --game shortdeck` sets beside the exact counts.
  seat_rank(player, rank_1, ..., rank_10): a scalar macro, the column of seat player (1 to
    10) among the ten given (null for any other player): a table's players as columns, read
    back one seat a row (Omaha's equity, 036 to 050, keeps each player's best in rank_1 ..
    rank_10).
  seat_ranks_of(hand_rows): a table macro, the other way: the relation named (one row per
    triple of cards per player: card_mask, known_cards, player, hand_rank) as one row per
    triple, rank_1 .. rank_10 each player's smallest hand_rank with it (null: none).
*/

create macro short_deck_ranks_of(key_rows) as table
select
    keyed.*,
    least(by_values.hand_rank, coalesce(by_flush.hand_rank, by_values.hand_rank)) as hand_rank
-- SQLite: a cross join keeps this order, the hands then their row of values (by its key),
-- where its planner scanned every hand for each row of values (12 minutes, not seconds).
from query_table(key_rows) as keyed
cross join short_deck_best_by_values as by_values
left join short_deck_best_by_flush as by_flush
    on by_flush.ranking = keyed.ranking
    and by_flush.value_mask = keyed.flush_mask
where by_values.ranking = keyed.ranking
    and by_values.rank_key = keyed.rank_key;

create macro short_deck_card_ranks(card_sum_rows) as table
with
    short_deck_flush_masks as (
        select
            summed.*,
            (summed.card_mask >> flush_suits.flush_shift) & flush_suits.flush_bits as flush_mask
        -- SQLite: the hands first, then their row of flush_suits (a cross join keeps the order)
        from query_table(card_sum_rows) as summed
        cross join flush_suits
        where flush_suits.suit_counts = summed.suit_counts
    )
select * from short_deck_ranks_of('short_deck_flush_masks');

-- Whether five cards are one suit, from their suit_counts (001): 5 in base 8, in one of the
-- four places (5, 40, 320 or 2560); 1 or 0, as hand_classes.is_flush. Omaha's fives (here and
-- 036) are ranked by their rank_key and this.
create macro five_card_flush(suit_counts) as case when suit_counts in (5, 40, 320, 2560) then 1 else 0 end;

create macro omaha_ranks_of(card_rows) as table
with
    -- The hole cards first (a board card's five_no is its card_id + 52): playable_fives_of's order.
    omaha_cards as (
        select
            given.hand_no,
            case when given.is_hole = 1 then cards.card_id else cards.card_id + 52 end as five_no,
            'standard' as ranking,
            given.is_hole,
            2 as hole_cards_played,
            cards.rank_code,
            cards.suit_code
        from query_table(card_rows) as given
        inner join cards
            on cards.card_id = given.card_id
    )
select
    omaha_fives.hand_no,
    min(hand_classes.hand_rank) as hand_rank
from playable_fives_of('omaha_cards') as omaha_fives
inner join hand_classes
    on hand_classes.rank_key = omaha_fives.rank_key
    and hand_classes.is_flush = five_card_flush(omaha_fives.suit_counts)
group by omaha_fives.hand_no;

/*
  The count by category of the hands of the relation named (one row per hand: ranking,
  hand_rank), one row per ranking and category of short_deck_classes: hands and
  distinct_ranks. Both frequency views (below) count with it.
*/
create macro short_deck_counts_of(evaluated_rows) as table
select
    short_deck_classes.ranking,
    short_deck_classes.points,
    short_deck_classes.category,
    coalesce(sum(by_rank.hands), 0) as hands,
    count(by_rank.hand_rank) as distinct_ranks
from short_deck_classes
-- counted by class first: SQLite joined the classes to every hand, by ranking alone
left join (
    select
        counted.ranking,
        counted.hand_rank,
        count(*) as hands
    from query_table(evaluated_rows) as counted
    group by counted.ranking, counted.hand_rank
) as by_rank
    on by_rank.ranking = short_deck_classes.ranking
    and by_rank.hand_rank = short_deck_classes.hand_rank
group by short_deck_classes.ranking, short_deck_classes.points, short_deck_classes.category;

/* The 36 cards of short deck (card_id 16, 6c, and up), as cards (001), and every set of them
   summed into the codes of cards (001) by card_sets_of (013), as card_pairs and five_card_sets
   sum the 52: built from its own cards, not filtered out of the 52's sets, which SQLite would
   enumerate in full. */
create view short_deck_cards as
select card_id, rank_code, suit_code, card_bit
from cards
where value >= 6;

create view short_deck_card_sets as
select card_count, low_card, high_card, rank_key, suit_counts, card_mask
from card_sets_of('short_deck_cards')
where card_count in (2, 5);

create view short_deck_five_card_frequencies as
with
    short_deck_fives as (
        select
            rankings.ranking,
            short_deck_card_sets.rank_key,
            short_deck_card_sets.suit_counts,
            short_deck_card_sets.card_mask
        from short_deck_card_sets
        cross join (select distinct ranking from short_deck_classes) as rankings
        where short_deck_card_sets.card_count = 5
    ),
    evaluated as (
        select
            ranking,
            hand_rank
        from short_deck_card_ranks('short_deck_fives')
    )
select * from short_deck_counts_of('evaluated');

create view short_deck_seven_card_frequencies as
with
    -- Five cards of the 36, then two higher ones, each hand once (seven_card_sets_of, 013).
    short_deck_fives as (
        select
            high_card,
            rank_key,
            suit_counts,
            card_mask
        from short_deck_card_sets
        where card_count = 5
    ),
    short_deck_sevens as (
        select
            rankings.ranking,
            short_deck_hand_keys.rank_key,
            short_deck_hand_keys.suit_counts,
            short_deck_hand_keys.card_mask
        from seven_card_sets_of('short_deck_fives', 'short_deck_cards') as short_deck_hand_keys
        cross join (select distinct ranking from short_deck_classes) as rankings
    ),
    evaluated as (
        select
            ranking,
            hand_rank
        from short_deck_card_ranks('short_deck_sevens')
    )
select * from short_deck_counts_of('evaluated');

/* A table's seats as columns, and back (above). */
create macro seat_rank(player, rank_1, rank_2, rank_3, rank_4, rank_5, rank_6, rank_7, rank_8, rank_9, rank_10) as
    case player
        when 1 then rank_1
        when 2 then rank_2
        when 3 then rank_3
        when 4 then rank_4
        when 5 then rank_5
        when 6 then rank_6
        when 7 then rank_7
        when 8 then rank_8
        when 9 then rank_9
        when 10 then rank_10
    end;

create macro seat_ranks_of(hand_rows) as table
select
    card_mask,
    known_cards,
    min(hand_rank) filter (where player = 1) as rank_1,
    min(hand_rank) filter (where player = 2) as rank_2,
    min(hand_rank) filter (where player = 3) as rank_3,
    min(hand_rank) filter (where player = 4) as rank_4,
    min(hand_rank) filter (where player = 5) as rank_5,
    min(hand_rank) filter (where player = 6) as rank_6,
    min(hand_rank) filter (where player = 7) as rank_7,
    min(hand_rank) filter (where player = 8) as rank_8,
    min(hand_rank) filter (where player = 9) as rank_9,
    min(hand_rank) filter (where player = 10) as rank_10
from query_table(hand_rows)
group by card_mask, known_cards;
