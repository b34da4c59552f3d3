/*
  How often a hand or a range makes a hand or a draw by a street (`pokersql odds --hero`,
  docs/ranges.md#how-often-odds): every combination of the range (range_input's player 1,
  live in range_combos, 018) with every board of the street that completes the board so
  far (board_input) from the cards left (not dead_input's), each counted once.

  odds_known_cards: the board and the dead cards.
  odds_symmetries: the permutations of the suits (card_permutations, 055) that map the
    known cards onto themselves. Two combinations that one of them maps onto each other
    make the same hands and draws with as many boards, so one of them is dealt for both.
  odds_hero_combos: one row per such class of the range's combinations: the least of its
    images (card_1 > card_2), its combinations (combos), their weights summed (weight),
    each card's value, suit, value_bit and rank_code, and its two cards summed into the
    codes of cards (001).
  odds_boards: one row per board: the board so far and cards_to_come more cards (0 to 5)
    of the deck left, each set of them once (odds_boards_of: the boards of such rows of
    cards to come); street_cards = the board's cards in all; top_card = its highest card,
    board_values its values as 13 bits. A query names cards_to_come: no other size is made.
  odds_hero_boards: one row per class per board that misses its cards (odds_hero_boards_of:
    of the boards named): the board's values (board_key, board_values, board_top,
    board_outs), the flush suit's cards of the seven (flush_mask, 0 when none) and, before
    the river, flush_draw and nut_flush_draw.
  odds_hero_deals_of(seen_rows): a table macro, the hands and draws of such rows (below).
  odds_hero_board_deals: as odds_hero_deals, a board a row (boards = 1): what SQLite reads.
  odds_hero_deals (odds_hero_grouped_of: of the rows named): one row per class and group of
    the boards that miss its cards, alike in all that the class's hand and draws are read
    from (the board's values, the flush suit's cards of the seven if any, and before the
    river the flush draws): boards how many, deals = the class's weight x boards; the
    category of the best five (points), looked up once per group (hand_ranks_of, 011),
    and, 1 or 0, each made hand and draw (docs/ranges.md defines them):
      made_set       a pocket pair and a card of its value on the board (or two: its quads);
      two_pair       two values, each on the board exactly once;
      overpair       a pocket pair above every card of the board;
      top_pair       one hole card pairs the board's highest value (on it once), not the other;
      paired         a hole card's value is on the board;
      flush_draw     before the river: a suit holds four of the cards, a hole card among them;
      nut_flush_draw that draw, and every value of the suit above the hero's best on the board;
      open_ended     before the river, no straight made: two or more values whose card
                     gives five in a row, and does not give them to the board alone
                     (a double gutshot, A-2-3-4 and J-Q-K-A count by their outs);
      gutshot        the same with exactly one such value.
*/

create view odds_known_cards as
select card_id from board_input union select card_id from dead_input;

create view odds_symmetries as
select card_permutations.permutation
from card_permutations
left join odds_known_cards as known
    on known.card_id = card_permutations.card_id
left join odds_known_cards as image
    on image.card_id = card_permutations.to_card
group by card_permutations.permutation
having count(known.card_id) = count(image.card_id + known.card_id);

create view odds_hero_combos as
with
    images as (
        select
            range_combos.card_1,
            range_combos.card_2,
            range_combos.weight,
            min(
                greatest(first.to_card, second.to_card) * 64 + least(first.to_card, second.to_card)
            ) as image
        from range_combos
        cross join odds_symmetries
        inner join card_permutations as first
            on first.permutation = odds_symmetries.permutation
            and first.card_id = range_combos.card_1
        inner join card_permutations as second
            on second.permutation = odds_symmetries.permutation
            and second.card_id = range_combos.card_2
        where range_combos.player = 1
        group by
            range_combos.card_1,
            range_combos.card_2,
            range_combos.weight
    ),
    classes as (
        select
            image // 64 as card_1,
            image % 64 as card_2,
            count(*) as combos,
            sum(weight) as weight
        from images
        group by image
    )
select
    classes.card_1,
    classes.card_2,
    classes.combos,
    classes.weight,
    high.value as value_1,
    low.value as value_2,
    high.suit_index as suit_1,
    low.suit_index as suit_2,
    high.value_bit as bit_1,
    low.value_bit as bit_2,
    high.rank_code as rank_code_1,
    low.rank_code as rank_code_2,
    high.rank_code + low.rank_code as rank_key,
    high.suit_code + low.suit_code as suit_counts,
    high.card_bit + low.card_bit as combo_mask
from classes
inner join cards as high
    on high.card_id = classes.card_1
inner join cards as low
    on low.card_id = classes.card_2;

create macro odds_boards_of(to_come_rows) as table
select
    boards.*,
    value_sets.value_mask as board_values,
    value_sets.straight_outs as board_outs
from (
    select
        to_come.cards_to_come,
        board_so_far.board_size + to_come.cards_to_come as street_cards,
        greatest(to_come.top_card, coalesce((select max(card_id) from board_input), -1)) // 4 + 2 as board_top,
        board_so_far.rank_key + to_come.rank_key as rank_key,
        board_so_far.suit_counts + to_come.suit_counts as suit_counts,
        board_so_far.card_mask + to_come.card_mask as card_mask
    from query_table(to_come_rows) as to_come
    cross join board_so_far
) as boards
inner join value_sets
    on value_sets.value_mask = (boards.card_mask | (boards.card_mask >> 13) | (boards.card_mask >> 26) | (boards.card_mask >> 39)) & 8191;

