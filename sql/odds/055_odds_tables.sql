/*
  The lookups of `pokersql odds` (docs/ranges.md#how-often-odds): what a hand's values
  hold, and the permutations of the suits.

  value_sets: one row per set of values (8,192 rows), value_mask its 13 bits (value_bit,
    001: bit 0 the deuce, bit 12 the ace).
    values_held   = how many values the set holds.
    top_value     = the highest, null for the empty set.
    straight      = 1 when the set holds five values in a row (A-2-3-4-5 too), else 0.
    straight_outs = the values not in the set that would give it five in a row, as
                    13 bits (0 when it holds a straight already, or none would).
  card_permutations: one row per permutation of the four suits per card (24 x 52 rows):
    the card (card_id) and the card of the same value in the suit it maps to (to_card).
    The identity is permutation 1 (the permutations numbered in the order of the suits
    each maps c, d, h, s to).
*/

create table value_sets (
    value_mask integer primary key,
    values_held integer not null,
    top_value integer,
    straight integer not null,
    straight_outs integer not null
);

insert into value_sets (value_mask, values_held, top_value, straight, straight_outs)
with
    sixteen (n) as (
        values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15)
    ),
    masks as (
        select low.n + 16 * middle.n + 256 * high.n + 4096 * top.n as value_mask
        from sixteen as low
        cross join sixteen as middle
        cross join sixteen as high
        cross join sixteen as top
        where top.n < 2
    ),
    -- five values in a row: 6-high (bits 0 to 4) up to the ace-high (bits 8 to 12), and the wheel
    straight_windows (window_mask) as (
        values (31), (62), (124), (248), (496), (992), (1984), (3968), (7936), (4111)
    ),
    straights as (
        select distinct masks.value_mask
        from masks
        inner join straight_windows
            on masks.value_mask & straight_windows.window_mask = straight_windows.window_mask
    ),
    flagged as (
        select
            masks.value_mask,
            case when masks.value_mask in (select value_mask from straights) then 1 else 0 end as straight
        from masks
    )
select
    flagged.value_mask,
    sum(case when flagged.value_mask & card_values.value_bit <> 0 then 1 else 0 end) as values_held,
    max(case when flagged.value_mask & card_values.value_bit <> 0 then card_values.value end) as top_value,
    max(flagged.straight) as straight,
    sum(
        case
            when flagged.straight = 0
                and flagged.value_mask & card_values.value_bit = 0
                and flagged.value_mask + card_values.value_bit in (select value_mask from straights)
                then card_values.value_bit
            else 0
        end
    ) as straight_outs
from flagged
cross join card_values
group by flagged.value_mask
order by flagged.value_mask;

create table card_permutations (
    permutation integer not null,
    card_id integer not null references cards (card_id),
    to_card integer not null references cards (card_id),
    primary key (permutation, card_id)
);

insert into card_permutations (permutation, card_id, to_card)
with
    suits (suit_index) as (
        values (0), (1), (2), (3)
    ),
    permutations as (
        select
            row_number() over (order by c.suit_index, d.suit_index, h.suit_index, s.suit_index) as permutation,
            c.suit_index as to_c,
            d.suit_index as to_d,
            h.suit_index as to_h,
            s.suit_index as to_s
        from suits as c
        cross join suits as d
        cross join suits as h
        cross join suits as s
        where c.suit_index not in (d.suit_index, h.suit_index, s.suit_index)
            and d.suit_index not in (h.suit_index, s.suit_index)
            and h.suit_index <> s.suit_index
    )
select
    permutations.permutation,
    cards.card_id,
    cards.card_id - cards.suit_index + case cards.suit_index
        when 0 then permutations.to_c
        when 1 then permutations.to_d
        when 2 then permutations.to_h
        else permutations.to_s
    end as to_card
from permutations
cross join cards
order by permutations.permutation, cards.card_id;
