/*
  Hands of five, six or seven cards, evaluated: the best five of each.

  hand_keys: one row per hand of hand_cards (any size): its values (rank_key),
    its suit counts (suit_counts, base 8) and its cards as a 52-bit set (card_mask).
  best_hands: one row per hand of 5 to 7 cards: hand_rank, points, category and
    place (1 = best within its deal; equal hand_rank shares a place). The values
    are looked up in best_by_values; when one suit holds five or more cards, the
    13 bits of that suit in best_by_flush; the better of the two is the hand's.
  best_five_cards: for the hands typed into hand_input (deal_no 0), the five cards
    that make that hand_rank, largest group first, as canonical text.
  typed_hands: the hands typed into hand_input, one row each: the best five, the class,
    and place among them (what `pokersql eval` and `compare` show).
  hand_ranks_of(key_rows): a table macro, the one lookup of 5 to 7 cards by their
    values and flush (below); card_sum_ranks(card_sum_rows), the same from the cards
    summed; card_play_key(...), a card's place among its hand's best five (a scalar
    macro); best_fives_of(playing_rows), those five as text; hand_evaluations_of(card_rows),
    the best five of each hand in order, from its cards (what typed_hands and `pokersql
    eval` read).
*/

/*
  The hand_rank of 5 to 7 cards, looked up: every row of the relation named (a table,
  view or CTE with rank_key, the cards' values summed, 001, and flush_mask, the 13 bits
  of the suit holding five or more of them, 0 when none does), its columns as they are,
  with hand_rank: the best five of the values (best_by_values, 010) or of the flush suit
  (best_by_flush), the better of the two. card_sum_ranks (below) and seven_card_frequencies
  (013) read it. A DuckDB table macro; on the other engines each call is expanded into the
  query itself (pokersql/transpile.py).
*/
create macro hand_ranks_of(key_rows) as table
select
    keyed.*,
    least(by_values.hand_rank, coalesce(by_flush.hand_rank, by_values.hand_rank)) as hand_rank
from query_table(key_rows) as keyed
inner join best_by_values as by_values
    on by_values.rank_key = keyed.rank_key
left join best_by_flush as by_flush
    on by_flush.value_mask = keyed.flush_mask;

/*
  The same lookup from the cards summed into the codes of cards (rank_key, suit_counts,
  card_mask, 001): every row of the relation named, its columns as they are, with
  flush_mask (the 13 bits of the suit holding five or more of the cards, by flush_suits,
  001; 0 when none does) and hand_rank (hand_ranks_of, above). best_hands here and
  street_hands (017) read it. A DuckDB table macro, expanded like hand_ranks_of.
*/
create macro card_sum_ranks(card_sum_rows) as table
with
    flush_masks as (
        select
            summed.*,
            (summed.card_mask >> flush_suits.flush_shift) & flush_suits.flush_bits as flush_mask
        from query_table(card_sum_rows) as summed
        inner join flush_suits
            on flush_suits.suit_counts = summed.suit_counts
    )
select * from hand_ranks_of('flush_masks');

create view hand_keys as
select
    hand_cards.deal_no,
    hand_cards.player,
    count(*) as card_count,
    cast(sum(cards.rank_code) as bigint) as rank_key,
    cast(sum(cards.suit_code) as bigint) as suit_counts,
    cast(sum(cards.card_bit) as bigint) as card_mask
from hand_cards
inner join cards
    on cards.card_id = hand_cards.card_id
group by hand_cards.deal_no, hand_cards.player;

create view best_hands as
with
    five_to_seven as (
        select
            deal_no,
            player,
            card_count,
            rank_key,
            suit_counts,
            card_mask
        from hand_keys
        where card_count between 5 and 7
    ),
    ranked as (
        select
            deal_no,
            player,
            card_count,
            hand_rank
        from card_sum_ranks('five_to_seven')
    )
select
    ranked.deal_no,
    ranked.player,
    ranked.card_count,
    ranked.hand_rank,
    hand_classes.points,
    hand_classes.category,
    rank() over (partition by ranked.deal_no order by ranked.hand_rank) as place
from ranked
inner join hand_classes
    on hand_classes.hand_rank = ranked.hand_rank;

