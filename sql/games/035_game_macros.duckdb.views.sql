/*
  DuckDB only: the macros of the other games on card text, beside hand_rank (027).

    omaha_rank(hole_text, board_text)   Omaha high: the best hand_rank (Hold'em's numbering,
                                        1 to 7,462) of exactly two of the 4, 5 or 6 hole cards
                                        and three of the 3 to 5 board cards; null when the
                                        hole or the board is not that many cards in the
                                        contract's notation, or a card is given twice.
    short_deck_rank(hand_text, rule_set)
                                        short deck: the hand_rank (1 to 1,404) of 5 to 7
                                        cards of the 36-card deck (6 through A) under
                                        rule_set 'shortdeck' or 'shortdeck-triton'; null for
                                        a card below 6 or a card twice; another rule set is
                                        an error naming it (a typo would otherwise be a
                                        column of nulls).

  Both look their hands up in the one definition: omaha_rank each five of its hand by
  hand_class_of (027, over the lists of 026), short_deck_rank in short_deck_best_by_values
  and short_deck_best_by_flush (033), the flush suit's bits found by the lists of 026.
  Each is a subquery per distinct argument (DuckDB joins it back), fine for a column of
  hands; a whole table is faster through the table macros of 034 (omaha_ranks_of,
  short_deck_card_ranks).
*/

-- The card_ids of a text of count_low to count_high cards in any notation of the contract,
-- in its order; null for any other text.
create macro game_card_ids(card_text, count_low, count_high) as case
    when length(card_text) <= 64
        and regexp_full_match(card_text, '[ ,\t\n\r\f\v]*((10|[2-9TJQKAtjqka])[SHDCshdc♠♥♦♣][ ,\t\n\r\f\v]*)+')
        and len(card_ids_in_text(card_text)) between count_low and count_high
        then card_ids_in_text(card_text)
end;

create macro omaha_rank(hole_text, board_text) as (
    select min(
        hand_class_of_cards(
            given.hole[hole_pairs.first_index],
            given.hole[hole_pairs.second_index],
            given.board[board_triples.first_index],
            given.board[board_triples.second_index],
            given.board[board_triples.third_index],
            null,
            null
        ).hand_rank
    )
    from (
        select
            game_card_ids(hole_text, 4, 6) as hole,
            game_card_ids(board_text, 3, 5) as board
    ) as given
    cross join (
        select
            first_hole.first_index,
            second_hole.second_index
        from range(1, 7) as first_hole (first_index)
        inner join range(1, 7) as second_hole (second_index)
            on second_hole.second_index > first_hole.first_index
    ) as hole_pairs
    cross join (
        select
            first_board.first_index,
            second_board.second_index,
            third_board.third_index
        from range(1, 6) as first_board (first_index)
        inner join range(1, 6) as second_board (second_index)
            on second_board.second_index > first_board.first_index
        inner join range(1, 6) as third_board (third_index)
            on third_board.third_index > second_board.second_index
    ) as board_triples
    where hole_pairs.second_index <= len(given.hole)
        and board_triples.third_index <= len(given.board)
        and len(list_distinct(given.hole || given.board)) = len(given.hole) + len(given.board)
);

create macro short_deck_rank(hand_text, rule_set) as case
    when not list_contains((select list(ranking) from games where lowest_value = 6), rule_set)
        then error(
            'short_deck_rank: unknown rule set ''' || rule_set || ''': use '
            || (select string_agg('''' || ranking || '''', ' or ' order by ranking) from games where lowest_value = 6)
        )
    else (
        select least(by_values.hand_rank, coalesce(by_flush.hand_rank, by_values.hand_rank))
        from (
            select
                card_ids,
                cast(list_sum(list_transform(card_ids, lambda c: rank_code_of(c))) as bigint) as rank_key,
                cast(list_sum(list_transform(card_ids, lambda c: suit_code_of(c))) as bigint) as suit_counts,
                cast(list_sum(list_transform(card_ids, lambda c: card_bit_of(c))) as bigint) as card_mask
            from (select game_card_ids(hand_text, 5, 7) as card_ids) as given
            where len(list_distinct(card_ids)) = len(card_ids)
                and list_min(card_ids) >= 16
        ) as summed
        inner join short_deck_best_by_values as by_values
            on by_values.rank_key = summed.rank_key
        left join short_deck_best_by_flush as by_flush
            on by_flush.ranking = by_values.ranking
            and by_flush.value_mask = (summed.card_mask >> (select flush_shifts from hand_class_lists)[summed.suit_counts + 1])
                & (select flush_bits from hand_class_lists)[summed.suit_counts + 1]
        where by_values.ranking = rule_set
    )
end;
