/*
  Other games' equity, exact and Monte Carlo, read from the inputs of Hold'em's (014): the known
  hands in hand_input (hand_no = player, 1 to 10, four to six cards each in Omaha), the board
  so far in board_input, dead cards in dead_input; the deck is equity_deck (015). Every view
  ends in the tally of Hold'em's equity, ranked_equity_of (017).

  Omaha: a player's best hand on a board takes two hole cards and three of the board's five,
  so it is the best, over the board's ten triples of cards, of the player's best with that
  triple. Each triple that can be on the board is ranked once per player (its best with
  every two of the hole cards, looked up in hand_classes, 006), and each board is the best
  of its ten triples: a board is a triple and the pair of its other two cards, in ten ways.

  omaha_hole_pairs, omaha_board_triples: each player's pairs of hole cards, and each triple
    of cards that can be on the final board, their cards summed (the codes of cards, 001).
  omaha_triple_ranks: one row per triple of cards that can be on the final board (three of
    the board so far and the deck, holding enough of the board so far), its cards as a
    52-bit set (card_mask), how many of them are on the board so far (known_cards), and
    rank_1 .. rank_10, each player's best hand_rank with it (null: no such player).
  omaha_board_ranks: one row per final board (board_mask, 1,086,008 heads-up before the
    flop, 820 on a flop): each player's best hand_rank on it, rank_1 .. rank_10, the best
    of its ten triples'.
  omaha_equity: one row per player, as equity (017): every board counted once.
  omaha_monte_carlo_equity: the same over the trials of Monte Carlo (monte_carlo_drawn_boards,
    021: the board of each trial, drawn from deal_settings' seed), each board weighed by
    the trials that drew it, only they ranked (omaha_drawn_boards_of); known hands only (random
    hands: omaha_random_monte_carlo_equity, 037).

  Short deck: the 36-card deck is equity_deck when the cards below 6 are dead (the library
  gives them in dead_input). A hand of short deck is a hand of seven of those cards, ranked
  by short_deck_card_ranks (034) in each ranking: Hold'em's runouts (exact_runouts, 017;
  monte_carlo_runouts, 021) ranked another way. The tally is the ranking.

  short_deck_equity, short_deck_monte_carlo_equity: one row per ranking ('shortdeck',
    'shortdeck-triton') per player, as equity and monte_carlo_equity: exact over every class
    of boards, or over the trials (random players drawn as Hold'em's are).
*/

/* The cards the final board is made of: the board so far (known 1) and the deck. */
create view omaha_board_cards as
select
    cards.card_id,
    cards.rank_code,
    cards.suit_code,
    cards.card_bit,
    case when cards.card_id in (select card_id from board_input) then 1 else 0 end as known
from cards
where cards.card_id in (select card_id from board_input)
    or cards.card_id in (select card_id from equity_deck);

/* Each player's pairs of hole cards (hand_input), their cards summed (001's codes). */
create view omaha_hole_pairs as
with
    hole_cards as (
        select
            hand_input.hand_no as player,
            cards.card_id,
            cards.rank_code,
            cards.suit_code
        from hand_input
        inner join cards
            on cards.card_id = hand_input.card_id
    )
select
    card_1.player,
    card_1.rank_code + card_2.rank_code as rank_key,
    card_1.suit_code + card_2.suit_code as suit_counts
from hole_cards as card_1
inner join hole_cards as card_2
    on card_2.player = card_1.player
    and card_2.card_id > card_1.card_id;

/* Each triple of cards that can be on the final board, its cards summed. */
create view omaha_board_triples as
select
    card_1.rank_code + card_2.rank_code + card_3.rank_code as rank_key,
    card_1.suit_code + card_2.suit_code + card_3.suit_code as suit_counts,
    card_1.card_bit + card_2.card_bit + card_3.card_bit as card_mask,
    card_1.known + card_2.known + card_3.known as known_cards
from omaha_board_cards as card_1
inner join omaha_board_cards as card_2
    on card_2.card_id > card_1.card_id
inner join omaha_board_cards as card_3
    on card_3.card_id > card_2.card_id
-- the other two cards of the board hold the rest of the board so far
where card_1.known + card_2.known + card_3.known >= (select count(*) from board_input) - 2;

/* Each triple with each player's pair of hole cards (a hand of five), their cards summed: the
   high's (omaha_triple_ranks) and the low's (omaha_triple_lows, 050). */
create view omaha_triple_hands as
select
    triples.card_mask,
    triples.known_cards,
    hole_pairs.player,
    triples.rank_key + hole_pairs.rank_key as rank_key,
    triples.suit_counts + hole_pairs.suit_counts as suit_counts
