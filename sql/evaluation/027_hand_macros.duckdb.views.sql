/*
  DuckDB macros for the user's own hands (issue 11): no table is written; they read the
  lookup tables as lists (hand_class_lists, 026).

  On card text, one value per hand:
    hand_rank(hand_text)      the hand_rank (1-7462) of 5 to 7 cards;
    hand_category(hand_text)  the category of that hand;
    best_five(hand_text)      the five cards that make it, as canonical text, in the order
                              `pokersql eval` and typed_hands (011) show: largest group first,
                              then higher value (the ace low in a wheel), then higher suit;
    hand_problem(hand_text)   why the text is no hand, in the CLI's words ("unknown card 'Xx'",
                              "duplicate card 'Ah'", "a hand needs 5, 6 or 7 cards, got 4");
                              null when it is one.
  The text is read as the contract's notation (a rank 2-9, T or 10, J, Q, K, A, either case,
  then a suit s h d c, either case, or a symbol; separated by spaces, commas, tabs or line
  ends, or run together). An unknown card, a card twice (however written), fewer than 5 or
  more than 7 cards, null, or a text longer than 64 characters (7 cards take 33 at most) make
  it no hand: every macro answers null for it, never a rank.

  On card ids, the same, for those who hold cards as numbers (and for the text macros):
    hand_card_ids(hand_text)    the card_ids of the text, in its order (null when no hand);
    hand_class_of(card_ids)     the hand's row of hand_classes, as a struct: hand_rank, points,
                                category, rank_key, is_flush, kicker_1 (null unless 5 to 7
                                distinct card_ids, each 0 to 51);
    best_five_of(card_ids)      the best five of that list, as text;
    hand_class_of_cards(card_0, ..., card_6)  the same of 5 to 7 card_ids in columns;
    hand_problem_of(card_ids)   why the list is no hand, null when it is one.

  On long rows, one row per hand and card, a table macro:
    hand_ranks(relation)  the name of a table or view with columns hand_id and card_id
                          (any other columns are ignored): one row per hand_id with
                          card_count, hand_rank, points, category, best and problem (a hand
                          with a null, unknown or repeated card_id, or not 5 to 7 of them,
                          gets nulls and its problem). The place of a hand within the user's
                          own grouping is theirs to take:
                          rank() over (partition by <their id> order by hand_rank).

  One definition of poker: the lookup tables best_hands (011) reads, laid out as lists (026)
  and read in one place (hand_class_from_sums), at the sums of the cards' codes of 001; the
  best five ordered in one place (card_play_key, 011, which every engine's evaluation reads).
  No macro joins per hand.
*/

/*
  The card_ids of every card named in the text, unchecked: ranks upper case, '10' as T, suit
  symbols as letters; card_id = (value - 2) * 4 + suit_index, suits c d h s (001, the contract).
*/
create macro card_ids_in_text(hand_text) as list_transform(
    regexp_extract_all(upper(translate(replace(hand_text, '10', 'T'), '♠♥♦♣', 'shdc')), '[2-9TJQKA][SHDC]'),
    lambda card_name: (strpos('23456789TJQKA', card_name[1]) - 1) * 4 + strpos('CDHS', card_name[2]) - 1
);

/*
  The card_id of the card whose name starts at first_character of a text (a rank 2-9, T, J,
  Q, K or A, then a suit c, d, h or s): where those two characters are found among the deck's
  names, written three characters a card in card_id order (a card's name is found only where
  one starts). The text must name a card there: hand_text_card_ids checks it first, since two
  characters that name no card give 0, the card_id of 2c.
*/
create macro card_id_at(hand_text, first_character) as
    (strpos('2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s 9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac Ad Ah As', substring(hand_text, first_character, 2)) - 1) // 3;

