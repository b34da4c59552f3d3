/*
  Audit: hand classes whose number of rows in hands (the 2,598,960 hands dealt
  one by one, 008) differs from their weight in suit_reduced_five (counted by
  combinatorics, without dealing, 012). No rows: the two agree class by class,
  and so on every category count.
*/
with
    dealt as (
        select
            hand_rank,
            count(*) as hands
        from hands
        group by hand_rank
    )
select
    suit_reduced_five.hand_rank,
    suit_reduced_five.category,
    suit_reduced_five.weight,
    dealt.hands
from suit_reduced_five
left join dealt
    on dealt.hand_rank = suit_reduced_five.hand_rank
where dealt.hands is null
    or dealt.hands <> suit_reduced_five.weight
union all
select
    dealt.hand_rank,
    null,
    null,
    dealt.hands
from dealt
left join suit_reduced_five
    on suit_reduced_five.hand_rank = dealt.hand_rank
where suit_reduced_five.hand_rank is null;
