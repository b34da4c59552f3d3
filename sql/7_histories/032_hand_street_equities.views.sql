/*
  Every street of the imported hands (028) whose hole cards are all known (research datasets
  such as the Pluribus hands show every seat's): each player's exact equity on the flop, the
  turn and the river, among the players still in when the street was dealt, so that SQL can ask
  how often the hand that led on the flop won. Boards by history_boards_of (031), the tally
  by equity_of (017), the hand so far by card_sum_ranks (011).

  history_street_equities: one row per player per street (flop, turn, river) of a hand where
    every seat's hole cards are known and the street was dealt with two or more players still
    in (none folded before it): the board then (board_size cards), players (how many are still
    in), runouts, wins, ties and equity (every board that can still come: 990 heads-up on a
    flop, 44 on a turn, 1 on a river), the hand so far (hand_rank of the hole cards and the
    board then), ahead (1 when that hand is the best at the table, alone or shared) and
    favourite (1 when the equity is the largest, alone or shared). The cards of players who
    folded are not dead cards (as in history_allin_equities, 031).
    Before the flop is left out: every board of five, 1,712,304 heads-up and 658,008 six-handed
    each hand, is some seconds a hand on DuckDB (history_allin_equities counts them for the
    hands all-in before the flop only).
*/

create view history_street_equities as
with
    known_hands as (
        select
            seats.site,
            seats.hand_id
        from history_seats as seats
        group by seats.site, seats.hand_id
        having count(seats.hole_1) = count(*)
    ),
    dealt_streets as (
        select
            board.site,
            board.hand_id,
            board.card_no as board_size,
            case board.card_no when 3 then 'flop' when 4 then 'turn' else 'river' end as street
        from history_board as board
        inner join known_hands
            on known_hands.site = board.site
            and known_hands.hand_id = board.hand_id
        where board.card_no >= 3
    ),
    -- the board size of the street each player folded on (none: 9)
    folds as (
        select
            seats.site,
            seats.hand_id,
            seats.seat,
            seats.player,
            seats.hole_1,
            seats.hole_2,
            coalesce(min(case actions.street when 'preflop' then 0 when 'flop' then 3 when 'turn' then 4 else 5 end), 9) as folded_at
        from history_seats as seats
        left join history_actions as actions
            on actions.site = seats.site
            and actions.hand_id = seats.hand_id
            and actions.seat = seats.seat
            and actions.action = 'fold'
        group by seats.site, seats.hand_id, seats.seat, seats.player, seats.hole_1, seats.hole_2
    ),
    street_players as (
        select
            dealt_streets.site,
            dealt_streets.hand_id,
            dealt_streets.street,
            dealt_streets.board_size,
            dealt_streets.site || '/' || dealt_streets.hand_id || '/' || dealt_streets.street as spot,
            folds.seat,
            folds.player as player_name,
            folds.hole_1,
            folds.hole_2,
            row_number() over (partition by dealt_streets.site, dealt_streets.hand_id, dealt_streets.street order by folds.seat) as spot_player,
            count(*) over (partition by dealt_streets.site, dealt_streets.hand_id, dealt_streets.street) as players
        from dealt_streets
        inner join folds
            on folds.site = dealt_streets.site
            and folds.hand_id = dealt_streets.hand_id
            and folds.folded_at >= dealt_streets.board_size
    ),
    contested as (
        select * from street_players where players >= 2
    ),
    spot_cards as (
        select spot, hole_1 as card_id, 0 as on_board from contested
        union all
        select spot, hole_2, 0 from contested
        union all
        select distinct contested.spot, board.card_id, 1
        from contested
        inner join history_board as board
            on board.site = contested.site
            and board.hand_id = contested.hand_id
            and board.card_no <= contested.board_size
    ),
    street_boards as (
        select spot, board_mask, rank_key, suit_counts
        from history_boards_of('spot_cards')
    ),
    holes as (
        select
            contested.spot,
            contested.spot_player,
            first_card.rank_code + second_card.rank_code as rank_key,
            first_card.suit_code + second_card.suit_code as suit_counts,
            first_card.card_bit + second_card.card_bit as card_mask
        from contested
        inner join cards as first_card
            on first_card.card_id = contested.hole_1
        inner join cards as second_card
            on second_card.card_id = contested.hole_2
    ),
    street_runouts as (
        select
            holes.spot as tally,
            street_boards.board_mask as runout,
            1 as weight,
            holes.spot_player as player,
            cast(street_boards.rank_key + holes.rank_key as bigint) as rank_key,
            cast(street_boards.suit_counts + holes.suit_counts as bigint) as suit_counts,
            cast(street_boards.board_mask + holes.card_mask as bigint) as card_mask
        from holes
        inner join street_boards
            on street_boards.spot = holes.spot
    ),
    tallied as (
        select tally, player, runouts, wins, ties, equity
        from equity_of('street_runouts')
    ),
    -- the hand so far: the hole cards and the board when the street was dealt
    so_far as (
        select
            holes.spot,
            holes.spot_player,
            cast(holes.rank_key + sum(cards.rank_code) as bigint) as rank_key,
            cast(holes.suit_counts + sum(cards.suit_code) as bigint) as suit_counts,
            cast(holes.card_mask + sum(cards.card_bit) as bigint) as card_mask
        from holes
        inner join spot_cards
            on spot_cards.spot = holes.spot
            and spot_cards.on_board = 1
        inner join cards
            on cards.card_id = spot_cards.card_id
        group by holes.spot, holes.spot_player, holes.rank_key, holes.suit_counts, holes.card_mask
    ),
    ranked as (
        select spot, spot_player, hand_rank
        from card_sum_ranks('so_far')
    ),
    together as (
        select
            contested.site,
            contested.hand_id,
            contested.street,
            contested.board_size,
            contested.seat,
            contested.player_name,
            contested.players,
            tallied.runouts,
            tallied.wins,
            tallied.ties,
            tallied.equity,
            ranked.hand_rank,
            min(ranked.hand_rank) over (partition by contested.spot) as best_rank,
            max(tallied.equity) over (partition by contested.spot) as best_equity
        from contested
        inner join tallied
            on tallied.tally = contested.spot
            and tallied.player = contested.spot_player
        inner join ranked
            on ranked.spot = contested.spot
            and ranked.spot_player = contested.spot_player
    )
select
    site,
    hand_id,
    street,
    board_size,
    seat,
    player_name as player,
    players,
    runouts,
    wins,
    ties,
    equity,
    hand_rank,
    case when hand_rank = best_rank then 1 else 0 end as ahead,
    case when equity = best_equity then 1 else 0 end as favourite
from together;
