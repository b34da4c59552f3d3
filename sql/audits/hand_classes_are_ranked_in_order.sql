/*
  Audit: hand classes out of order. hand_rank must run 1..7462 with no gap,
  every class of a better category ranking before every class of a worse one,
  and hands holds each rank with the class's points and category.
*/
with
    category_ranges as (
        select
            points,
            min(hand_rank) as best_rank,
            max(hand_rank) as worst_rank
        from hand_classes
        group by points
    )
select
    'a gap or a repeat in hand_rank' as problem,
    count(*) as classes,
    min(hand_rank) as low,
    max(hand_rank) as high
from hand_classes
having count(*) <> 7462
    or count(distinct hand_rank) <> 7462
    or min(hand_rank) <> 1
    or max(hand_rank) <> 7462
union all
select
    'categories overlap',
    better.points,
    better.worst_rank,
    worse.best_rank
from category_ranges as better
inner join category_ranges as worse
    on worse.points < better.points
where worse.best_rank <= better.worst_rank
union all
select distinct
    'hands disagree with hand_classes',
    hands.hand_rank,
    hands.points,
    hand_classes.points
from hands
inner join hand_classes
    on hand_classes.hand_rank = hands.hand_rank
where hands.points <> hand_classes.points
    or hands.category <> hand_classes.category;
