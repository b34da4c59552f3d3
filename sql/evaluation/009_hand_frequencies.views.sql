/*
  five_card_frequencies: one row per category (10 rows): how many of the
  2,598,960 rows of hands (008) it holds, and how many distinct hand_ranks;
  what `pokersql freq` sets beside the exact counts.
*/

create view five_card_frequencies as
select
    hand_categories.points,
    hand_categories.category,
    count(hands.points) as hands,
    count(distinct hands.hand_rank) as distinct_ranks
from hand_categories
left join hands
    on hands.points = hand_categories.points
group by hand_categories.points, hand_categories.category;
