/*
  Audit: every player of an imported hand of a game history_game_names (061) names whose
  winnings, computed from the actions and the cards alone under the hand's own game
  (history_game_payouts, 062: Omaha's two hole cards, a hi-lo pot's halves, razz's low, the
  odd chips), differ from what the history says the player collected, by more than the
  hand's rake and the chips the site put in itself (site_added, 057), as
  history_collected_matches_the_pots.sql audits Hold'em's. A player who cashed out the hand
  (cash_out, 043) was paid by the site, not by the pots, and is not audited; nor is a hand
  whose history does not say what each collected. No rows: every pot is paid as the history
  paid it.
*/
select results.site, results.hand_id, results.seat, results.player, results.collected, payouts.won, hands.rake
from history_game_payouts as payouts
inner join history_results as results
    on results.site = payouts.site and results.hand_id = payouts.hand_id and results.seat = payouts.seat
inner join history_hands as hands
    on hands.site = payouts.site and hands.hand_id = payouts.hand_id
where results.collected is not null
    and results.cash_out is null
    -- to the cent: SQLite's amounts are floating point (0.67 - 0.64 is more than 0.03 there)
    and round(abs(payouts.won - results.collected), 2) > round(coalesce(hands.rake, 0) + coalesce(hands.site_added, 0), 2)
order by results.site, results.hand_id, results.seat;
