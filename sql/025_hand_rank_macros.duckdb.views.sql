/*
  hand_rank at column speed (issue 22): the DuckDB macros that rank a hand with no subquery
  per hand, so that DuckDB runs them as plain arithmetic over whole columns.

    hand_rank(hand_text)                    the hand_rank (1-7462) of the text, as 019 reads it;
    hand_rank_of(c1, c2, c3, c4, c5[, c6[, c7]])  the hand_rank of 5 to 7 card_ids given as
                                            values or columns (c6 and c7 may be left out, or
                                            null, for 5 or 6 cards);
    hand_rank_of_list(card_ids)             the same for a list of card_ids.
  Each answers null for anything that is not 5 to 7 distinct cards (a card_id null or outside
  0-51 among c1..c5 or in the list, a card twice, too few or too many); hand_problem and
  hand_problem_of (019) say why.

  Why no subquery per hand: a scalar subquery on the hand (019's hand_class_of) is
  decorrelated by DuckDB into a join on the distinct values of the columns it reads, so every
  hand is first grouped by its text or card_ids, then joined back: most of the time of 019's
  hand_rank. Here the one row of hand_rank_lookup (024) is read once per query (an
  uncorrelated subquery) and each hand indexes its list: the value slot of its rank_key, then
  best_by_values' rank there and best_by_flush's at its flush suit's 13 bits; the better wins.

  The contract's canonical text ('As Kd 7h 7c 2s 9c Td': 5 to 7 cards, one space between) is
  read by position from its bytes, as two integers, with no regular expression per card; any
  other text goes to 019's reading (hand_text_card_ids), and any text it reads is ranked the
  same way.
*/

