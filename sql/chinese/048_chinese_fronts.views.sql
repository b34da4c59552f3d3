/*
  Chinese poker (3-5-5): the front hand, three cards, ranked as three cards.
  No straights and no flushes: only three of a kind, a pair and high card.

  chinese_fronts: one row per three-card hand (22,100 rows), its cards in
    card_id order (first < second < third).
    high, middle, low = the three values, sorted (middle = the sum less the other two).
    points     = the category, on hand_categories' scale (001):
                 3 'Three of a Kind' (one value), 1 'One Pair' (two values),
                 0 'High Card' (three values).
    front_rank = a number that orders the fronts: the category first, then
                 the values that decide within it, each a digit in base 15:
                   three of a kind: the value;
                   a pair: the pair's value (always the middle one), then the kicker;
                   high card: high, middle, low.
                 Two fronts of equal front_rank tie.

  chinese_front_frequencies: one row per category the front can hold (3 rows):
    how many of the 22,100 fronts hold it (category_frequencies_of, 009); what
    `pokersql freq --game chinese-front` sets beside the exact counts.

  Arranging 13 cards (`pokersql arrange`, docs/games-chinese.md): every setting, its fouls
  and its objective.

  five_card_odds: one row per hand_rank (7,462 rows): how many of the 2,598,960
    five-card hands of `hands` (008) hold it (hands), how many rank below it
    (beats) and above it (loses_to): what a middle or a back of that rank wins and
    loses against a random five-card hand.
  chinese_front_odds: one row per front_rank (455 rows), the same over the 22,100
    fronts (fronts, beats, loses_to); front_hand_rank numbers them as hand_rank
    numbers five-card hands: 1 = A-A-A, 455 = 4-3-2.

  chinese_settings: one row per setting of each 13-card hand of hand_input (004),
    72,072 a hand: a front of three of its cards (286 ways), a middle of five of
    the other ten (252 ways), the last five the back.
      hand_cards  the hand's cards, with what a hand is evaluated by (001);
      hand_masks  the hand as a set of cards: its cards' card_bit summed;
      fronts      every three of its cards (286), ranked by chinese_fronts, with
                  the cards they leave (rest_mask);
      five_cards  every five of its cards (1,287), as a set of cards (card_mask,
                  their card_bit or-ed), their values summed (rank_key) and
                  whether one suit holds all five (is_flush);
      fives       each ranked by hand_classes (006) on that key, and also as the
                  front is ranked (front_key: the category, then its first values,
                  in front_rank's digits: the value of three of a kind; a pair's
                  value and the highest kicker; the three highest values);
      settings    a front, a middle of five of the cards it leaves, and the back:
                  the five left, found by their card_mask.
    fouls = 1 unless back >= middle >= front (docs/games-chinese.md): the back's hand_rank
      above the middle's, or the middle's front_key below the front's front_rank
      (a middle whose first values equal the front's is not below it: its two
      more cards count above the front's missing ones).
    The objective: each row's points against the same row of a random opponent,
      P(win) - P(lose) = (beats - loses_to) / the hands of its size, summed over
      the three rows: expected_points (no scoop bonus; the opponent's rows each a
      random hand from a full deck: the 13 cards not taken out). score is that
      times 12,994,800, the least common multiple of 22,100 and 2,598,960: a whole
      number, so that equal settings tie exactly. A fouled setting loses all
      three rows: -3.
    all_settings and legal_settings: the hand's settings, and those that do not foul.

  chinese_arrangements: the legal settings of each hand, ranked: place 1 = the
    best score (equal scores share a place); setting_no numbers them in that
    order, equal scores by their cards (front_mask, then middle_mask).
*/

