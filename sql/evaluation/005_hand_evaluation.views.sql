/*
  Hand evaluation: the 2010 article's HandEvaluation1..7, one view per stage,
  each adding one thing to the one before. The grain is one row per card of
  a hand until hand_evaluation_5, then one row per hand.

  Hands come from two places, both read through hand_cards:
    - dealt_cards (003): the players' hands of every deal (deal_no >= 1);
    - hand_input (004): any hands you type in yourself, as deal_no 0.

  hand_evaluation_1  dense ranks of the values and the suits within the hand
  hand_evaluation_2  groups: how many cards share each card's value, and suit
  hand_evaluation_3  the hand's shape: distinct values, distinct suits, the
                     wheel (A-2-3-4-5, where the ace plays as 1)
  hand_evaluation_4  group order: the largest group first, higher values first
                     among groups of the same size
  hand_evaluation_5  one row per hand: the value and size of the largest and
                     the second group, the lone cards' values, flush and straight
  hand_evaluation_6  the kickers that break ties: every group's value in group
                     order, 0 where the hand has fewer groups
  hand_evaluation_7  hand points 0..9 (the article's HandPoints)
  hand_points        points with their category and the hand's values key
*/

create view hand_cards as
select
    deal_no,
    player,
    card_id
from dealt_cards
union all
select
    0 as deal_no,
    hand_no as player,
    card_id
from hand_input;

create view hand_evaluation_1 as
select
    hand_cards.deal_no,
    hand_cards.player,
    hand_cards.card_id,
    cards.value,
    cards.suit_char,
    cards.rank_code,
    dense_rank() over (
        partition by hand_cards.deal_no, hand_cards.player
        order by cards.value desc
    ) as value_rank,
    dense_rank() over (
        partition by hand_cards.deal_no, hand_cards.player
        order by cards.suit_char
    ) as suit_rank
from hand_cards
inner join cards
    on cards.card_id = hand_cards.card_id;

create view hand_evaluation_2 as
select
    hand_evaluation_1.*,
    count(*) over (partition by deal_no, player, value) as group_size,
    count(*) over (partition by deal_no, player, suit_char) as suit_size
from hand_evaluation_1;

create view hand_evaluation_3 as
with
    shape as (
        select
            hand_evaluation_2.*,
            max(value_rank) over (partition by deal_no, player) as distinct_values,
            max(suit_rank) over (partition by deal_no, player) as distinct_suits,
            max(value) over (partition by deal_no, player) as high_value,
            min(value) over (partition by deal_no, player) as low_value,
            sum(value) over (partition by deal_no, player) as value_total
        from hand_evaluation_2
    )
select
    deal_no,
    player,
    card_id,
    value,
    suit_char,
    rank_code,
    group_size,
    suit_size,
    distinct_values,
    distinct_suits,
    high_value,
    low_value,
    -- A-5-4-3-2 are five distinct values adding up to 14 + 5 + 4 + 3 + 2.
    case
        when distinct_values = 5 and high_value = 14 and value_total = 28 then 1
        else 0
    end as is_wheel,
    case
        when distinct_values = 5 and high_value = 14 and value_total = 28 and value = 14
            then 1
        else value
    end as play_value
from shape;

create view hand_evaluation_4 as
select
    hand_evaluation_3.*,
    dense_rank() over (
        partition by deal_no, player
        order by group_size desc, play_value desc
    ) as group_no
from hand_evaluation_3;

create view hand_evaluation_5 as
select
    deal_no,
    player,
    count(*) as card_count,
    cast(sum(rank_code) as bigint) as rank_key,
    max(case when distinct_suits = 1 then 1 else 0 end) as is_flush,
    max(
        case
            when distinct_values = 5 and (high_value - low_value = 4 or is_wheel = 1) then 1
            else 0
        end
    ) as is_straight,
    max(case when group_no = 1 then play_value end) as first_group_value,
    max(case when group_no = 1 then group_size end) as first_group_size,
    max(case when group_no = 2 then play_value end) as second_group_value,
    max(case when group_no = 2 then group_size end) as second_group_size,
    max(case when group_no = 3 then play_value end) as third_group_value,
    max(case when group_no = 4 then play_value end) as fourth_group_value,
    max(case when group_no = 5 then play_value end) as fifth_group_value
from hand_evaluation_4
group by deal_no, player;

create view hand_evaluation_6 as
select
    deal_no,
    player,
    card_count,
    rank_key,
    is_flush,
    is_straight,
    first_group_value,
    first_group_size,
    coalesce(second_group_value, 0) as second_group_value,
    coalesce(second_group_size, 0) as second_group_size,
    coalesce(third_group_value, 0) as third_group_value,
    coalesce(fourth_group_value, 0) as fourth_group_value,
    coalesce(fifth_group_value, 0) as fifth_group_value
from hand_evaluation_5;

create view hand_evaluation_7 as
select
    hand_evaluation_6.*,
    case
        when is_straight = 1 and is_flush = 1 and first_group_value = 14 then 9
        when is_straight = 1 and is_flush = 1 then 8
        when first_group_size = 4 then 7
        when first_group_size = 3 and second_group_size = 2 then 6
        when is_flush = 1 then 5
        when is_straight = 1 then 4
        when first_group_size = 3 then 3
        when first_group_size = 2 and second_group_size = 2 then 2
        when first_group_size = 2 then 1
        else 0
    end as points
from hand_evaluation_6;

create view hand_points as
select
    evaluation.deal_no,
    evaluation.player,
    evaluation.card_count,
    evaluation.points,
    hand_categories.category,
    evaluation.first_group_value as kicker_1,
    evaluation.second_group_value as kicker_2,
    evaluation.third_group_value as kicker_3,
    evaluation.fourth_group_value as kicker_4,
    evaluation.fifth_group_value as kicker_5,
    evaluation.rank_key,
    evaluation.is_flush
from hand_evaluation_7 as evaluation
inner join hand_categories
    on hand_categories.points = evaluation.points;
