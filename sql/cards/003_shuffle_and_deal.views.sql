/*
  Shuffle and deal: the 2010 article's second stage, seeded and reproducible,
  and the other write-ups' ways of shuffling and dealing, for deal_settings (002).

  deal_numbers: one row per deal.
  hash_of(state_rows): the hash of every row's state (a table macro, below).
  deal_states: one row per deal: its 32-bit state, from (seed, deal_no).
  shuffled_deck: one row per card per deal (deal_no, card_id, shuffle_key); the
    deck, top first, is the cards in order of (shuffle_key, card_id).
  shuffle_and_deal: one row per card per deal (deal_no, deck_position 1..52). player is
    1..players for the 5 * players cards dealt, by deal_order (dealt_player, a scalar
    macro), and null for the rest of the deck.
  dealt_cards: the same rows for the dealt cards only, faster for many deals.

  Every deal starts from a 32-bit state derived from (seed, deal_no) with
  integer arithmetic only, so every engine computes the same deals without a
  random generator of its own. The mixing is a well-known 32-bit integer hash
  (shift right 16, xor, multiply by 0x45d9f3b, twice, then one more shift-xor):
  each step is a bijection on 32-bit numbers, and the products stay below 2^59.
  Everything stays non-negative, so >>, & and % agree on every engine. SQLite
  has no xor operator, so a xor b is written (a | b) - (a & b).

  The uniform shuffle gives each card a sort key, the hash of (deal state,
  card_id). The hash is a bijection, so the 52 keys of a deal are distinct and
  every order of the deck is (close to) equally likely.

  The riffle is the Gilbert-Shannon-Reeds model: cut the deck near the middle
  (the top pile's size is binomial, 52 fair coins), then drop cards from the two
  piles with probability proportional to their sizes. That is the same as every
  position of the new deck taking its card from the top pile or the bottom pile
  by a fair coin, the top pile's cards going, in order, to the positions whose
  coin says top. Riffles in a row compose the same way (Bayer and Diaconis, 1992):
  after k riffles each position holds a k-coin label 0 .. 2^k - 1 (the top k bits
  of the hash of (deal state, position)), and the new deck takes the old one's
  cards in order of (label, position). The deck starts in new-deck order,
  card_id 0 (2c) to 51 (As), so a deck riffled only a few times still shows
  where it came from. Its shuffle_key is the card's new deck position, 1..52.
*/

/* One row per deal, deal_no first_deal .. first_deal + deals - 1. Portable
   counting with digits: each level's filter keeps the loops short when few
   deals are asked for. */
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

/*
  The hash, one definition: every row of the relation named (a table, view or CTE
  with a column state, a 32-bit number), its columns as they are, with mixed_1 and
  mixed_2 (the two rounds of shift right 16, xor, multiply by 0x45d9f3b, each kept
  to 32 bits) and hash_value (mixed_2 shifted and xored once more). Every hash of the
  deals reads it: the seed's, the deals' (deal_states, which Monte Carlo's trials
  read too, 020 and 021), the cards' keys and the riffles' coins. A DuckDB table macro; on
  the other engines each call is expanded into the query itself (pokersql/transpile.py).
  (A caller's relation has no columns named mixed_1, mixed_2 or hash_value.)
*/
create macro hash_of(state_rows) as table
select
    round_2.*,
    ((mixed_2 >> 16) | mixed_2) - ((mixed_2 >> 16) & mixed_2) as hash_value
from (
    select
        round_1.*,
        ((((mixed_1 >> 16) | mixed_1) - ((mixed_1 >> 16) & mixed_1)) * 73244475)
            & 4294967295 as mixed_2
    from (
        select
            hashed.*,
            ((((hashed.state >> 16) | hashed.state) - ((hashed.state >> 16) & hashed.state)) * 73244475)
                & 4294967295 as mixed_1
        from query_table(state_rows) as hashed
    ) as round_1
) as round_2;

/* One row per deal: its 32-bit state, the hash of (the seed's hash, deal_no). The
   seed is 64 bits: its high half is hashed, xored into its low half, and hashed. */
create view deal_states as
with
    seed_parts as (
        select
            seed >> 32 as state,
            seed & 4294967295 as seed_low
        from deal_settings
    ),
    -- materialized for SQLite: inlined, each step would copy the last 4 times (out of memory).
    seed_high_state as materialized (
        select
            seed_low,
            hash_value as state
        from hash_of('seed_parts')
    ),
    seed_combined as (
        select
            (state | seed_low) - (state & seed_low) as state
        from seed_high_state
    ),
    -- materialized for SQLite: inlined, each step would copy the last 4 times (out of memory).
    seed_state as materialized (
        select
            hash_value as state
        from hash_of('seed_combined')
    ),
    -- materialized for SQLite: inlined, the hash would copy it 64 times, once per deal.
    deal_mixed as materialized (
        select
            deal_numbers.deal_no,
            (seed_state.state + deal_numbers.deal_no * 2654435769) & 4294967295 as state
        from deal_numbers
        cross join seed_state
    )
select
    deal_no,
    hash_value as state
from hash_of('deal_mixed');

