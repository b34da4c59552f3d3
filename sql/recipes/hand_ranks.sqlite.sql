/*
  Your own hands on SQLite: hand_rank, points and category of every hand of 5 to 7 cards, by
  card_sum_ranks (011), the lookup best_hands reads. SQLite has no macros: print this query with
  the macro written in, and read it in the sqlite3 shell, with
      pokersql sql --recipe hand_ranks --dialect sqlite > hand_ranks.sql
  DuckDB runs the file as it is. Writes nothing.

  Reads a table (or view) my_hands(hand_id, cards): card text in the contract's notation, as
  the DuckDB macros read it: a rank (2-9, T or 10, J, Q, K, A, either case) then a suit (s h d
  c, either case, or a symbol), the cards separated by spaces, commas, tabs or line ends, or
  run together ('As Ks 7d 7c 7h 2s 9c', 'as,ks,10d', 'A♠K♠7♦').

  One row per hand. A text that is no hand (an unknown card; a card twice, however written:
  'Th' and '10h', 'Ah' and 'A♥'; fewer than 5 or more than 7 cards; null; over 64 characters,
  not read) gets no rank: its card_count, hand_rank, points and category are null and problem
  says why ("duplicate card 'Ah'", "a hand needs 5, 6 or 7 cards, got 4"; an unknown card is
  named as read, in upper case: "unknown card 'XX' (card 1 as read)"). problem is null for a
  hand.

  Long rows, one per hand and card_id: replace hand_keys below by
      select hand_id, sum(rank_code) as rank_key, sum(suit_code) as suit_counts,
          sum(card_bit) as card_mask, count(*) as card_count, null as problem
      from your_table inner join cards using (card_id) group by hand_id
      having count(*) between 5 and 7 and count(distinct card_id) = count(*)

  The best five, named in order, and places within a group: showdown.sqlite.sql, with your
  hands as its hole cards (`select hand_id, 1 as seat, cards as hole, '' as board`).
  A million hands of canonical text took 12 s in SQLite 3.40 on one core (2026-11-25;
  bench/own_hands_sql.py): one lookup of cards by name per card, no grouping.
*/