/*
  The card_ids of a text of 5 to 7 cards in the contract's notation, in its order; null for
  any other text. A card given twice is left to hand_class_of, which refuses it.
*/
create macro hand_text_card_ids(hand_text) as case
    -- Bounded first: no regular expression reads a long text (a megabyte took minutes). The
    -- branches read no more than 64 characters of it either (the canonical one reads 7
    -- cards at most): DuckDB may compute a branch it does not take (a constant's, folded
    -- beforehand).
    when length(hand_text) > 64
        then null
    -- The contract's canonical text ('As Ks 7d 7c 7h 2s 9c': 5 to 7 cards, one character
    -- between them) is read by position, with no regular expression per card and no lambda:
    -- card i (from 0) is characters 3i + 1 and 3i + 2 (card_id_at), the list cut to the
    -- text's cards.
    when regexp_full_match(hand_text, '([2-9TJQKA][cdhs][ ,]){4,6}[2-9TJQKA][cdhs]')
        then [
            card_id_at(hand_text, 1),
            card_id_at(hand_text, 4),
            card_id_at(hand_text, 7),
            card_id_at(hand_text, 10),
            card_id_at(hand_text, 13),
            card_id_at(hand_text, 16),
            card_id_at(hand_text, 19)
        ][1:(length(hand_text) + 1) // 3]
    -- Any notation of the contract: nothing but cards and separators, 5 to 7 cards. The
    -- classes are spelled out: a case-insensitive match would take the long s 'ſ' and the
    -- Kelvin sign for letters of cards.
    when regexp_full_match(
        left(hand_text, 64),
        '[ ,\t\n\r\f\v]*((10|[2-9TJQKAtjqka])[SHDCshdc♠♥♦♣][ ,\t\n\r\f\v]*){5,7}'
    )
        then card_ids_in_text(left(hand_text, 64))
end;

-- The card_ids of the text, in its order, when it is a hand: 5 to 7 distinct cards.
create macro hand_card_ids(hand_text) as list_transform(
    [hand_text_card_ids(hand_text)],
    lambda card_ids: case when len(list_distinct(card_ids)) = len(card_ids) then card_ids end
)[1];

/*
  Why a list of card_ids is no hand, in the CLI's words and order (pokersql/cards.py: an
  unknown card, then a card twice, then the count); null when it is a hand.
*/
create macro hand_problem_of(card_ids) as case
    when card_ids is null
        then 'no cards: the hand is null'
    when list_bool_or(list_transform(card_ids, lambda c: c is null))
        then 'a card_id is null'
    when list_bool_or(list_transform(card_ids, lambda c: c not between 0 and 51))
        then format(
            'unknown card_id {}: card ids run from 0 (2c) to 51 (As)',
            list_filter(card_ids, lambda c: c not between 0 and 51)[1]
        )
    when len(list_distinct(card_ids)) < len(card_ids)
        then format(
            'duplicate card ''{}''',
            list_transform(
                list_filter(card_ids, lambda c, i: list_position(card_ids, c) < i),
                lambda c: substring('23456789TJQKA', c // 4 + 1, 1) || substring('cdhs', c % 4 + 1, 1)
            )[1]
        )
    when len(card_ids) not between 5 and 7
        then format('a hand needs 5, 6 or 7 cards, got {}', len(card_ids))
end;

-- Why a text is no hand (null when it is one): the text itself, then its cards.
create macro hand_problem(hand_text) as case
    when hand_text is null
        then 'no cards: the hand is null'
    when length(hand_text) > 64
        then format('the hand is {} characters long: 5 to 7 cards take at most 64', length(hand_text))
    else coalesce(
        -- The first piece between separators that is not all cards, from where its cards
        -- end (as the CLI names it).
        'unknown card '''
            || list_filter(
                list_transform(
                    string_split_regex(left(hand_text, 64), '[ ,\t\n\r\f\v]+'),
                    lambda piece: regexp_replace(piece, '^((10|[2-9TJQKAtjqka])[SHDCshdc♠♥♦♣])*', '')
                ),
                lambda rest: rest <> ''
            )[1]
            || ''': write a rank 2-9, T, J, Q, K, A and a suit s, h, d, c (e.g. ''Ah'')',
        hand_problem_of(card_ids_in_text(left(hand_text, 64)))
    )
end;

/*
  A hand's class from the sums of its cards' codes (rank_code_of, below), looked up by position
  in the lists of hand_class_lists (026), each read by an uncorrelated subquery (a constant of
  the query): the better (smaller) hand_rank of the values' slot and the flush suit's mask,
  then that rank's class. No join per hand: a subquery that joined on the sums made DuckDB
  group and join back every distinct hand (026).

  Anything that is not 5 to 7 distinct cards finds no class: a card twice, or a null, leaves
  fewer bits set in card_mask than there are cards; the class's index is then 0, which is no
  element of a list (DuckDB's lists count from 1), so the answer is null. (A case around the
  lookup said the same, and took 20 % longer.) Every index is 0 or more: a negative one would
  count from a list's end.
*/
create macro hand_class_from_sums(card_count, rank_key, suit_counts, card_mask) as
    (select classes from hand_class_lists)[
        least(
            (select value_ranks from hand_class_lists)[
                (select high_bases from hand_class_lists)[rank_key // 78125 + 1]
                + (select low_numbers from hand_class_lists)[rank_key % 78125 + 1]
                + 1
            ],
            (select flush_ranks from hand_class_lists)[
                ((card_mask >> (select flush_shifts from hand_class_lists)[suit_counts + 1])
                    & (select flush_bits from hand_class_lists)[suit_counts + 1])
                + 1
            ]
        )
        * (card_count between 5 and 7 and bit_count(card_mask) = card_count)::integer
    ];

/*
  A card's codes (001): rank_code = 5 ^ (c // 4) (from a list: a floating-point power took a
  third longer), suit_code = 8 ^ (c % 4), card_bit = 2 ^ (13 * (c % 4) + c // 4); checked
  against cards by the audit card_code_macros_match_the_cards. A card_id outside 0 to 51, or
  null, has none (0), which leaves the hand short of bits. The 1s shifted are integers (a
  TINYINT 1 shifted by 9 is out of range).
*/
create macro rank_code_of(card_id) as case when card_id between 0 and 51
    then cast([1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125, 9765625, 48828125, 244140625] as bigint[])[card_id // 4 + 1]
    else 0 end;
create macro suit_code_of(card_id) as case when card_id between 0 and 51 then cast(1 as integer) << (3 * (card_id % 4)) else 0 end;
create macro card_bit_of(card_id) as case when card_id between 0 and 51 then cast(1 as bigint) << (13 * (card_id % 4) + card_id // 4) else 0 end;

-- The cards of a hand of up to seven card_ids as a 52-bit set (card_mask, 001).
create macro card_mask_of(card_0, card_1, card_2, card_3, card_4, card_5, card_6) as
    card_bit_of(card_0) + card_bit_of(card_1) + card_bit_of(card_2) + card_bit_of(card_3)
        + card_bit_of(card_4) + card_bit_of(card_5) + card_bit_of(card_6);

create macro hand_class_of(card_ids) as hand_class_from_sums(
    len(card_ids),
    cast(list_sum(list_transform(card_ids, lambda c: rank_code_of(c))) as bigint),
    cast(list_sum(list_transform(card_ids, lambda c: suit_code_of(c))) as bigint),
    cast(list_sum(list_transform(card_ids, lambda c: card_bit_of(c))) as bigint)
);

/*
  The same class from five to seven card_ids given one by one, card_5 and card_6 null for
  fewer than seven (sqlglot, which reads these files, takes no default parameters): for
  card_ids held in columns, and for evaluate_many's batches (pokersql/own_hands.py). No list
  and no lambda.
*/
create macro hand_class_of_cards(card_0, card_1, card_2, card_3, card_4, card_5, card_6) as hand_class_from_sums(
    5 + (card_5 is not null)::integer + (card_6 is not null)::integer,
    rank_code_of(card_0) + rank_code_of(card_1) + rank_code_of(card_2) + rank_code_of(card_3)
        + rank_code_of(card_4) + rank_code_of(card_5) + rank_code_of(card_6),
    suit_code_of(card_0) + suit_code_of(card_1) + suit_code_of(card_2) + suit_code_of(card_3)
        + suit_code_of(card_4) + suit_code_of(card_5) + suit_code_of(card_6),
    card_mask_of(card_0, card_1, card_2, card_3, card_4, card_5, card_6)
);

/*
  A card's sort key among its hand's best five, 0 when it does not play: card_play_key (011),
  the one definition of the best five and their order, given the card's rank_code (null for a
  card that is none: no key) and the class's columns. best_five_from_class and evaluate_many's
  batches read it.
*/
create macro best_five_key(card_id, card_mask, suit_counts, hand_class) as card_play_key(
    card_id, nullif(rank_code_of(card_id), 0), card_mask, suit_counts,
    hand_class.rank_key, hand_class.is_flush, hand_class.points, hand_class.kicker_1
);

/*
  The best five, from the hand's class: the cards with a key (best_five_key), the highest key
  first, as canonical text. The cards' mask and suit counts are summed once, outside the
  lambdas, and handed to them as the one element of a list (as best_five_of hands the class).
*/
create macro best_five_from_class(card_ids, hand_class) as list_transform(
    [{
        'card_mask': cast(list_sum(list_transform(card_ids, lambda c: card_bit_of(c))) as bigint),
        'suit_counts': cast(list_sum(list_transform(card_ids, lambda c: suit_code_of(c))) as bigint)
    }],
    lambda sums: array_to_string(
        list_transform(
            list_filter(
                list_reverse_sort(list_transform(card_ids, lambda c: best_five_key(c, sums.card_mask, sums.suit_counts, hand_class))),
                lambda key: key > 0
            ),
            lambda key: substring('23456789TJQKA', (key % 64) // 4 + 1, 1) || substring('cdhs', key % 4 + 1, 1)
        ),
        ' '
    )
)[1];

-- The class is looked up once, outside the lambda (a lambda cannot hold a subquery), and
-- handed to it with the cards as the one element of a list: the lambdas of
-- best_five_from_class read the cards from it, not from the expression card_ids (which
-- DuckDB would compute again, or copy, at each mention).
create macro best_five_of(card_ids) as list_transform(
    [{'card_ids': card_ids, 'hand_class': hand_class_of(card_ids)}],
    lambda hand: case
        when hand.hand_class is not null then best_five_from_class(hand.card_ids, hand.hand_class)
    end
)[1];

-- hand_class_of refuses a card twice: the text macros need no more than hand_text_card_ids.
create macro hand_rank(hand_text) as hand_class_of(hand_text_card_ids(hand_text)).hand_rank;

create macro hand_category(hand_text) as hand_class_of(hand_text_card_ids(hand_text)).category;

create macro best_five(hand_text) as best_five_of(hand_text_card_ids(hand_text));

create macro hand_ranks(relation) as table
with
    user_hands as (
        select
            user_cards.hand_id,
            list(user_cards.card_id) as card_ids
        from query_table(relation) as user_cards
        group by user_cards.hand_id
    ),
    classed as (
        select
            user_hands.hand_id,
            user_hands.card_ids,
            hand_class_of(user_hands.card_ids) as hand_class
        from user_hands
    )
select
    classed.hand_id,
    len(classed.card_ids) as card_count,
    classed.hand_class.hand_rank,
    classed.hand_class.points,
    classed.hand_class.category,
    case
        when classed.hand_class is not null then best_five_from_class(classed.card_ids, classed.hand_class)
    end as best,
    hand_problem_of(classed.card_ids) as problem
from classed;
