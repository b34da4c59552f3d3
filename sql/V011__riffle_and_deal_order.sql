/*
  Two more ways to shuffle and deal, the other write-ups' ways, seeded like V002.

  deal_settings gains four columns; their defaults deal exactly as V002 did:
    shuffle    = 'uniform' (V002's shuffle, every order equally likely) or
                 'riffle' (riffle shuffles of a new deck, the XQuery write-up's way);
    riffles    = 0..31, how many riffle shuffles ('riffle' only; 7 by default);
    deal_order = 'blocks' (five consecutive cards to each player, as the T-SQL
                 article dealt) or 'round-robin' (one card to each player in turn,
                 as the XQuery game dealt);
    first_deal = the first deal_no; deals run first_deal .. first_deal + deals - 1,
                 so a long run can be dealt in slices that give the same deals.
  (DuckDB cannot add a column with a check constraint, so the library checks these.)

  deal_states: one row per deal, the deal's 32-bit state, V002's seed hashing.
  shuffle_and_deal: one row per card per deal, as in V002 (deal_no, deck_position
    1..52, card_id, player), now dealing by the settings above.

  The riffle is the Gilbert-Shannon-Reeds model: cut the deck near the middle
  (the top pile's size is binomial, 52 fair coins), then drop cards from the two
  piles with probability proportional to their sizes. That is the same as every
  position of the new deck taking its card from the top pile or the bottom pile
  by a fair coin, the top pile's cards going, in order, to the positions whose
  coin says top. Riffles in a row compose the same way (Bayer and Diaconis, 1992):
  after k riffles each position holds a k-coin label 0 .. 2^k - 1, and the new
  deck takes the old one's cards in order of (label, position). One riffle leaves
  at most 2 rising sequences, k riffles at most 2^k; seven make the deck close to
  random. The deck starts in new-deck order, card_id 0 (2c) to 51 (As), so a
  deck riffled only a few times still shows where it came from.

  Hashing as in V002: integer arithmetic only, a xor b written (a | b) - (a & b)
  for SQLite, every value non-negative and every product below 2^63.
*/

alter table deal_settings add column shuffle varchar not null default 'uniform';

alter table deal_settings add column riffles integer not null default 7;

alter table deal_settings add column deal_order varchar not null default 'blocks';

alter table deal_settings add column first_deal bigint not null default 1;

drop view shuffle_and_deal;

drop view deal_numbers;

/* One row per deal, deal_no first_deal .. first_deal + deals - 1, counted with digits as in V002. */
create view deal_numbers as
select
    settings.first_deal
    + d1.digit
    + d2.digit * 10
    + d3.digit * 100
    + d4.digit * 1000
    + d5.digit * 10000
    + d6.digit * 100000
    + d7.digit * 1000000 as deal_no
from deal_settings as settings
cross join digits as d7
cross join digits as d6
cross join digits as d5
cross join digits as d4
cross join digits as d3
cross join digits as d2
cross join digits as d1
where d7.digit * 1000000 < settings.deals
    and d6.digit * 100000 + d7.digit * 1000000 < settings.deals
    and d5.digit * 10000 + d6.digit * 100000 + d7.digit * 1000000 < settings.deals
    and d4.digit * 1000 + d5.digit * 10000 + d6.digit * 100000 + d7.digit * 1000000
        < settings.deals
    and d3.digit * 100 + d4.digit * 1000 + d5.digit * 10000 + d6.digit * 100000
        + d7.digit * 1000000 < settings.deals
    and d2.digit * 10 + d3.digit * 100 + d4.digit * 1000 + d5.digit * 10000
        + d6.digit * 100000 + d7.digit * 1000000 < settings.deals
    and d1.digit + d2.digit * 10 + d3.digit * 100 + d4.digit * 1000 + d5.digit * 10000
        + d6.digit * 100000 + d7.digit * 1000000 < settings.deals;

