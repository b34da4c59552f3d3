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
    how many of the 22,100 fronts hold it; what `pokersql freq --game
    chinese-front` sets beside the exact counts.
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
select
    hand_categories.points,
    hand_categories.category,
    count(chinese_fronts.points) as hands,
    count(distinct chinese_fronts.front_rank) as distinct_ranks
from hand_categories
join chinese_fronts
    on chinese_fronts.points = hand_categories.points
group by hand_categories.points, hand_categories.category;