-- Card c's rank_code (5 ^ value, 001) and card_bit (one bit of 13 a suit), null unless 0-51.
create macro card_rank_code(card_id) as
    list_transform(range(52), lambda card: cast(5 ** (card // 4) as bigint))[greatest(card_id, -1) + 1];

create macro card_bit(card_id) as
    list_transform(range(52), lambda card: cast(1 as bigint) << (13 * (card % 4) + card // 4))[greatest(card_id, -1) + 1];

-- The 13 value bits of the suit holding five or more of the cards of card_mask; 0 when none does.
create macro flush_values(card_mask) as
    (card_mask & 8191) * (bit_count(card_mask & 8191) >= 5)::bigint
    + ((card_mask >> 13) & 8191) * (bit_count((card_mask >> 13) & 8191) >= 5)::bigint
    + ((card_mask >> 26) & 8191) * (bit_count((card_mask >> 26) & 8191) >= 5)::bigint
    + ((card_mask >> 39) & 8191) * (bit_count((card_mask >> 39) & 8191) >= 5)::bigint;

-- The lookup list of 024, read once per query.
create macro rank_lookup() as (select hand_rank_lookup.lookup from hand_rank_lookup);

/*
  The rank from the sums of the cards' codes (rank_key and card_mask, 001): null unless
  hand_card_count is 5 to 7 and the mask holds as many cards (a card twice, a null or an
  unknown card_id sets fewer bits). The check multiplies the answer by 1 or null rather than
  wrapping it in a case: outside a case, DuckDB computes each repeated expression once.
*/
create macro hand_rank_of_keys(hand_rank_key, hand_card_mask, hand_card_count) as least(
    rank_lookup()[
        rank_lookup()[73775 + 8192 + 78125 + hand_rank_key // 78125 + 1]
        + rank_lookup()[73775 + 8192 + hand_rank_key % 78125 + 1] + 1
    ],
    rank_lookup()[73775 + flush_values(hand_card_mask) + 1]
) * nullif(cast(hand_card_count between 5 and 7 and bit_count(hand_card_mask) = hand_card_count as integer), 0);

-- The sums of the codes of 5 to 7 cards (c6 and c7 null when the hand has not them).
create macro rank_key_of(c1, c2, c3, c4, c5, c6, c7) as
    card_rank_code(c1) + card_rank_code(c2) + card_rank_code(c3) + card_rank_code(c4) + card_rank_code(c5)
    + coalesce(card_rank_code(c6), 0) + coalesce(card_rank_code(c7), 0);

create macro card_mask_of(c1, c2, c3, c4, c5, c6, c7) as
    card_bit(c1) | card_bit(c2) | card_bit(c3) | card_bit(c4) | card_bit(c5)
    | coalesce(card_bit(c6), 0) | coalesce(card_bit(c7), 0);

create macro hand_rank_of(c1, c2, c3, c4, c5, c6 := null, c7 := null) as hand_rank_of_keys(
    rank_key_of(c1, c2, c3, c4, c5, c6, c7),
    card_mask_of(c1, c2, c3, c4, c5, c6, c7),
    5 + cast(c6 is not null as integer) + cast(c7 is not null as integer)
);

create macro hand_rank_of_list(card_ids) as hand_rank_of_keys(
    cast(list_sum(list_transform(card_ids, lambda card: card_rank_code(card))) as bigint),
    list_bit_or(list_transform(card_ids, lambda card: card_bit(card))),
    len(card_ids)
);

-- The text when it is canonical (5 to 7 cards, one space between), else '' (null for null).
-- Not a case: DuckDB computes an expression repeated outside a case once, and this one is
-- repeated for each card.
create macro canonical_hand_text(hand_text) as left(
    hand_text,
    20 * cast(regexp_full_match(left(hand_text, 21), '([2-9TJQKA][cdhs] ){4,6}[2-9TJQKA][cdhs]') as integer)
);

-- The bytes of a canonical text padded to 20: bytes 0-15 in head, 16-19 in tail (big-endian).
create macro canonical_bytes(hand_text) as {
    'head': cast(cast(encode(left(rpad(hand_text, 20, ' '), 16)) as bit) as hugeint),
    'tail': cast(cast(encode(right(rpad(hand_text, 20, ' '), 4)) as bit) as bigint)
};

create macro canonical_byte(text_bytes, byte_index) as cast(case
    when byte_index < 16 then (text_bytes.head >> (8 * (15 - byte_index))) & 255
    else (text_bytes.tail >> (8 * (19 - byte_index))) & 255
end as integer);

-- Card i (0-6) of a canonical text: rank byte 3i, suit byte 3i + 1; null for padding.
create macro canonical_card(text_bytes, card_index) as
    list_transform(range(128), lambda byte: nullif(strpos('23456789TJQKA', chr(cast(byte as integer))), 0) * 4 - 4)[
        canonical_byte(text_bytes, 3 * card_index) + 1
    ]
    + list_transform(range(128), lambda byte: nullif(strpos('cdhs', chr(cast(byte as integer))), 0) - 1)[
        canonical_byte(text_bytes, 3 * card_index + 1) + 1
    ];

-- A canonical text's keys from its bytes; any other text's from 019's reading, only for it.
create macro hand_rank(hand_text) as hand_rank_of_keys(
    coalesce(
        rank_key_of(
            canonical_card(canonical_bytes(canonical_hand_text(hand_text)), 0),
            canonical_card(canonical_bytes(canonical_hand_text(hand_text)), 1),
            canonical_card(canonical_bytes(canonical_hand_text(hand_text)), 2),
            canonical_card(canonical_bytes(canonical_hand_text(hand_text)), 3),
            canonical_card(canonical_bytes(canonical_hand_text(hand_text)), 4),
            canonical_card(canonical_bytes(canonical_hand_text(hand_text)), 5),
            canonical_card(canonical_bytes(canonical_hand_text(hand_text)), 6)
        ),
        case when canonical_hand_text(hand_text) = '' then cast(list_sum(list_transform(
            hand_text_card_ids(hand_text), lambda card: card_rank_code(card)
        )) as bigint) end
    ),
    coalesce(
        card_mask_of(
            canonical_card(canonical_bytes(canonical_hand_text(hand_text)), 0),
            canonical_card(canonical_bytes(canonical_hand_text(hand_text)), 1),
            canonical_card(canonical_bytes(canonical_hand_text(hand_text)), 2),
            canonical_card(canonical_bytes(canonical_hand_text(hand_text)), 3),
            canonical_card(canonical_bytes(canonical_hand_text(hand_text)), 4),
            canonical_card(canonical_bytes(canonical_hand_text(hand_text)), 5),
            canonical_card(canonical_bytes(canonical_hand_text(hand_text)), 6)
        ),
        case when canonical_hand_text(hand_text) = '' then list_bit_or(list_transform(
            hand_text_card_ids(hand_text), lambda card: card_bit(card)
        )) end
    ),
    coalesce(
        nullif(length(canonical_hand_text(hand_text)) // 3 + 1, 1),
        case when canonical_hand_text(hand_text) = '' then len(hand_text_card_ids(hand_text)) end
    )
);
