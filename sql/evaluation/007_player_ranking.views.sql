/*
  Ranking the players, the article's last stages.

  hand_values: one row per hand, evaluated by its key alone: the hand's values
    (the sum of rank_code) and whether it is a flush, looked up in hand_classes.
    The same answer as the pipeline, with no window functions: the fast path
    for many deals at once.
  player_ranking: one row per player per deal, with every kicker, hand_rank and
    place (1 = best); players whose hands tie share a place.
  poker_table: one row per player per deal, the article's final view: the five
    cards (largest group first), the hand, the place and the result, a pot
    split between tied winners.
  deal_frequencies: one row per category (10 rows): how many of the dealt hands
    (deal_no >= 1) it holds, zero included; what simulate counts.
*/

create view hand_values as
with
    hand_keys as (
        select
            hand_cards.deal_no,
            hand_cards.player,
            count(*) as card_count,
            cast(sum(cards.rank_code) as bigint) as rank_key,
            case when min(cards.suit_index) = max(cards.suit_index) then 1 else 0 end as is_flush
        from hand_cards
        inner join cards
            on cards.card_id = hand_cards.card_id
        group by hand_cards.deal_no, hand_cards.player
    )
select
    hand_keys.deal_no,
    hand_keys.player,
    hand_keys.card_count,
    hand_classes.points,
    hand_classes.category,
    hand_classes.hand_rank
from hand_keys
inner join hand_classes
    on hand_classes.rank_key = hand_keys.rank_key
    and hand_classes.is_flush = hand_keys.is_flush;

create view player_ranking as
select
    hand_points.deal_no,
    hand_points.player,
    hand_points.points,
    hand_points.category,
    hand_points.kicker_1,
    hand_points.kicker_2,
    hand_points.kicker_3,
    hand_points.kicker_4,
    hand_points.kicker_5,
    hand_classes.hand_rank,
    rank() over (
        partition by hand_points.deal_no
        order by hand_points.points desc, hand_points.kicker_1 desc,
            hand_points.kicker_2 desc, hand_points.kicker_3 desc,
            hand_points.kicker_4 desc, hand_points.kicker_5 desc
    ) as place
from hand_points
inner join hand_classes
    on hand_classes.rank_key = hand_points.rank_key
    and hand_classes.is_flush = hand_points.is_flush;

create view poker_table as
with
    ordered_cards as (
        select
            hand_evaluation_4.deal_no,
            hand_evaluation_4.player,
            cards.name,
            cards.pretty,
            row_number() over (
                partition by hand_evaluation_4.deal_no, hand_evaluation_4.player
                order by hand_evaluation_4.group_no, cards.suit_index desc
            ) as card_order
        from hand_evaluation_4
        inner join cards
            on cards.card_id = hand_evaluation_4.card_id
    ),
    pivoted as (
        select
            deal_no,
            player,
            max(case when card_order = 1 then pretty end) as card_1,
            max(case when card_order = 2 then pretty end) as card_2,
            max(case when card_order = 3 then pretty end) as card_3,
            max(case when card_order = 4 then pretty end) as card_4,
            max(case when card_order = 5 then pretty end) as card_5,
            max(case when card_order = 1 then name end)
                || ' ' || max(case when card_order = 2 then name end)
                || ' ' || max(case when card_order = 3 then name end)
                || ' ' || max(case when card_order = 4 then name end)
                || ' ' || max(case when card_order = 5 then name end) as cards
        from ordered_cards
        group by deal_no, player
    ),
    -- How many share first place, counted beside each player: player_ranking is read once.
    ranked as (
        select
            deal_no,
            player,
            category,
            points,
            hand_rank,
            place,
            count(case when place = 1 then 1 end) over (partition by deal_no) as winner_count
        from player_ranking
    )
select
    pivoted.deal_no,
    pivoted.player,
    pivoted.card_1,
    pivoted.card_2,
    pivoted.card_3,
    pivoted.card_4,
    pivoted.card_5,
    pivoted.cards,
    ranked.category,
    ranked.points,
    ranked.hand_rank,
    ranked.place,
    case
        when ranked.place > 1 then ''
        when ranked.winner_count = 1 then 'wins'
        else 'splits the pot ' || ranked.winner_count || ' ways'
    end as result
from pivoted
inner join ranked
    on ranked.deal_no = pivoted.deal_no
    and ranked.player = pivoted.player;

create view deal_frequencies as
with
    dealt_hands as (
        select
            points
        from hand_values
        where deal_no > 0
    )
select
    hand_categories.points,
    hand_categories.category,
    count(dealt_hands.points) as hands
from hand_categories
left join dealt_hands
    on dealt_hands.points = hand_categories.points
group by hand_categories.points, hand_categories.category;