create view chinese_fronts as
with three_cards as (
    select
        first.card_id as first_card,
        second.card_id as second_card,
        third.card_id as third_card,
        greatest(first.value, second.value, third.value) as high,
        least(first.value, second.value, third.value) as low,
        first.value + second.value + third.value as value_sum,
        (case when first.value = second.value then 0 else 1 end)
            + (case when first.value = third.value or second.value = third.value then 0 else 1 end)
            + 1 as distinct_values
    from cards as first
    join cards as second on second.card_id > first.card_id
    join cards as third on third.card_id > second.card_id
),
sorted as (
    select
        first_card, second_card, third_card,
        high, value_sum - high - low as middle, low,
        case distinct_values when 1 then 3 when 2 then 1 else 0 end as points
    from three_cards
)
select
    first_card, second_card, third_card,
    high, middle, low,
    points,
    points * 3375
        + case points
            when 3 then high * 225
            when 1 then middle * 225 + (high + low - middle) * 15
            else high * 225 + middle * 15 + low
          end as front_rank
from sorted;

create view chinese_front_frequencies as
with
    ranked_fronts as (
        select points, front_rank as hand_rank
        from chinese_fronts
    )
-- the categories a front of three cards makes (high card, pair, three of a kind)
select *
from category_frequencies_of('ranked_fronts')
where hands > 0;

create view five_card_odds as
with rank_counts as (
    select
        hand_rank,
        count(*) as hands
    from hands
    group by hand_rank
),
at_or_above as (
    select
        hand_rank,
        hands,
        sum(hands) over (order by hand_rank) as hands_at_or_above,
        sum(hands) over () as all_hands
    from rank_counts
)
select
    hand_rank,
    hands,
    all_hands - hands_at_or_above as beats,
    hands_at_or_above - hands as loses_to,
    all_hands
from at_or_above;

create view chinese_front_odds as
with rank_counts as (
    select
        front_rank,
        count(*) as fronts
    from chinese_fronts
    group by front_rank
),
at_or_below as (
    select
        front_rank,
        fronts,
        sum(fronts) over (order by front_rank) as fronts_at_or_below,
        sum(fronts) over () as all_fronts,
        rank() over (order by front_rank desc) as front_hand_rank
    from rank_counts
)
select
    front_rank,
    front_hand_rank,
    fronts,
    fronts_at_or_below - fronts as beats,
    all_fronts - fronts_at_or_below as loses_to,
    all_fronts
from at_or_below;