create view shuffled_deck as
with
    -- materialized for SQLite: inlined, each step would copy the last 4 times (out of memory).
    deal_state as materialized (
        select
            deal_states.deal_no,
            deal_states.state,
            settings.shuffle,
            settings.riffles
        from deal_states
        cross join deal_settings as settings
    ),
    -- The uniform shuffle: one sort key per card, the hash of (deal state, card_id).
    card_mixed as (
        select
            deal_state.deal_no,
            cards.card_id,
            (deal_state.state + cards.card_id * 2246822519) & 4294967295 as state
        from deal_state
        cross join cards
        where deal_state.shuffle = 'uniform'
    ),
    uniform_keys as (
        select
            deal_no,
            card_id,
            hash_value as shuffle_key
        from hash_of('card_mixed')
    ),
    -- The riffles: one label per position of the new deck, its riffles' coins.
    position_mixed as (
        select
            deal_state.deal_no,
            cards.card_id + 1 as deck_position,
            deal_state.riffles,
            (deal_state.state + (cards.card_id + 1) * 3266489917) & 4294967295 as state
        from deal_state
        cross join cards
        where deal_state.shuffle = 'riffle'
    ),
    riffle_labels as (
        select
            deal_no,
            deck_position,
            -- the top `riffles` bits of the hash: one fair coin per riffle
            hash_value >> (32 - riffles) as pile_label
        from hash_of('position_mixed')
    ),
    -- The new deck's positions, in order of (label, position), take the cards of
    -- the deck in new-deck order (card_id 0, 1, ...) one after another.
    riffle_keys as (
        select
            deal_no,
            row_number() over (
                partition by deal_no
                order by pile_label, deck_position
            ) - 1 as card_id,
            deck_position as shuffle_key
        from riffle_labels
    )
select deal_no, card_id, shuffle_key from uniform_keys
union all
select deal_no, card_id, shuffle_key from riffle_keys;

/* The player dealt the card at deck_position (1 the top), hole_cards to each of players by
   deal_order (002): 'blocks', hole_cards in a row each; 'round-robin', one each in turn.
   shuffle_and_deal, dealt_cards and game_deals (038) deal by it; expanded like hash_of. */
create macro dealt_player(deck_position, players, deal_order, hole_cards) as case
    when deal_order = 'round-robin' then (deck_position - 1) % players + 1
    else (deck_position - 1) // hole_cards + 1
end;

create view shuffle_and_deal as
with
    deck_order as (
        select
            deal_no,
            card_id,
            row_number() over (
                partition by deal_no
                order by shuffle_key, card_id
            ) as deck_position
        from shuffled_deck
    )
select
    deck_order.deal_no as deal_no,
    deck_order.deck_position as deck_position,
    deck_order.card_id as card_id,
    case
        when deck_order.deck_position <= 5 * settings.players
            then dealt_player(deck_order.deck_position, settings.players, settings.deal_order, 5)
    end as player
from deck_order
cross join deal_settings as settings;

/* The same deal, the dealt cards only. Sorting every deal's 52 cards is what
   makes many deals slow, and only the 5 * players lowest keys matter: in most
   deals they all lie below a bound that lets about 5 * players + 7 of the 52
   keys through, so only those are sorted. A deal with too few keys below the
   bound sorts its whole deck, so the result is always shuffle_and_deal's.
   A riffled deck's keys are its positions: the bound lets the dealt ones through. */
create view dealt_cards as
with
    settings as (
        select
            players,
            deal_order,
            case
                when shuffle = 'riffle' then 5 * players + 1
                -- Keys are 32-bit: 2^32 * (5 * players + 7) / 52, the whole range for 9+ players.
                else 4294967296 * (5 * players + 7) // 52
            end as key_bound
        from deal_settings
    ),
    -- shuffled_deck read once (each reading of a view is planned anew).
    deck_keys as (
        select
            shuffled_deck.deal_no,
            shuffled_deck.card_id,
            shuffled_deck.shuffle_key,
            case when shuffled_deck.shuffle_key < settings.key_bound then 1 else 0 end as is_low
        from shuffled_deck
        cross join settings
    ),
    -- materialized for SQLite, which would otherwise work the join below out once per deal.
    low_keys as materialized (
        select
            deal_no,
            card_id,
            shuffle_key
        from deck_keys
        where is_low = 1
    ),
    short_deals as materialized (
        select
            deal_numbers.deal_no
        from deal_numbers
        cross join settings
        left join (
            select
                deal_no,
                count(*) as low_key_count
            from low_keys
            group by deal_no
        ) as counted
            on counted.deal_no = deal_numbers.deal_no
        where coalesce(counted.low_key_count, 0) < 5 * settings.players
    ),
    candidates as (
        select
            deal_no,
            card_id,
            shuffle_key
        from low_keys
        union all
        select
            deck_keys.deal_no,
            deck_keys.card_id,
            deck_keys.shuffle_key
        from deck_keys
        inner join short_deals
            on short_deals.deal_no = deck_keys.deal_no
        where deck_keys.is_low = 0
    ),
    deck_order as (
        select
            deal_no,
            card_id,
            row_number() over (
                partition by deal_no
                order by shuffle_key, card_id
            ) as deck_position
        from candidates
    )
select
    deck_order.deal_no,
    deck_order.deck_position,
    deck_order.card_id,
    dealt_player(deck_order.deck_position, settings.players, settings.deal_order, 5) as player
from deck_order
cross join settings
where deck_order.deck_position <= 5 * settings.players;