from omaha_board_triples as triples
cross join omaha_hole_pairs as hole_pairs;

create view omaha_triple_ranks as
with
    triple_hands as (
        select hands.card_mask, hands.known_cards, hands.player, hand_classes.hand_rank
        from omaha_triple_hands as hands
        inner join hand_classes
            on hand_classes.rank_key = hands.rank_key
            -- five cards of one suit: their suit_counts is 5 in base 8, in one of the four places
            and hand_classes.is_flush = five_card_flush(hands.suit_counts)
    )
select * from seat_ranks_of('triple_hands');

/*
  best_ranks_of(ranked_rows): a table macro, the best ranks by board: the relation named holds
  rows of a board_mask (any key) and rank_1 .. rank_10 (smaller is better, null none); one row
  per board_mask, each rank the best (smallest) of its rows': a board's, of its triples'
  (omaha_boards_of; the boards so far with the next card, 040).
*/
create macro best_ranks_of(ranked_rows) as table
select
    board_mask,
    min(rank_1) as rank_1, min(rank_2) as rank_2, min(rank_3) as rank_3, min(rank_4) as rank_4,
    min(rank_5) as rank_5, min(rank_6) as rank_6, min(rank_7) as rank_7, min(rank_8) as rank_8,
    min(rank_9) as rank_9, min(rank_10) as rank_10
from query_table(ranked_rows)
group by board_mask;

/*
  omaha_boards_of(triple_rows): a table macro, each final board from its triples: the relation
  named holds one row per triple (card_mask, rank_1 .. rank_10, as omaha_triple_ranks: smaller
  is better, null none); one row per final board (board_mask) that holds one of them, each
  rank the best (smallest) of its ten triples'. omaha_board_ranks is it over the triples'
  highs (the split pots' lows: omaha_value_lows, 050).
*/
create macro omaha_boards_of(triple_rows) as table
with
    -- Every pair of the board's cards, with the cards of the board so far (board_so_far, 015)
    -- it holds (known_mask).
    board_pairs as (
        select
            card_1.card_bit + card_2.card_bit as card_mask,
            (card_1.card_bit + card_2.card_bit) & known_board.card_mask as known_mask
        from omaha_board_cards as card_1
        inner join omaha_board_cards as card_2
            on card_2.card_id > card_1.card_id
        cross join board_so_far as known_board
    ),
    -- Each board once per triple it holds, with the pair of its other cards: the pair holds
    -- the board so far that the triple does not (an equality: a hash join).
    board_triples as (
        select
            triples.card_mask + board_pairs.card_mask as board_mask,
            triples.*
        from query_table(triple_rows) as triples
        cross join board_so_far as known_board
        inner join board_pairs
            on board_pairs.known_mask = known_board.card_mask - (triples.card_mask & known_board.card_mask)
        where board_pairs.card_mask & triples.card_mask = 0
    )
select * from best_ranks_of('board_triples');

create view omaha_board_ranks as
select * from omaha_boards_of('omaha_triple_ranks');

/*
  omaha_equity_of(ranked_boards): a table macro, the tally of Omaha boards: the relation
  named holds one row per board, its tally (what the counts are per: 0 for one answer, the
  next card in omaha_street_equity, 039), its weight (the runouts it stands for) and its
  rank_1 .. rank_10 (as omaha_board_ranks). One row per tally per player, as equity (017).
*/
create macro omaha_equity_of(ranked_boards) as table
with
    -- boards where every player holds the same hand_rank play alike: counted once
    outcomes as (
        select
            tally,
            row_number() over (
                partition by tally
                order by rank_1, rank_2, rank_3, rank_4, rank_5, rank_6, rank_7, rank_8, rank_9, rank_10
            ) as outcome,
            sum(weight) as weight,
            rank_1,
            rank_2,
            rank_3,
            rank_4,
            rank_5,
            rank_6,
            rank_7,
            rank_8,
            rank_9,
            rank_10
        from query_table(ranked_boards)
        group by tally, rank_1, rank_2, rank_3, rank_4, rank_5, rank_6, rank_7, rank_8, rank_9, rank_10
    ),
    seat_ranks as (
        select
            boards.tally,
            boards.outcome as runout,
            boards.weight,
            players.player,
            seat_rank(players.player, boards.rank_1, boards.rank_2, boards.rank_3, boards.rank_4, boards.rank_5, boards.rank_6, boards.rank_7, boards.rank_8, boards.rank_9, boards.rank_10) as hand_rank
        from outcomes as boards
        cross join (select distinct hand_no as player from hand_input) as players
    )
select * from ranked_equity_of('seat_ranks');