with
    hand_texts as (
        -- The text in canonical letters: '10' as T, suit symbols as letters, ranks upper case
        -- and suits lower case (no rank is S, H, D or C), every separator a space. Letter by
        -- letter: DuckDB's upper() makes the long s 'ſ' an S. A tab and a line end stand as
        -- themselves in quotes (SQLite's char() is DuckDB's chr()). A text that is canonical
        -- already (5, 6 or 7 cards, one space between them) is taken as it is: one glob
        -- instead of seventeen replaces.
        select
            my_hands.hand_id,
            my_hands.cards,
            case
                when my_hands.cards glob '[2-9TJQKA][cdhs] [2-9TJQKA][cdhs] [2-9TJQKA][cdhs] [2-9TJQKA][cdhs] [2-9TJQKA][cdhs]'
                    or my_hands.cards glob '[2-9TJQKA][cdhs] [2-9TJQKA][cdhs] [2-9TJQKA][cdhs] [2-9TJQKA][cdhs] [2-9TJQKA][cdhs] [2-9TJQKA][cdhs]'
                    or my_hands.cards glob '[2-9TJQKA][cdhs] [2-9TJQKA][cdhs] [2-9TJQKA][cdhs] [2-9TJQKA][cdhs] [2-9TJQKA][cdhs] [2-9TJQKA][cdhs] [2-9TJQKA][cdhs]'
                    then my_hands.cards
                when length(my_hands.cards) <= 64 then replace(replace(replace(replace(replace(replace(replace(
                    replace(replace(replace(replace(replace(
                        replace(replace(replace(replace(replace(my_hands.cards, '10', 'T'),
                            '♠', 's'), '♥', 'h'), '♦', 'd'), '♣', 'c'),
                        't', 'T'), 'j', 'J'), 'q', 'Q'), 'k', 'K'), 'a', 'A'),
                    'S', 's'), 'H', 'h'), 'D', 'd'), 'C', 'c'), ',', ' '), '	', ' '), '
', ' ')
            end as spaced
        from my_hands
    ),
    -- hand_cards and hand_keys are materialized: each of their columns is read many times
    -- below, and SQLite would otherwise compute it again at each reading (the seventeen
    -- replaces above some thirty times a hand: 78 microseconds a hand where 9 do).
    hand_cards as materialized (
        -- The cards run together: card k is the two characters from 2k - 1.
        select
            hand_texts.hand_id,
            hand_texts.cards,
            hand_texts.spaced,
            replace(hand_texts.spaced, ' ', '') as run_together
        from hand_texts
    ),
    hand_keys as materialized (
        -- The sums of the cards' codes (001): values in base 5, suits in base 8, the card set;
        -- a hand of 5 or 6 cards finds no card_6 or card_7, which add nothing. And what makes
        -- the text no hand, in the CLI's order: an unknown card, a card twice, the count.
        select
            hand_cards.hand_id,
            coalesce(card_1.rank_code, 0)
            + coalesce(card_2.rank_code, 0)
            + coalesce(card_3.rank_code, 0)
            + coalesce(card_4.rank_code, 0)
            + coalesce(card_5.rank_code, 0)
            + coalesce(card_6.rank_code, 0)
            + coalesce(card_7.rank_code, 0) as rank_key,
            coalesce(card_1.suit_code, 0)
            + coalesce(card_2.suit_code, 0)
            + coalesce(card_3.suit_code, 0)
            + coalesce(card_4.suit_code, 0)
            + coalesce(card_5.suit_code, 0)
            + coalesce(card_6.suit_code, 0)
            + coalesce(card_7.suit_code, 0) as suit_counts,
            coalesce(card_1.card_bit, 0)
            + coalesce(card_2.card_bit, 0)
            + coalesce(card_3.card_bit, 0)
            + coalesce(card_4.card_bit, 0)
            + coalesce(card_5.card_bit, 0)
            + coalesce(card_6.card_bit, 0)
            + coalesce(card_7.card_bit, 0) as card_mask,
            cast(length(hand_cards.run_together) / 2 as integer) as card_count,
            case
                when hand_cards.cards is null
                    then 'no cards: the hand is null'
                when hand_cards.spaced is null
                    then 'the hand is ' || length(hand_cards.cards) || ' characters long: 5 to 7 cards take at most 64'
                when hand_cards.spaced glob '*[2-9TJQKA] *'
                    then 'unknown card: a rank apart from its suit'
                when card_1.card_id is null and length(hand_cards.run_together) >= 1
                    then 'unknown card ''' || substr(hand_cards.run_together, 1, 2) || ''' (card 1 as read)'
                when card_2.card_id is null and length(hand_cards.run_together) >= 3
                    then 'unknown card ''' || substr(hand_cards.run_together, 3, 2) || ''' (card 2 as read)'
                when card_3.card_id is null and length(hand_cards.run_together) >= 5
                    then 'unknown card ''' || substr(hand_cards.run_together, 5, 2) || ''' (card 3 as read)'
                when card_4.card_id is null and length(hand_cards.run_together) >= 7
                    then 'unknown card ''' || substr(hand_cards.run_together, 7, 2) || ''' (card 4 as read)'
                when card_5.card_id is null and length(hand_cards.run_together) >= 9
                    then 'unknown card ''' || substr(hand_cards.run_together, 9, 2) || ''' (card 5 as read)'
                when card_6.card_id is null and length(hand_cards.run_together) >= 11
                    then 'unknown card ''' || substr(hand_cards.run_together, 11, 2) || ''' (card 6 as read)'
                when card_7.card_id is null and length(hand_cards.run_together) >= 13
                    then 'unknown card ''' || substr(hand_cards.run_together, 13, 2) || ''' (card 7 as read)'
                when card_2.card_id in (card_1.card_id)
                    then 'duplicate card ''' || card_2.name || ''''
                when card_3.card_id in (card_1.card_id, card_2.card_id)
                    then 'duplicate card ''' || card_3.name || ''''
                when card_4.card_id in (card_1.card_id, card_2.card_id, card_3.card_id)
                    then 'duplicate card ''' || card_4.name || ''''
                when card_5.card_id in (card_1.card_id, card_2.card_id, card_3.card_id, card_4.card_id)
                    then 'duplicate card ''' || card_5.name || ''''
                when card_6.card_id in (card_1.card_id, card_2.card_id, card_3.card_id, card_4.card_id, card_5.card_id)
                    then 'duplicate card ''' || card_6.name || ''''
                when card_7.card_id in (
                    card_1.card_id, card_2.card_id, card_3.card_id, card_4.card_id, card_5.card_id, card_6.card_id
                )
                    then 'duplicate card ''' || card_7.name || ''''
                when length(hand_cards.run_together) not in (10, 12, 14)
                    -- the count with no fraction on either engine (DuckDB's / is exact)
                    then 'a hand needs 5, 6 or 7 cards, got '
                        || cast((length(hand_cards.run_together) + length(hand_cards.run_together) % 2) / 2 as integer)
            end as problem
        from hand_cards
        left join cards as card_1
            on card_1.name = substr(hand_cards.run_together, 1, 2)
        left join cards as card_2
            on card_2.name = substr(hand_cards.run_together, 3, 2)
        left join cards as card_3
            on card_3.name = substr(hand_cards.run_together, 5, 2)
        left join cards as card_4
            on card_4.name = substr(hand_cards.run_together, 7, 2)
        left join cards as card_5
            on card_5.name = substr(hand_cards.run_together, 9, 2)
        left join cards as card_6
            on card_6.name = substr(hand_cards.run_together, 11, 2)
        left join cards as card_7
            on card_7.name = substr(hand_cards.run_together, 13, 2)
    ),
    -- The hands, ranked by card_sum_ranks (011), the lookup every path of pokersql reads.
    good_keys as (
        select
            hand_id,
            card_count,
            rank_key,
            suit_counts,
            card_mask
        from hand_keys
        where problem is null
    ),
    ranked as (
        select
            hand_id,
            card_count,
            hand_rank
        from card_sum_ranks('good_keys')
    )
select
    ranked.hand_id,
    ranked.card_count,
    hand_classes.hand_rank,
    hand_classes.points,
    hand_classes.category,
    null as problem
from ranked
inner join hand_classes
    on hand_classes.hand_rank = ranked.hand_rank
-- A text that is no hand gets no rank (a union, not a join back: SQLite would look each hand
-- up again).
union all
select
    hand_id,
    null,
    null,
    null,
    null,
    problem
from hand_keys
where problem is not null
order by hand_id;