/*
  A card's place among its hand's best five, the one definition of the best five and of their
  order: a sort key, the highest first, 0 when the card does not play. Its arguments: the
  card_id and its rank_code (001), the hand's card_mask and suit_counts (its cards summed), and
  the hand's class (hand_classes, 006): its rank_key, is_flush, points and kicker_1.
  hand_evaluations_of (below) reads it, and DuckDB's macros (027) and evaluate_many's batches.

  A card plays when the class holds its value (its digit of the class's rank_key in base 5:
  how many cards of that value play) and, in a flush, it is of the suit holding five or more
  of the cards (its count in suit_counts, base 8); else when fewer of the hand's cards of its
  value than that digit are of a higher suit. Those are card_mask's bits of the value
  (549822930945: bits 0, 13, 26 and 39, a suit each) above the card's suit, shifted down to
  bits 0, 13 and 26: their count is that number modulo 8191, as 2 ^ 13 leaves 1. So of three
  kings of which two play, the two of the highest suits do. The key: the digit (the largest
  group first), then the value (1 for the ace of a wheel, 2 to 14 else), then the card_id
  (the higher suit first) in the low six bits.

  A DuckDB macro; on the other engines each call is expanded into the query itself, its
  arguments in place of its parameters (pokersql/transpile.py).
*/
create macro card_play_key(card_id, rank_code, card_mask, suit_counts, class_rank_key, class_is_flush, class_points, class_kicker_1) as case
    when (class_rank_key // rank_code) % 5 > 0
        and case
            when class_is_flush = 1 then ((suit_counts >> (3 * (card_id % 4))) & 7) >= 5
            else ((((card_mask >> (card_id // 4)) & 549822930945) >> (13 * (card_id % 4 + 1))) % 8191)
                < (class_rank_key // rank_code) % 5
        end
        then (
            ((class_rank_key // rank_code) % 5) * 16
            + case when class_points in (4, 8) and class_kicker_1 = 5 and card_id // 4 = 12 then 1 else card_id // 4 + 2 end
        ) * 64 + card_id
    else 0
end;

/*
  The best five of each hand as text, with its class: the relation named holds one row per card
  that plays (hand_no, name, hand_rank, points, category and play_key, card_play_key's, above);
  one row per hand: hand_no, best (the five names in order of play_key, the highest first),
  points, category and hand_rank. hand_evaluations_of (below) and game_evaluations_of (042) end
  with it. A DuckDB table macro, expanded like hand_ranks_of.
*/
create macro best_fives_of(playing_rows) as table
with
    ordered as (
        select
            playing.hand_no,
            playing.hand_rank,
            playing.points,
            playing.category,
            playing.name,
            row_number() over (partition by playing.hand_no order by playing.play_key desc) as card_order
        from query_table(playing_rows) as playing
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

/*
  The best five of 5 to 7 cards, in order: every hand of the relation named (a table, view or
  CTE with one row per card: hand_no, card_id, none twice; any other columns are ignored) of 5
  to 7 cards, one row each: hand_no, best (its best five as canonical text, in the order of
  card_play_key, above: the largest group first, then the higher value, the ace low in a wheel,
  then the higher suit), points, category and hand_rank (card_sum_ranks, above). typed_hands
  (below) reads it, and so do pokersql's eval, compare and evaluate on the engines other than
  DuckDB (pokersql/own_hands.py: each call expanded into the query it runs). A DuckDB table
  macro, expanded like hand_ranks_of.
*/
create macro hand_evaluations_of(card_rows) as table
with
    summed_cards as (
        select
            own_cards.hand_no,
            count(*) as card_count,
            cast(sum(cards.rank_code) as bigint) as rank_key,
            cast(sum(cards.suit_code) as bigint) as suit_counts,
            cast(sum(cards.card_bit) as bigint) as card_mask
        from query_table(card_rows) as own_cards
        inner join cards
            on cards.card_id = own_cards.card_id
        group by own_cards.hand_no
    ),
    five_to_seven_cards as (
        select
            hand_no,
            rank_key,
            suit_counts,
            card_mask
        from summed_cards
        where card_count between 5 and 7
    ),
    classed as (
        select
            ranked.hand_no,
            ranked.card_mask,
            ranked.suit_counts,
            hand_classes.hand_rank,
            hand_classes.rank_key as class_rank_key,
            hand_classes.is_flush,
            hand_classes.points,
            hand_classes.category,
            hand_classes.kicker_1
        from card_sum_ranks('five_to_seven_cards') as ranked
        inner join hand_classes
            on hand_classes.hand_rank = ranked.hand_rank
    ),
    -- Each of the hand's cards with its key (card_play_key, above).
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
        -- relation's key, where it has one), where its planner would scan every card for
        -- every hand.
        from classed
        cross join query_table(card_rows) as own_cards
        inner join cards
            on cards.card_id = own_cards.card_id
        where own_cards.hand_no = classed.hand_no
    ),
    playing as (
        select * from keyed where play_key > 0
    )
select * from best_fives_of('playing');

create view best_five_cards as
select
    0 as deal_no,
    evaluated.hand_no as player,
    evaluated.best
from hand_evaluations_of('hand_input') as evaluated;

create view typed_hands as
select
    evaluated.hand_no as player,
    evaluated.best,
    evaluated.points,
    evaluated.category,
    evaluated.hand_rank,
    rank() over (order by evaluated.hand_rank) as place
from hand_evaluations_of('hand_input') as evaluated;
