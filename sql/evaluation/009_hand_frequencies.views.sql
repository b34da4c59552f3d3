/*
  category_frequencies_of(ranked_rows): a table macro, one row per category (10 rows): how
  many rows of the relation named (one hand a row: points, hand_rank) it holds (0: none), and
  how many distinct hand_ranks. five_card_frequencies and chinese_front_frequencies (048) read it.
  five_card_frequencies: the 2,598,960 rows of hands (008) by category; what `pokersql freq`
  sets beside the exact counts.
*/

create macro category_frequencies_of(ranked_rows) as table
select
    hand_categories.points,
    hand_categories.category,
    count(ranked.points) as hands,
    count(distinct ranked.hand_rank) as distinct_ranks
from hand_categories
left join query_table(ranked_rows) as ranked
    on ranked.points = hand_categories.points
group by hand_categories.points, hand_categories.category;

create view five_card_frequencies as
select * from category_frequencies_of('hands');
