/*
  The reader's calculation (issue 48, docs/games-chinese.md): for each hand of hand_input (004), what
  its best setting holds and whether the simple rule fouls it.

  chinese_hand_summary: one row per hand of hand_input:
    front_points   the category of its best setting's front (chinese_best_settings, 053:
                   arrange's rule), on hand_categories' scale: 3, 1 or 0;
    legal_settings of its 72,072 settings (all_settings), those that do not foul;
    sorted_fouls   1 when the simple rule's setting (chinese_sorted_settings, 053) fouls.
  bench/chinese_reader.py counts them over a seeded sample of hands.
*/

create view chinese_hand_summary as
select
    best.hand_no,
    best.front_points,
    best.legal_settings,
    best.all_settings,
    simple.fouls as sorted_fouls
from chinese_best_settings as best
inner join chinese_sorted_settings as simple
    on simple.hand_no = best.hand_no;
