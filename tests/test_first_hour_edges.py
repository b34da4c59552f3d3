"""A newcomer's first hour, round 3 (issue 67): what the first commands said that did not help."""

from __future__ import annotations

import pytest


# -- a range in a game other than Hold'em ------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "omaha8", "Ah 2h Kc Qc", "QQ+"],
         "equity --game omaha8: hand 2 'QQ+' is not cards: ranges are Hold'em's only; give 4 hole cards, or random"),
        (["--game", "omaha", "Ah 2h Kc Qc", "QQ+,AKs"],
         "omaha: hand 2 'QQ+,AKs' is not cards: ranges are Hold'em's only for now; give 4 hole cards, or random"),
        (["--game", "omaha5", "AA", "Ah 2h Kc Qc 3d"],
         "omaha5: hand 1 'AA' is not cards: ranges are Hold'em's only for now; give 5 hole cards, or random"),
        (["--game", "stud", "Ah Kc 2d", "QQ+"],
         "equity --game stud: hand 2 'QQ+' is not cards: ranges are Hold'em's only; give 2 to 7 cards, or random"),
        (["--game", "badugi", "QQ+", "random"],
         "equity --game badugi: hand 1 'QQ+' is not cards: ranges are Hold'em's only; give 1 to 4 cards, or random"),
    ],
)
def test_a_range_in_another_game_says_what_to_write_instead(run, args, message):
    """The one line says what the game's equity takes (its hole cards, or random), not only that
    ranges are Hold'em's."""
    status, out, err = run("equity", *args)
    assert (status, out, err) == (2, "", f"pokersql: error: {message}\n")


def test_what_the_line_names_is_taken(run):
    """`random` in the range's place, as the line says: the same command answers."""
    status, out, err = run("equity", "--game", "omaha8", "Ah 2h Kc Qc", "random", "--trials", "200", "--seed", "1", "--format", "csv")
    assert status == 0, err
    assert [line.split(",")[:3] for line in out.splitlines()[1:]] == [["1", "Ah 2h Kc Qc", "1"], ["2", "random", "194580"]]
