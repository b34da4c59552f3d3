/*
  Street by street: with a flop or a turn on the table (board_input) and the players' known
  hands (hand_input, known_holes of 015), what the next card does to each player. Every
  card still in the deck (equity_deck) can come next; on a flop, every other card can then
  come on the river. Nothing here depends on deal_settings: the work is small (a flop and
  two players: 45 turns, 1,980 turn-and-river runouts).

  street_runouts: one row per next card and, on a flop, per river after it (null on a
    turn): the codes of the board with the next card (next_*), and of the final board
    (final_*, the same on a turn).
  street_hands: one row per player per next card: the hand_rank of the player's hand with
    the board and that card (6 cards on a flop, 7 on a turn).
  street_final_hands: one row per runout per player, as equity_of (015) reads it: the next
    card (tally), the river (runout; -1 on a turn), and the player's seven cards summed.
  street_equity: one row per player and next card:
    runouts     the boards that can follow that card (44 on a flop, 1 on a turn);
    wins, ties  of those, the ones the player wins alone, and splits;
    pot_shares, equity  as in equity (015): the share of the pot, in 2520ths and as a fraction,
                each next card tallied alone (equity_of, 015);
    hand_rank   the player's hand_rank once the next card is dealt;
    leads       1 when that hand is the best at the table, alone or shared: the next cards
                where a player leads are that player's outs.
*/

create view street_runouts as
select
    next_card.card_id as next_card,
    river.card_id as river_card,
    board_so_far.rank_key + next_card.rank_code as next_rank_key,
    board_so_far.suit_counts + next_card.suit_code as next_suit_counts,
    board_so_far.card_mask + next_card.card_bit as next_card_mask,
    board_so_far.rank_key + next_card.rank_code + coalesce(river.rank_code, 0) as final_rank_key,
    board_so_far.suit_counts + next_card.suit_code + coalesce(river.suit_code, 0) as final_suit_counts,
    board_so_far.card_mask + next_card.card_bit + coalesce(river.card_bit, 0) as final_card_mask
from board_so_far
cross join equity_deck as next_card
left join equity_deck as river
    on board_so_far.board_size = 3
    and river.card_id <> next_card.card_id
where board_so_far.board_size in (3, 4);

create view street_hands as
with
    next_boards as (
        select distinct
            next_card,
            next_rank_key,
            next_suit_counts,
            next_card_mask
        from street_runouts
    ),
    next_hands as (
        select
            next_boards.next_card,
            known_holes.player,
            known_holes.rank_key + next_boards.next_rank_key as rank_key,
            known_holes.suit_counts + next_boards.next_suit_counts as suit_counts,
            known_holes.card_mask + next_boards.next_card_mask as card_mask
        from next_boards
        cross join known_holes
    )
-- The lookup of best_hands (011): the values' best five, or the flush suit's.
select
    next_card,
    player,
    hand_rank
from card_sum_ranks('next_hands');

create view street_final_hands as
select
    street_runouts.next_card as tally,
    coalesce(street_runouts.river_card, -1) as runout,
    1 as weight,
    known_holes.player,
    known_holes.rank_key + street_runouts.final_rank_key as rank_key,
    known_holes.suit_counts + street_runouts.final_suit_counts as suit_counts,
    known_holes.card_mask + street_runouts.final_card_mask as card_mask
from street_runouts
cross join known_holes;

create view street_equity as
with
    next_hands as (
        select
            next_card,
            player,
            hand_rank,
            min(hand_rank) over (partition by next_card) as best_rank
        from street_hands
    )
select
    totals.tally as next_card,
    totals.player,
    totals.runouts,
    totals.wins,
    totals.ties,
    totals.pot_shares,
    totals.equity,
    next_hands.hand_rank,
    case when next_hands.hand_rank = next_hands.best_rank then 1 else 0 end as leads
from equity_of('street_final_hands') as totals
inner join next_hands
    on next_hands.next_card = totals.tally
    and next_hands.player = totals.player;
