/*
  Chinese poker (3-5-5) dealt and scored: `pokersql deal --game chinese` (docs/games-chinese.md).

  chinese_deal_cards: one row per card dealt per deal of deal_settings (002): the deck of
    shuffle_and_deal (003: the same seed, the same deck as every deal), its first 13 * players
    cards, 13 to each player: deal_order 'blocks', 13 consecutive cards to each; 'round-robin',
    one card to each player in turn.

  chinese_best_settings: one row per hand of hand_input (004): its best setting, the first of
    chinese_arrangements (048: the legal settings ranked by arrange's objective), the rule
    `deal --game chinese` sets each player's cards by. Every 13 cards have a legal setting (the
    best five of the 13 in the back, the best five of the other eight in the middle: see
    docs/games-chinese.md), so no hand of it fouls.
  chinese_sorted_settings: one row per hand of hand_input: the setting of the simple rule of
    docs/games-chinese.md: the cards in card order (card_id: by value, then suit), the three lowest in
    the front, the next five in the middle, the five highest in the back. It may foul.

  chinese_row(...), five_card_royalties(points): scalar macros, a row's result and royalties.
  chinese_scores_of(played_rows): a table macro, the 2-4 scoring of the settings of the
    relation named (one row per player, hand_no, with chinese_settings' columns: fouls,
    front_points, front_rank, middle_points, middle_hand_rank, back_points, back_hand_rank):
    one row per ordered pair of players, the player's row with the opponent's hand_no
    (opponent), its setting_royalties and, from the player's side:
      front, middle, back  +1 the row won, -1 lost, 0 tied: front_rank higher wins, a hand_rank
                           lower wins; a fouled setting loses every row to one that did not
                           foul; two fouled settings tie every row;
      scoop                +3 when the player wins all three rows, -3 when they lose all three;
      row_points           front + middle + back + scoop;
      royalties            the player's royalties less the opponent's (a fouled setting has
                           none); each setting's royalties by the table of docs/games-chinese.md:
                             back: straight 2, flush 4, full house 6, four of a kind 10,
                               straight flush 15, royal flush 25;
                             middle: twice the back's: 4, 8, 12, 20, 30, 50;
                             front: a pair of sixes 1 ... of aces 9 (the value less 5),
                               three of a kind: deuces 10 ... aces 22 (the value plus 8);
      points_with_royalties  row_points + royalties.
    total_points, total_with_royalties: the player's row_points and points_with_royalties summed
    over their opponents. Each pair's points are the opposite of its reverse's: the players'
    totals add to zero.
  chinese_deal_scores, chinese_sorted_scores: chinese_scores_of the best settings and of the
    simple rule's.
*/

create view chinese_deal_cards as
select
    dealt.deal_no,
    dealt.deck_position,
    dealt.card_id,
    case
        when settings.deal_order = 'round-robin' then (dealt.deck_position - 1) % settings.players + 1
        else (dealt.deck_position - 1) // 13 + 1
    end as player
from shuffle_and_deal as dealt
cross join deal_settings as settings
where dealt.deck_position <= 13 * settings.players;

create view chinese_best_settings as
select *
from chinese_arrangements
where setting_no = 1;

create view chinese_sorted_settings as
with
    card_order as (
        select
            hand_input.hand_no,
            cards.card_bit,
            row_number() over (partition by hand_input.hand_no order by hand_input.card_id) as position
        from hand_input
        inner join cards
            on cards.card_id = hand_input.card_id
    ),
    sorted_masks as (
        select
            hand_no,
            cast(sum(case when position <= 3 then card_bit else 0 end) as bigint) as front_mask,
            cast(sum(case when position between 4 and 8 then card_bit else 0 end) as bigint) as middle_mask
        from card_order
        group by hand_no
    )
select
    chinese_settings.*,
    1 as place  -- as the best settings have it: one setting a hand
from sorted_masks
inner join chinese_settings
    on chinese_settings.hand_no = sorted_masks.hand_no
    and chinese_settings.front_mask = sorted_masks.front_mask
    and chinese_settings.middle_mask = sorted_masks.middle_mask;

-- A row of a pair of settings, from the player's side: +1 won, -1 lost, 0 tied, by its margin
-- (how much better the player's hand is); a fouled setting loses to one that did not foul.
create macro chinese_row(player_fouls, opponent_fouls, margin) as case
    when player_fouls + opponent_fouls > 0 then opponent_fouls - player_fouls
    when margin > 0 then 1
    when margin < 0 then -1
    else 0
end;

-- A back row's royalties by its points (hand_categories, 006); the middle's are twice them.
create macro five_card_royalties(points) as case points
    when 4 then 2 when 5 then 4 when 6 then 6 when 7 then 10 when 8 then 15 when 9 then 25 else 0
end;

create macro chinese_scores_of(played_rows) as table
with
    played as (
        select
            setting.*,
            case
                when setting.fouls = 1 then 0
                else
                    case
                        when setting.front_points = 3 then (setting.front_rank - 3 * 3375) // 225 + 8
                        when setting.front_points = 1 and (setting.front_rank - 3375) // 225 >= 6
                            then (setting.front_rank - 3375) // 225 - 5
                        else 0
                    end
                    + 2 * five_card_royalties(setting.middle_points)
                    + five_card_royalties(setting.back_points)
            end as setting_royalties
        from query_table(played_rows) as setting
    ),
    -- a fouled setting loses every row to one that did not foul (opponent.fouls - player.fouls:
    -- -1 or 1), and ties every row with another fouled one (0)
    pairs as (
        select
            player.*,
            opponent.hand_no as opponent,
            chinese_row(player.fouls, opponent.fouls, player.front_rank - opponent.front_rank) as front,
            chinese_row(player.fouls, opponent.fouls, opponent.middle_hand_rank - player.middle_hand_rank) as middle,
            chinese_row(player.fouls, opponent.fouls, opponent.back_hand_rank - player.back_hand_rank) as back,
            player.setting_royalties - opponent.setting_royalties as royalties
        from played as player
        cross join played as opponent
        where opponent.hand_no <> player.hand_no
    ),
    scooped as (
        select
            pairs.*,
            case front + middle + back when 3 then 3 when -3 then -3 else 0 end as scoop
        from pairs
    ),
    scored as (
        select
            scooped.*,
            front + middle + back + scoop as row_points,
            front + middle + back + scoop + royalties as points_with_royalties
        from scooped
    )
select
    scored.*,
    sum(row_points) over (partition by hand_no) as total_points,
    sum(points_with_royalties) over (partition by hand_no) as total_with_royalties
from scored;

create view chinese_deal_scores as
select * from chinese_scores_of('chinese_best_settings');

create view chinese_sorted_scores as
select * from chinese_scores_of('chinese_sorted_settings');
