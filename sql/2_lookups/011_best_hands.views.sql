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
  typed_hands: the hands typed into hand_input, one row each: best_hands and
    best_five_cards side by side (what `pokersql eval` and `compare` show).
  hand_ranks_of(key_rows): a table macro, the one lookup of 5 to 7 cards by their
    values and flush (below); card_sum_ranks(card_sum_rows), the same from the cards
    summed.
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

create view best_five_cards as
with
    typed_cards as (
        select
            hand_input.hand_no as player,
            cards.card_id,
            cards.rank_code,
            cards.suit_code
        from hand_input
        inner join cards
            on cards.card_id = hand_input.card_id
    ),
    five_card_subsets as (
        select
            card_1.player,
            card_1.card_id as c1,
            card_2.card_id as c2,
            card_3.card_id as c3,
            card_4.card_id as c4,
            card_5.card_id as c5,
            card_1.rank_code + card_2.rank_code + card_3.rank_code + card_4.rank_code
                + card_5.rank_code as rank_key,
            card_1.suit_code + card_2.suit_code + card_3.suit_code + card_4.suit_code
                + card_5.suit_code as suit_counts
        from typed_cards as card_1
        inner join typed_cards as card_2
            on card_2.player = card_1.player and card_2.card_id > card_1.card_id
        inner join typed_cards as card_3
            on card_3.player = card_1.player and card_3.card_id > card_2.card_id
        inner join typed_cards as card_4
            on card_4.player = card_1.player and card_4.card_id > card_3.card_id
        inner join typed_cards as card_5
            on card_5.player = card_1.player and card_5.card_id > card_4.card_id
    ),
    -- Of the subsets that make the hand's rank, the one with the highest cards.
    chosen as (
        select
            five_card_subsets.player,
            five_card_subsets.c1,
            five_card_subsets.c2,
            five_card_subsets.c3,
            five_card_subsets.c4,
            five_card_subsets.c5,
            hand_classes.points,
            hand_classes.kicker_1,
            row_number() over (
                partition by five_card_subsets.player
                order by five_card_subsets.c5 desc, five_card_subsets.c4 desc,
                    five_card_subsets.c3 desc, five_card_subsets.c2 desc, five_card_subsets.c1 desc
            ) as preference
        from five_card_subsets
        inner join flush_suits
            on flush_suits.suit_counts = five_card_subsets.suit_counts
        inner join hand_classes
            on hand_classes.rank_key = five_card_subsets.rank_key
            and hand_classes.is_flush = case when flush_suits.flush_bits > 0 then 1 else 0 end
        inner join best_hands
            on best_hands.deal_no = 0
            and best_hands.player = five_card_subsets.player
            and best_hands.hand_rank = hand_classes.hand_rank
    ),
    chosen_cards as (
        select player, points, kicker_1, c1 as card_id from chosen where preference = 1
        union all
        select player, points, kicker_1, c2 from chosen where preference = 1
        union all
        select player, points, kicker_1, c3 from chosen where preference = 1
        union all
        select player, points, kicker_1, c4 from chosen where preference = 1
        union all
        select player, points, kicker_1, c5 from chosen where preference = 1
    ),
    grouped as (
        select
            chosen_cards.player,
            cards.name,
            cards.suit_index,
            count(*) over (partition by chosen_cards.player, cards.value) as group_size,
            -- In a wheel (a 5-high straight) the ace plays low.
            case
                when chosen_cards.points in (4, 8) and chosen_cards.kicker_1 = 5
                    and cards.value = 14 then 1
                else cards.value
            end as play_value
        from chosen_cards
        inner join cards
            on cards.card_id = chosen_cards.card_id
    ),
    ordered as (
        select
            player,
            name,
            row_number() over (
                partition by player
                order by group_size desc, play_value desc, suit_index desc
            ) as card_order
        from grouped
    )
select
    0 as deal_no,
    player,
    max(case when card_order = 1 then name end)
        || ' ' || max(case when card_order = 2 then name end)
        || ' ' || max(case when card_order = 3 then name end)
        || ' ' || max(case when card_order = 4 then name end)
        || ' ' || max(case when card_order = 5 then name end) as best
from ordered
group by player;

create view typed_hands as
select
    best_hands.player,
    best_five_cards.best,
    best_hands.points,
    best_hands.category,
    best_hands.hand_rank,
    best_hands.place
from best_hands
inner join best_five_cards
    on best_five_cards.deal_no = best_hands.deal_no
    and best_five_cards.player = best_hands.player
where best_hands.deal_no = 0;
