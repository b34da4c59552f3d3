"""The hero: the player whose hole cards the files deal ("Dealt to Hero [Ah Kd]"), what
``history --hero`` and ``stats --hero`` keep (docs/histories-stats.md).

A site's file deals the hero's cards in every hand they play; another player's cards are known
only in the hands where they are shown. Of the hands where one seat's cards only are known (no
one else showed), the hero is the player of that seat in the most of them, if no other player is
in as many: in files that show every seat's cards (the Pluribus hands, PHH) there is no such
hand and no hero, and ``--hero`` says so.
"""

from __future__ import annotations

from ..engines.base import Engine
from ..errors import BadInput


def hero(engine: Engine, command: str) -> str:
    """The hero's name; BadInput when no hand is imported, or no one player's cards are known
    in more hands than anyone else's."""
    if "history_seats" not in engine.object_types():
        raise BadInput(f"{command} --hero: no hand is imported: pokersql import FILE... first")
    known = engine.execute(  # of the hands that know one seat's cards only, whose
        "select player, count(*) from (select min(player) as player from history_seats where hole_1 is not null "
        "group by site, hand_id having count(*) = 1) as dealt group by player order by count(*) desc, player limit 2"
    )
    if not known:
        raise BadInput(f"{command} --hero: no imported hand deals one player's hole cards alone "
                       "(every seat's are known, or none); give --player NAME")
    if len(known) == 2 and known[0][1] == known[1][1]:
        raise BadInput(
            f"{command} --hero: the hands deal {known[0][0]}'s and {known[1][0]}'s hole cards as often "
            f"({known[0][1]:,} hands each), so none is the hero; give --player NAME"
        )
    return str(known[0][0])
