/*
  Audit: every player of an imported hand (028) whose winnings, computed from the actions and
  the cards alone (history_payouts, 030: the pots, the showdowns, splits and odd chips), differ
  from what the history says the player collected, by more than the hand's rake (what the house
  takes is the history's, not the pots') and the chips the site put in itself (site_added, 057:
  Run It Once's STP, GGPoker's Cash Drop, which the winner collects beside the pots). A hand
  whose history does not say what each collected (PHH without winnings) is not audited; nor is a
  hand of two boards (043: run twice, Split Hold'em), which 030 does not rank: 062's
  history_game_payouts pays it on each board, and history_game_collected_matches_the_pots.sql
  audits it. No rows: every pot is paid as the history paid it.
*/
select results.site, results.hand_id, results.seat, results.player, results.collected, payouts.won, hands.rake
from history_results as results
left join history_hands as hands
    on hands.site = results.site and hands.hand_id = results.hand_id
left join history_payouts as payouts
    on payouts.site = results.site and payouts.hand_id = results.hand_id and payouts.seat = results.seat
where results.collected is not null
    and not exists (
        select 1
        from history_board as board
        where board.site = results.site and board.hand_id = results.hand_id and board.board_no > 1
    )
    and abs(coalesce(payouts.won, 0) - results.collected) > coalesce(hands.rake, 0) + coalesce(hands.site_added, 0)
order by results.site, results.hand_id, results.seat;