create view odds_boards as
with
    deck as (
        select card_id, rank_code, suit_code, card_bit
        from cards
        where card_id not in (select card_id from odds_known_cards)
    ),
    to_come (cards_to_come, top_card, rank_key, suit_counts, card_mask) as (
        select 0, -1, 0, 0, 0
        union all
        select card_count, high_card, rank_key, suit_counts, card_mask
        from card_sets_of('deck')
    )
select * from odds_boards_of('to_come');

create macro odds_hero_boards_of(board_rows) as table
with
    dealt as (
        select
            boards.cards_to_come,
            boards.street_cards,
            hero.card_1,
            hero.card_2,
            boards.rank_key as board_key,
            boards.board_top,
            boards.board_outs,
            boards.board_values,
            boards.card_mask as board_mask,
            boards.suit_counts + hero.suit_counts as suit_counts,
            boards.card_mask + hero.combo_mask as card_mask,
            hero.suit_1,
            hero.suit_2,
            8192 - 2 * hero.bit_1 as above_1,
            8192 - 2 * hero.bit_2 as above_2
        from odds_hero_combos as hero
        inner join query_table(board_rows) as boards
            on boards.card_mask & hero.combo_mask = 0
    ),
    suited as (
        select
            dealt.*,
            (dealt.card_mask >> flush_suits.flush_shift) & flush_suits.flush_bits as flush_mask,
            (dealt.suit_counts >> (3 * dealt.suit_1)) & 7 as suit_held_1,
            (dealt.suit_counts >> (3 * dealt.suit_2)) & 7 as suit_held_2
        from dealt
        inner join flush_suits
            on flush_suits.suit_counts = dealt.suit_counts
    )
select
    cards_to_come, street_cards, card_1, card_2, board_key, board_top, board_outs, board_values, flush_mask,
    case when street_cards < 5 and (suit_held_1 = 4 or suit_held_2 = 4) then 1 else 0 end as flush_draw,
    case
        when street_cards < 5
            and ((suit_held_1 = 4 and (board_mask >> (13 * suit_1)) & above_1 = above_1)
                or (suit_held_1 <> 4 and suit_held_2 = 4 and (board_mask >> (13 * suit_2)) & above_2 = above_2))
            then 1
        else 0
    end as nut_flush_draw
from suited;

create view odds_hero_boards as
select * from odds_hero_boards_of('odds_boards');

/*
  The hands and draws of rows of odds_hero_boards counted (the relation named: its columns
  and boards, how many boards each row stands for), one row each: the class's weight,
  deals = weight x boards, points (hand_ranks_of, 011) and each made hand and draw.
  odds_hero_deals and odds_hero_board_deals read it. A DuckDB table macro, expanded like
  hand_ranks_of on the other engines.
*/
create macro odds_hero_deals_of(seen_rows) as table
with
    keyed as (
        select
            seen.*,
            hero.weight,
            hero.value_1,
            hero.value_2,
            -- the cards of each hole card's value on the board (board_key counts them in base 5)
            (seen.board_key // hero.rank_code_1) % 5 as on_board_1,
            (seen.board_key // hero.rank_code_2) % 5 as on_board_2,
            seen.board_key + hero.rank_key as rank_key,
            seen.board_values | hero.bit_1 | hero.bit_2 as hand_values
        from query_table(seen_rows) as seen
        inner join odds_hero_combos as hero
            on hero.card_1 = seen.card_1
            and hero.card_2 = seen.card_2
    ),
    drawn as (
        select
            ranked.*,
            hand_values.straight_outs - (hand_values.straight_outs & ranked.board_outs) as outs
        from hand_ranks_of('keyed') as ranked
        inner join value_sets as hand_values
            on hand_values.value_mask = ranked.hand_values
    )
select
    drawn.cards_to_come,
    drawn.street_cards,
    drawn.card_1,
    drawn.card_2,
    drawn.weight,
    drawn.boards,
    drawn.weight * drawn.boards as deals,
    hand_classes.points,
    case when value_1 = value_2 and on_board_1 >= 1 then 1 else 0 end as made_set,
    case when value_1 <> value_2 and on_board_1 = 1 and on_board_2 = 1 then 1 else 0 end as two_pair,
    case when value_1 = value_2 and value_1 > board_top then 1 else 0 end as overpair,
    case
        when value_1 <> value_2
            and ((value_1 = board_top and on_board_1 = 1 and on_board_2 = 0)
                or (value_2 = board_top and on_board_2 = 1 and on_board_1 = 0))
            then 1
        else 0
    end as top_pair,
    case when on_board_1 > 0 or on_board_2 > 0 then 1 else 0 end as paired,
    drawn.flush_draw,
    drawn.nut_flush_draw,
    case when street_cards < 5 and out_sets.values_held >= 2 then 1 else 0 end as open_ended,
    case when street_cards < 5 and out_sets.values_held = 1 then 1 else 0 end as gutshot
from drawn
inner join value_sets as out_sets
    on out_sets.value_mask = drawn.outs
inner join hand_classes
    on hand_classes.hand_rank = drawn.hand_rank;

create macro odds_hero_grouped_of(hero_board_rows) as table
with
    seen as (
        select
            cards_to_come, street_cards, card_1, card_2, board_key, board_top, board_outs,
            board_values, flush_mask, flush_draw, nut_flush_draw,
            count(*) as boards
        from query_table(hero_board_rows)
        group by
            cards_to_come, street_cards, card_1, card_2, board_key, board_top, board_outs,
            board_values, flush_mask, flush_draw, nut_flush_draw
    )
select * from odds_hero_deals_of('seen');

create view odds_hero_deals as
select * from odds_hero_grouped_of('odds_hero_boards');

create view odds_hero_board_deals as
with
    seen as (
        select
            odds_hero_boards.*,
            1 as boards
        from odds_hero_boards
    )
select * from odds_hero_deals_of('seen');
