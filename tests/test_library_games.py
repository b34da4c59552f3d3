"""The library takes every game the command line takes (issue 64): `db.evaluate` and
`db.compare` of each of the 16 games answer as `eval --game` and `compare --game` print, where
before the split and lowball games were "unknown game" to the library (the command line went
to pokersql/lows.py on its own). The ranks themselves are checked against pokerkit in
tests/test_lows.py and tests/test_games.py; here, that the library's door is the command line's."""

from __future__ import annotations

import json
import re

import pytest

import pokersql
from pokersql.cli import main
from pokersql.errors import BadInput
from pokersql.games import NAMES, REGISTRY
from pokersql.output import present, to_json

# game: (hand 1, hand 2, board)
HANDS = {
    "holdem": ("Ah Kh", "Qs Qd", "2c 7d 9s Jh Th"),
    "omaha": ("Ah Kh Qd Jd", "Qs Qc 9d 8d", "2c 7d 9s Jh Th"),
    "omaha5": ("Ah Kh Qd Jd 2d", "Qs Qc 9d 8d 3d", "2c 7d 9s Jh Th"),
    "omaha6": ("Ah Kh Qd Jd 2d 3s", "Qs Qc 9d 8d 3d 4s", "2c 7d 9s Jh Th"),
    "shortdeck": ("Ah Kh", "Qs Qd", "6c 7d 9s Jh Th"),
    "shortdeck-triton": ("Ah Kh", "Qs Qd", "6c 7d 9s Jh Th"),
    "omaha8": ("Ah 2h Kc Qc", "As 3d 8s 8d", "4h 7c Kd 5s 9h"),
    "omaha5-8": ("Ah 2h Kc Qc Jc", "As 3d 8s 8d Td", "4h 7c Kd 5s 9h"),
    "courchevel": ("Ah 2h Kc Qc Jc", "As 3d 8s 8d Td", "4h 7c Kd 5s 9h"),
    "courchevel8": ("Ah 2h Kc Qc Jc", "As 3d 8s 8d Td", "4h 7c Kd 5s 9h"),
    "stud": ("Ah Ad Kc Kd 2s 3s 9h", "Qh Qd Qc 4d 5s 7s 8h", ""),
    "stud8": ("Ah 2d 3c 4d 5s Ks 9h", "Qh Qd Qc 4h 5h 7s 8h", ""),
    "razz": ("Ah 2d 3c 4d 5s Ks 9h", "Qh Qd Qc 4h 5h 7s 8h", ""),
    "deuce-to-seven": ("7h 5d 4c 3d 2s", "8h 6d 4h 3c 2d", ""),
    "ace-to-five": ("Ah 2d 3c 4d 5s", "6h 4h 3h 2h Ac", ""),
    "badugi": ("Ah 2d 3c 4s", "Kh Qd Jc Ts", ""),
}


def test_the_sixteen_games():
    assert sorted(HANDS) == sorted(NAMES) and len(HANDS) == 16