create view deal_states as
with
    seed_parts as (
        select
            seed >> 32 as seed_high,
            seed & 4294967295 as seed_low
        from deal_settings
    ),
    seed_high_mixed as (
        select
            seed_low,
            ((((seed_high >> 16) | seed_high) - ((seed_high >> 16) & seed_high))
                * 73244475) & 4294967295 as state
        from seed_parts
    ),
    seed_high_hashed as (
        select
            seed_low,
            ((((state >> 16) | state) - ((state >> 16) & state)) * 73244475)
                & 4294967295 as state
        from seed_high_mixed
    ),
    seed_high_state as (
        select
            seed_low,
            ((state >> 16) | state) - ((state >> 16) & state) as state
        from seed_high_hashed
    ),
    seed_combined as (
        select
            (state | seed_low) - (state & seed_low) as state
        from seed_high_state
    ),
    seed_mixed as (
        select
            ((((state >> 16) | state) - ((state >> 16) & state)) * 73244475)
                & 4294967295 as state
        from seed_combined
    ),
    seed_hashed as (
        select
            ((((state >> 16) | state) - ((state >> 16) & state)) * 73244475)
                & 4294967295 as state
        from seed_mixed
    ),
    seed_state as (
        select
            ((state >> 16) | state) - ((state >> 16) & state) as state
        from seed_hashed
    ),
    deal_mixed as (
        select
            deal_numbers.deal_no,
            (seed_state.state + deal_numbers.deal_no * 2654435769) & 4294967295 as state
        from deal_numbers
        cross join seed_state
    ),
    deal_hashed_1 as (
        select
            deal_no,
            ((((state >> 16) | state) - ((state >> 16) & state)) * 73244475)
                & 4294967295 as state
        from deal_mixed
    ),
    deal_hashed_2 as (
        select
            deal_no,
            ((((state >> 16) | state) - ((state >> 16) & state)) * 73244475)
                & 4294967295 as state
        from deal_hashed_1
    )
select
    deal_no,
    ((state >> 16) | state) - ((state >> 16) & state) as state
from deal_hashed_2;

create view shuffle_and_deal as
with
    -- The uniform shuffle, V002's sort keys: one per card.
    card_mixed as (
        select
            deal_states.deal_no,
            cards.card_id,
            (deal_states.state + cards.card_id * 2246822519) & 4294967295 as state
        from deal_states
        cross join cards
        cross join deal_settings as settings
        where settings.shuffle <> 'riffle'
    ),
    card_hashed_1 as (
        select
            deal_no,
            card_id,
            ((((state >> 16) | state) - ((state >> 16) & state)) * 73244475)
                & 4294967295 as state
        from card_mixed
    ),
    card_hashed_2 as (
        select
            deal_no,
            card_id,
            ((((state >> 16) | state) - ((state >> 16) & state)) * 73244475)
                & 4294967295 as state
        from card_hashed_1
    ),
    shuffled as (
        select
            deal_no,
            card_id,
            ((state >> 16) | state) - ((state >> 16) & state) as shuffle_key
        from card_hashed_2
    ),
    -- The riffles: one label per position of the new deck, its riffles' coins.
    position_mixed as (
        select
            deal_states.deal_no,
            cards.card_id + 1 as deck_position,
            settings.riffles,
            (deal_states.state + (cards.card_id + 1) * 3266489917) & 4294967295 as state
        from deal_states
        cross join cards
        cross join deal_settings as settings
        where settings.shuffle = 'riffle'
    ),
    position_hashed_1 as (
        select
            deal_no,
            deck_position,
            riffles,
            ((((state >> 16) | state) - ((state >> 16) & state)) * 73244475)
                & 4294967295 as state
        from position_mixed
    ),
    position_hashed_2 as (
        select
            deal_no,
            deck_position,
            riffles,
            ((((state >> 16) | state) - ((state >> 16) & state)) * 73244475)
                & 4294967295 as state
        from position_hashed_1
    ),
    riffle_labels as (
        select
            deal_no,
            deck_position,
            -- the top `riffles` bits of the hash: one fair coin per riffle
            (((state >> 16) | state) - ((state >> 16) & state)) >> (32 - riffles) as pile_label
        from position_hashed_2
    ),
    deck_order as (
        select
            deal_no,
            card_id,
            row_number() over (
                partition by deal_no
                order by shuffle_key, card_id
            ) as deck_position
        from shuffled
        union all
        -- the new deck's positions, in order of (label, position), take the cards
        -- of the deck in new-deck order one after another
        select
            deal_no,
            row_number() over (
                partition by deal_no
                order by pile_label, deck_position
            ) - 1 as card_id,
            deck_position
        from riffle_labels
    )
select
    deck_order.deal_no as deal_no,
    deck_order.deck_position as deck_position,
    deck_order.card_id as card_id,
    case
        when deck_order.deck_position > 5 * settings.players then null
        when settings.deal_order = 'round-robin'
            then (deck_order.deck_position - 1) % settings.players + 1
        else (deck_order.deck_position - 1) // 5 + 1
    end as player
from deck_order
cross join deal_settings as settings;
