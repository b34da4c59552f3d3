/* The next street of ranges (equity --next-street with a range), as street_equity (017) is
   for known hands: each deal of range_deal_hands (018) with each card that can come next
   and, on a flop, each river after it (street_runouts, 017), if they miss the deal's cards
   (the deal's cards miss the board: range_combos, 018).
   range_street_hands: one row per runout per seat, as equity_of (017) reads it: the next card
     and the river (tally: next_card * 64 + the river's card_id, 63 on a turn), the deal
     (runout), its weight, the seat (player) and its seven cards summed.
   range_street_equity: one row per player per next card: runouts (the deals that miss it
     times the rivers after it, weighed), wins, ties, pot_shares (in 2520ths) and equity,
     each next card tallied alone (range_totals_of, 018); leads is 1 when the player's
     equity after that card is the best at the table, alone or shared: a range holds no one
     hand to lead with, so its outs are the cards that make it the favourite. */
create view range_street_hands as
select
    street_runouts.next_card * 64 + coalesce(street_runouts.river_card, 63) as tally,
    range_deal_hands.deal_no as runout,
    range_deal_hands.weight,
    range_deal_hands.seat as player,
    street_runouts.final_rank_key + range_deal_hands.rank_key as rank_key,
    street_runouts.final_suit_counts + range_deal_hands.suit_counts as suit_counts,
    street_runouts.final_card_mask + range_deal_hands.combo_mask as card_mask
from range_deal_hands
inner join street_runouts
    on street_runouts.final_card_mask & range_deal_hands.used_mask = 0;

create view range_street_equity as
with
    card_rows as (select tally // 64 as part, * from equity_of('range_street_hands'))
select
    card_totals.part as next_card,
    card_totals.player,
    card_totals.runouts,
    card_totals.wins,
    card_totals.ties,
    card_totals.pot_shares,
    card_totals.equity,
    -- A next card's deals hold every seat, so its players' runouts are the same: the most
    -- pot shares is the best equity.
    case
        when card_totals.pot_shares = max(card_totals.pot_shares) over (partition by card_totals.part) then 1
        else 0
    end as leads
from range_totals_of('card_rows') as card_totals;
