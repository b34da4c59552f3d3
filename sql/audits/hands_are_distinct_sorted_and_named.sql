/*
  Audit: rows of hands that are not five distinct cards in ascending order, that
  stand more than once, or whose text is not the names of c1..c5 in that order.
*/
with
    repeated as (
        select c1, c2, c3, c4, c5
        from hands
        group by c1, c2, c3, c4, c5
        having count(*) > 1
    )
select hands.c1, hands.c2, hands.c3, hands.c4, hands.c5, hands.cards, 'not five ascending card ids' as problem
from hands
where not (hands.c1 >= 0 and hands.c1 < hands.c2 and hands.c2 < hands.c3 and hands.c3 < hands.c4
    and hands.c4 < hands.c5 and hands.c5 <= 51)
union all
select c1, c2, c3, c4, c5, null, 'more than one row'
from repeated
union all
select hands.c1, hands.c2, hands.c3, hands.c4, hands.c5, hands.cards, 'text is not the cards'' names'
from hands
inner join cards as card_1 on card_1.card_id = hands.c1
inner join cards as card_2 on card_2.card_id = hands.c2
inner join cards as card_3 on card_3.card_id = hands.c3
inner join cards as card_4 on card_4.card_id = hands.c4
inner join cards as card_5 on card_5.card_id = hands.c5
where hands.cards <> card_1.name || ' ' || card_2.name || ' ' || card_3.name
    || ' ' || card_4.name || ' ' || card_5.name;
