/*
  The Monte Carlo of `pokersql odds --hero RANGE --street S EVENT --trials N` (issue 48,
  docs/ranges.md#how-often-odds): where counting every board is past the bound, the boards
  are sampled, and each is counted with every class of the range that misses it, as
  odds_hero_deals (056) counts every board.

  odds_trial_boards: the boards of the trials deal_settings numbers (deal_numbers, 003):
    each trial's shuffle (shuffled_places_of, 051: shuffled_deck, 003) of the deck without
    the known cards (the board and the dead cards), its first cards_to_come cards (0 to 5)
    after the board so far, one row a trial and size, through odds_boards_of (056). A query names cards_to_come.
  odds_trial_deals: odds_hero_deals' rows of those boards (odds_hero_boards_of and
    odds_hero_grouped_of, 056): each class's weighted deals by category, made hand and draw.
    A trial's prefixes are its flop, turn and river: --histogram reads the same boards.
*/

create view odds_trial_boards as
with
    -- the deck less the known cards (the board and the dead cards), in each trial's order
    live_cards as (
        select cards.*
        from cards
        where cards.card_id not in (select card_id from odds_known_cards)
    ),
    shuffled as (
        select
            places.deal_no,
            places.card_id,
            places.rank_code,
            places.suit_code,
            places.card_bit,
            places.place
        from shuffled_places_of('live_cards') as places
    ),
    sizes (cards_to_come) as (
        values (0), (1), (2), (3), (4), (5)
    ),
    to_come as (
        select
            sizes.cards_to_come,
            coalesce(max(shuffled.card_id), -1) as top_card,
            cast(coalesce(sum(shuffled.rank_code), 0) as bigint) as rank_key,
            cast(coalesce(sum(shuffled.suit_code), 0) as bigint) as suit_counts,
            cast(coalesce(sum(shuffled.card_bit), 0) as bigint) as card_mask
        from deal_numbers
        cross join sizes
        left join shuffled
            on shuffled.deal_no = deal_numbers.deal_no
            and shuffled.place <= sizes.cards_to_come
        group by deal_numbers.deal_no, sizes.cards_to_come
    )
select * from odds_boards_of('to_come');

create view odds_trial_deals as
with
    hero_boards as (
        select * from odds_hero_boards_of('odds_trial_boards')
    )
select * from odds_hero_grouped_of('hero_boards');