create view chinese_settings as
with
    hand_cards as (
        select
            hand_input.hand_no,
            cards.card_id,
            cards.card_bit,
            cards.rank_code,
            cards.suit_index
        from hand_input
        inner join cards
            on cards.card_id = hand_input.card_id
    ),
    hand_masks as (
        select
            hand_no,
            cast(sum(card_bit) as bigint) as hand_mask
        from hand_cards
        group by hand_no
    ),
    -- materialized for SQLite, and each a cross join in this order: its planner began
    -- with the lookups (a scan of them for every five) and searched the cards by hand only.
    fronts as materialized (
        select
            card_1.hand_no,
            card_1.card_id as front_1,
            card_2.card_id as front_2,
            card_3.card_id as front_3,
            card_1.card_bit | card_2.card_bit | card_3.card_bit as front_mask,
            hand_masks.hand_mask - (card_1.card_bit | card_2.card_bit | card_3.card_bit) as rest_mask,
            front.points as front_points,
            front.front_rank,
            front_odds.front_hand_rank,
            front_odds.beats as front_beats,
            front_odds.loses_to as front_loses_to
        from hand_masks
        cross join hand_cards as card_1
        cross join hand_cards as card_2
        cross join hand_cards as card_3
        cross join chinese_fronts as front
        cross join chinese_front_odds as front_odds
        where card_1.hand_no = hand_masks.hand_no
            and card_2.hand_no = hand_masks.hand_no
            and card_3.hand_no = hand_masks.hand_no
            and card_2.card_id > card_1.card_id
            and card_3.card_id > card_2.card_id
            and front.first_card = card_1.card_id
            and front.second_card = card_2.card_id
            and front.third_card = card_3.card_id
            and front_odds.front_rank = front.front_rank
    ),
    five_cards as materialized (
        select
            card_1.hand_no,
            card_1.card_id as five_1,
            card_2.card_id as five_2,
            card_3.card_id as five_3,
            card_4.card_id as five_4,
            card_5.card_id as five_5,
            card_1.card_bit | card_2.card_bit | card_3.card_bit | card_4.card_bit | card_5.card_bit as card_mask,
            card_1.rank_code + card_2.rank_code + card_3.rank_code + card_4.rank_code + card_5.rank_code as rank_key,
            case
                when card_1.suit_index = card_2.suit_index and card_1.suit_index = card_3.suit_index
                    and card_1.suit_index = card_4.suit_index and card_1.suit_index = card_5.suit_index
                    then 1
                else 0
            end as is_flush
        from hand_cards as card_1
        cross join hand_cards as card_2
        cross join hand_cards as card_3
        cross join hand_cards as card_4
        cross join hand_cards as card_5
        where card_2.hand_no = card_1.hand_no
            and card_3.hand_no = card_1.hand_no
            and card_4.hand_no = card_1.hand_no
            and card_5.hand_no = card_1.hand_no
            and card_2.card_id > card_1.card_id
            and card_3.card_id > card_2.card_id
            and card_4.card_id > card_3.card_id
            and card_5.card_id > card_4.card_id
    ),
    fives as materialized (
        select
            five_cards.*,
            classes.hand_rank,
            classes.points,
            classes.points * 3375
                + classes.kicker_1 * 225
                + case when classes.points = 3 then 0 else classes.kicker_2 * 15 end
                + case when classes.points = 0 then classes.kicker_3 else 0 end as front_key,
            odds.beats,
            odds.loses_to
        from five_cards
        cross join hand_classes as classes
        cross join five_card_odds as odds
        where classes.rank_key = five_cards.rank_key
            and classes.is_flush = five_cards.is_flush
            and odds.hand_rank = classes.hand_rank
    ),
    settings as (
        select
            fronts.hand_no,
            fronts.front_1, fronts.front_2, fronts.front_3,
            middles.five_1 as middle_1, middles.five_2 as middle_2, middles.five_3 as middle_3,
            middles.five_4 as middle_4, middles.five_5 as middle_5,
            backs.five_1 as back_1, backs.five_2 as back_2, backs.five_3 as back_3,
            backs.five_4 as back_4, backs.five_5 as back_5,
            fronts.front_mask,
            middles.card_mask as middle_mask,
            fronts.front_points,
            fronts.front_rank,
            fronts.front_hand_rank,
            middles.points as middle_points,
            middles.hand_rank as middle_hand_rank,
            backs.points as back_points,
            backs.hand_rank as back_hand_rank,
            fronts.front_beats,
            fronts.front_loses_to,
            middles.beats as middle_beats,
            middles.loses_to as middle_loses_to,
            backs.beats as back_beats,
            backs.loses_to as back_loses_to,
            case
                when backs.hand_rank > middles.hand_rank then 1
                when middles.front_key < fronts.front_rank then 1
                else 0
            end as fouls
        -- SQLite: a cross join keeps this order, each front, then each middle of the cards
        -- it leaves, then the back: the five cards left, found by their mask
        from fronts
        cross join fives as middles
        cross join fives as backs
        where middles.hand_no = fronts.hand_no
            and middles.card_mask & fronts.rest_mask = middles.card_mask
            and backs.hand_no = fronts.hand_no
            and backs.card_mask = fronts.rest_mask - middles.card_mask
    ),
    scored as (
        select
            settings.*,
            case
                when fouls = 1 then -3 * 12994800
                else (front_beats - front_loses_to) * 588
                    + (middle_beats - middle_loses_to + back_beats - back_loses_to) * 5
            end as score
        from settings
    )
select
    scored.*,
    cast(score as double) / 12994800 as expected_points,
    count(*) over (partition by hand_no) as all_settings,
    sum(1 - fouls) over (partition by hand_no) as legal_settings
from scored;

create view chinese_arrangements as
select
    chinese_settings.*,
    rank() over (partition by hand_no order by score desc) as place,
    row_number() over (partition by hand_no order by score desc, front_mask, middle_mask) as setting_no
from chinese_settings
where fouls = 0;