def _cli(capsys, db_file, *args):
    assert main(["--db", db_file, *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("game", sorted(HANDS))
def test_the_library_answers_every_game_as_the_command_line(db_file, capsys, game):
    first, second, board = HANDS[game]
    with pokersql.connect(db_file) as db:
        evaluated, compared = (  # as the command line presents a result in JSON
            json.loads(to_json(present(result, output_format="json").data))
            for result in (db.evaluate(first, game=game, board=board), db.compare(first, second, board=board, game=game))
        )
    on_board = ("--board", board) if board else ()
    assert evaluated == _cli(capsys, db_file, "eval", "--game", game, *first.split(), *on_board)
    assert compared == _cli(capsys, db_file, "compare", "--game", game, first, second, *on_board)
    assert evaluated["hand_rank"] >= 1


@pytest.mark.parametrize("game", sorted(name for name, game in REGISTRY.items() if game.is_split and game.board_cards))
def test_what_a_split_game_lacks_is_named_in_one_line(db_file, capsys, game):
    """freq counts the high games of hole cards and a board and the games of a player's own
    cards (deal, simulate and evaluate_many take every game: tests/test_deal_own_cards.py,
    tests/test_simulate_split.py, tests/test_split_evaluate_many.py; freq's counts:
    tests/test_split_freq.py): a split board game is refused in one line naming its family and
    who takes its pot, in a player's words (no file numbers), not "unknown game"; the command
    line says the library's line (exit 2)."""
    with pokersql.connect(db_file) as db:
        with pytest.raises(BadInput) as refused:
            db.freq(5, game=game)
        message = str(refused.value)
        assert message.startswith(f"freq: {game} is a ") and "\n" not in message
        assert ": its hand is hole cards and a board, which freq does not count (it counts holdem, " in message
        assert not re.search(r"\(\d{3}\)|split_games|row of games", message), message  # no file numbers, no tables
        capsys.readouterr()
        assert main(["--db", db_file, "freq", "--cards", "5", "--game", game]) == 2
        assert capsys.readouterr() == ("", f"pokersql: error: {message}\n")


@pytest.mark.parametrize("game", sorted(name for name, game in REGISTRY.items() if game.is_split and game.board_cards))
def test_a_split_board_game_is_dealt_as_its_high_and_split_as_compared(db_file, capsys, game):
    """deal --game omaha8 (and the other split board games): the cards its high game deals from
    the same seed, each hand's high as that game ranks it, its low and its parts of the pot as
    compare --game ranks and splits the same hands on the same board; the parts add up to the
    pot; the command line prints the library's answer."""
    high = REGISTRY[REGISTRY[game].high_game].name
    with pokersql.connect(db_file) as db:
        for seed in range(1, 9):
            dealt = db.deal(players=4, seed=seed, game=game)
            as_high = db.deal(players=4, seed=seed, game=high)
            assert (dealt.board, [p.cards for p in dealt.players]) == (as_high.board, [p.cards for p in as_high.players])
            assert [(p.hand_rank, p.best, p.place) for p in dealt.players] == [(p.hand_rank, p.best, p.place) for p in as_high.players]
            compared = db.compare(*[" ".join(p.cards) for p in dealt.players], board=" ".join(dealt.board), game=game)
            assert [(p.hand_rank, p.low_rank, p.high_share, p.low_share, p.share) for p in dealt.players] == [
                (h.hand_rank, h.low_rank, h.high_share, h.low_share, h.share) for h in compared.hands
            ]
            assert sum(p.share for p in dealt.players) == pytest.approx(1.0)
            assert dealt.winners == [p.player for p in dealt.players if p.share > 0]
        library = json.loads(to_json(present(dealt, output_format="json").data))
    assert library == _cli(capsys, db_file, "deal", "--game", game, "--players", "4", "--seed", "8")


# Each game's pot and cards as the rules of poker have them (docs/games-hilo.md): the families
# game_registry (068) must give, whatever the tables' rows say.
FAMILIES = {
    "holdem": ("high", "board"), "omaha": ("high", "board"), "omaha5": ("high", "board"), "omaha6": ("high", "board"),
    "shortdeck": ("high", "board"), "shortdeck-triton": ("high", "board"), "omaha8": ("hi-lo", "board"),
    "omaha5-8": ("hi-lo", "board"), "courchevel": ("high", "board"), "courchevel8": ("hi-lo", "board"),
    "stud": ("high", "stud"), "stud8": ("hi-lo", "stud"), "razz": ("low", "stud"), "deuce-to-seven": ("low", "draw"),
    "ace-to-five": ("low", "draw"), "badugi": ("low", "draw"),
}


def test_one_relation_describes_every_game(db_file):
    """game_registry (068) holds the 16 games, each once, with the rules the registry of
    pokersql.games reads from the tables that define them: deck, hole and board cards, the hole
    cards played, the high and the low ranking, and its family."""
    with pokersql.connect(db_file) as db:
        rows = db.engine.execute(
            "select game, pot, cards, lowest_value, hole_cards, hole_cards_played, board_cards, high_ranking, high_game, low_ranking "
            "from game_registry order by game"
        )
    assert sorted(row[0] for row in rows) == sorted(NAMES) == sorted(FAMILIES)
    for game, pot, cards, lowest, hole, played, board, high_ranking, high_game, low_ranking in rows:
        rules = REGISTRY[game]
        assert (pot, cards) == FAMILIES[game], game
        assert (hole, played, board) == (rules.hole_cards, rules.hole_cards_played, rules.board_cards), game
        if rules.is_split:
            assert (high_game, low_ranking) == (rules.high_game, rules.low_ranking), game
            high = REGISTRY.get(high_game)
            assert (high_ranking, lowest) == ((high.ranking, high.lowest_value) if high else (None, 2)), game
        else:
            assert (high_ranking, lowest, low_ranking) == (rules.ranking, rules.lowest_value, None), game
