/*
  Audit: rows of flush_suits (001) that say the wrong thing of their suit counts:
  each suit's count is 3 bits of suit_counts; flush_bits must be 8191 exactly when
  a suit holds five or more, flush_shift 13 times that suit, three_suit the first
  suit holding three or more. And every suit count of up to seven cards is there.
*/
with
    counted as (
        select
            suit_counts,
            card_count,
            flush_shift,
            flush_bits,
            three_suit,
            suit_counts & 7 as clubs,
            (suit_counts >> 3) & 7 as diamonds,
            (suit_counts >> 6) & 7 as hearts,
            (suit_counts >> 9) & 7 as spades
        from flush_suits
    )
select
    suit_counts,
    'wrong' as problem
from counted
where card_count <> clubs + diamonds + hearts + spades
    or suit_counts >= 4096
    or flush_bits <> case
        when clubs >= 5 or diamonds >= 5 or hearts >= 5 or spades >= 5 then 8191
        else 0
    end
    or (flush_bits = 8191 and not (
        (flush_shift = 0 and clubs >= 5) or (flush_shift = 13 and diamonds >= 5)
        or (flush_shift = 26 and hearts >= 5) or (flush_shift = 39 and spades >= 5)))
    or coalesce(three_suit, -1) <> case
        when clubs >= 3 then 0
        when diamonds >= 3 then 1
        when hearts >= 3 then 2
        when spades >= 3 then 3
        else -1
    end
union all
select
    count(*),
    'not the 330 suit counts of up to seven cards'
from flush_suits
having count(*) <> 330;