create view omaha_equity as
with
    every_board as (
        select
            0 as tally,
            cast(1 as bigint) as weight,
            *
        from omaha_board_ranks
    )
select * from omaha_equity_of('every_board');

/*
  omaha_drawn_boards_of(board_rows, triple_rows): a table macro, boards ranked from their triples:
  board_rows holds one row per board (board_mask, trials, as monte_carlo_drawn_boards, 021),
  triple_rows one row per triple (card_mask, rank_1 .. rank_10, as omaha_triple_ranks); one row per
  board holding one of them, its trials and each rank the best of its ten triples', as
  omaha_boards_of ranks every board. Monte Carlo ranks only the boards drawn (a million trials
  draw about 650,000 of the 1,086,008 heads-up): a board's ten triples are the board less each
  pair of its cards, found lowest first by their bits (rest & (rest - 1) drops the lowest).
*/
create macro omaha_drawn_boards_of(board_rows, triple_rows) as table
with
    board_cards as (
        select
            board_mask,
            trials,
            board_mask - rest_1 as card_1,
            rest_1 - rest_2 as card_2,
            rest_2 - rest_3 as card_3,
            rest_3 - (rest_3 & (rest_3 - 1)) as card_4,
            rest_3 & (rest_3 - 1) as card_5
        from (
            select *, rest_2 & (rest_2 - 1) as rest_3
            from (select *, rest_1 & (rest_1 - 1) as rest_2 from (
                select board_mask, trials, board_mask & (board_mask - 1) as rest_1 from query_table(board_rows)
            ) as one) as two
        ) as three
    ),
    -- the ten pairs of places 1 .. 5 (first < second)
    place_pairs (first_place, second_place) as (
        select 1, 2 union all select 1, 3 union all select 1, 4 union all select 1, 5 union all select 2, 3
        union all select 2, 4 union all select 2, 5 union all select 3, 4 union all select 3, 5 union all select 4, 5
    ),
    board_triples as (
        select
            board_cards.board_mask,
            board_cards.trials,
            board_cards.board_mask
            - case place_pairs.first_place when 1 then card_1 when 2 then card_2 when 3 then card_3 else card_4 end
            - case place_pairs.second_place when 2 then card_2 when 3 then card_3 when 4 then card_4 else card_5 end
            as triple_mask
        from board_cards
        cross join place_pairs
    )
select
    board_triples.board_mask,
    board_triples.trials,
    min(triples.rank_1) as rank_1, min(triples.rank_2) as rank_2,
    min(triples.rank_3) as rank_3, min(triples.rank_4) as rank_4,
    min(triples.rank_5) as rank_5, min(triples.rank_6) as rank_6,
    min(triples.rank_7) as rank_7, min(triples.rank_8) as rank_8,
    min(triples.rank_9) as rank_9, min(triples.rank_10) as rank_10
from board_triples
inner join query_table(triple_rows) as triples
    on triples.card_mask = board_triples.triple_mask
group by board_triples.board_mask, board_triples.trials;

create view omaha_monte_carlo_equity as
with
    -- omaha_equity_of reads tally, weight and the ranks
    weighed_boards as (
        select 0 as tally, trials as weight, * from omaha_drawn_boards_of('monte_carlo_drawn_boards', 'omaha_triple_ranks')
    )
select * from omaha_equity_of('weighed_boards');

/*
  ranking_equity_of(ranked_rows): a table macro, ranked_equity_of (017) with the ranking as the
  tally: one row per ranking per player, the tally named ranking, as equity (017) otherwise.
*/
create macro ranking_equity_of(ranked_rows) as table
select tally as ranking, player, runouts, wins, ties, pot_shares, equity
from ranked_equity_of(ranked_rows);

/*
  short_deck_equity_of(runout_rows): a table macro, Hold'em's runouts (as equity_of reads
  them, 017) ranked in each short-deck ranking and tallied per ranking: one row per ranking
  per player, as equity (017).
*/
create macro short_deck_equity_of(runout_rows) as table
with
    ranked_runouts as (
        select
            rankings.ranking,
            runouts.runout,
            runouts.weight,
            runouts.player,
            runouts.rank_key,
            runouts.suit_counts,
            runouts.card_mask
        from query_table(runout_rows) as runouts
        cross join (select distinct ranking from short_deck_classes) as rankings
    ),
    seat_ranks as (
        select
            ranking as tally,
            runout,
            weight,
            player,
            hand_rank
        from short_deck_card_ranks('ranked_runouts')
    )
select * from ranking_equity_of('seat_ranks');

create view short_deck_equity as
select * from short_deck_equity_of('exact_runouts');

create view short_deck_monte_carlo_equity as
select * from short_deck_equity_of('monte_carlo_runouts');
