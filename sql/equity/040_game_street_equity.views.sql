/*
  The next street (equity --next-street --game), as street_equity (017): one row per player
  and card that can come next (the turn on a flop, the river on a turn), known hands only:
  runouts, wins, ties, pot_shares and equity over the boards that can follow the card, the
  player's hand_rank once it is dealt, and leads (1: that hand is the best at the table).

  omaha_street_equity: each final board (omaha_board_ranks, 036) counted under each of its
    cards still to come (two on a flop, one on a turn), tallied by omaha_equity_of with the
    card as its tally; a player's hand once the card is dealt is the best of the triples of
    the board with it (omaha_triple_ranks).
  short_deck_street_equity: one row per ranking too: Hold'em's runouts of each next card
    (street_final_hands, street_runouts, 017) ranked in each ranking; the tally is the ranking
    and the card (ranking_no * 64 + next card).
*/

create view omaha_street_equity as
with
    next_cards as (
        select
            equity_deck.card_id as next_card,
            equity_deck.card_bit,
            board_so_far.card_mask + equity_deck.card_bit as next_mask
        from equity_deck
        cross join board_so_far
        where board_so_far.board_size in (3, 4)
    ),
    street_boards as (
        select
            next_cards.next_card as tally,
            cast(1 as bigint) as weight,
            known.*
        from next_cards
        inner join omaha_board_ranks as known
            on (known.board_mask & next_cards.card_bit) <> 0
    ),
    -- each next card's board so far (board_mask: the card) once per triple it holds
    next_triples as (
        select
            next_cards.next_card as board_mask,
            triples.*
        from next_cards
        inner join omaha_triple_ranks as triples
            on (triples.card_mask & next_cards.next_mask) = triples.card_mask
    ),
    next_boards as (
        select * from best_ranks_of('next_triples')
    ),
    next_hands as (
        select
            next_boards.board_mask as next_card,
            players.player,
            seat_rank(players.player, next_boards.rank_1, next_boards.rank_2, next_boards.rank_3, next_boards.rank_4, next_boards.rank_5, next_boards.rank_6, next_boards.rank_7, next_boards.rank_8, next_boards.rank_9, next_boards.rank_10) as hand_rank
        from next_boards
        cross join (select distinct hand_no as player from hand_input) as players
    ),
    totals as (
        select * from omaha_equity_of('street_boards')
    )
select * from street_leads_of('totals', 'next_hands');

create view short_deck_street_equity as
with
    rankings as (
        select
            ranking,
            row_number() over (order by ranking) - 1 as ranking_no
        from (select distinct ranking from short_deck_classes) as named
    ),
    ranked_runouts as (
        select
            rankings.ranking,
            rankings.ranking_no * 64 + street_final_hands.tally as tally,
            street_final_hands.runout,
            street_final_hands.weight,
            street_final_hands.player,
            street_final_hands.rank_key,
            street_final_hands.suit_counts,
            street_final_hands.card_mask
        from street_final_hands
        cross join rankings
    ),
    seat_ranks as (
        select
            tally,
            runout,
            weight,
            player,
            hand_rank
        from short_deck_card_ranks('ranked_runouts')
    ),
    -- each ranking's next cards numbered as its tallies are (ranking_no * 64 + next card)
    next_boards as (
        select distinct
            rankings.ranking as tally,
            rankings.ranking_no * 64 + street_runouts.next_card as runout,
            0 as weight,
            street_runouts.next_rank_key as rank_key,
            street_runouts.next_suit_counts as suit_counts,
            street_runouts.next_card_mask as card_mask
        from street_runouts
        cross join rankings
    ),
    next_sums as (
        select tally as ranking, runout as next_card, player, rank_key, suit_counts, card_mask
        from known_hands_of('next_boards')
    ),
    next_hands as (
        select * from short_deck_card_ranks('next_sums')
    ),
    totals as (
        select * from ranked_equity_of('seat_ranks')
    ),
    streets as (
        select * from street_leads_of('totals', 'next_hands')
    )
select
    rankings.ranking,
    streets.next_card % 64 as next_card,
    streets.player, streets.runouts, streets.wins, streets.ties, streets.pot_shares, streets.equity,
    streets.hand_rank, streets.leads
from streets
inner join rankings
    on rankings.ranking_no = streets.next_card // 64;
