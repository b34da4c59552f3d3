"""`pokersql import` at the edges, third round (issue 63): every number of every format read
through one bounded reader (a number of 5,000 digits, ``1e309``, a huge number in thousands),
iPoker's XML cut into its games in one pass, and amounts that cannot be refused.

Each bad input is a real sample of tests/histories with one thing changed in one hand (not the
first): exit 2, one line naming the file, the line and the value, and the database as it was;
with --skip-bad, that hand is skipped and the others imported."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import pokersql
from pokersql.cli import main
from pokersql.histories import ipoker, lines_of

HISTORIES = Path(__file__).resolve().parent / "histories"
FPDB = HISTORIES / "fpdb"
TABLES = ("history_hands", "history_seats", "history_actions", "history_board", "history_results")

# site -> (a real sample, the start of each of its hands, its hands, its encoding)
SAMPLES = {
    "GGPoker": (FPDB / "tour/GGPoker/Flop/NLHE-8max-MTT-USD-250-202006.txt", r"^Poker Hand #", 59),
    "888": (FPDB / "cash/PacificPoker/Flop/888-PLH-PM-1.00-2.00.txt", r"^#Game No : ", 12),
    "Winamax": (FPDB / "tour/Winamax/Flop/NLHE-EUR-STT-FullHist.txt", r"^Winamax Poker - ", 5),
    "PartyPoker": (FPDB / "tour/PartyPoker/Flop/NLHE-USD-STT-10-201104.new.hand.delimiter.txt", r"^\*{5} Hand History for Game ", 12),
    "PokerStars": (FPDB / "cash/Stars/Flop/NLHE-2max-USD-0.25-0.50-201005.Hitnrun.txt", r"^\ufeff?PokerStars Game #", 6),
    "iPoker": (FPDB / "cash/iPoker/Flop/NLHE-USD-0.02-0.04-201111.txt", r"<game ", 41),
    "PHH": (HISTORIES / "handhq_abs_sample.phhs", r"^\[\d+\]", 2),
    "Pluribus": (HISTORIES / "pluribus_30.txt", r"^PokerStars Hand #", 80),
}

# (site, what) -> the number changed: a pattern whose group 1 is it, in the sample's second hand
NUMBERS = {
    ("GGPoker", "seat"): r"^Seat (\d+): ",
    ("GGPoker", "button"): r"Seat #(\d+) is the button",
    ("GGPoker", "max seats"): r"' (\d+)-max",
    ("GGPoker", "stack"): r"^Seat \d+: \S+ \(([\d,]+) in chips",
    ("888", "seat"): r"^Seat (\d+): ",
    ("888", "button"): r"^Seat (\d+) is the button",
    ("888", "stack"): r"^Seat \d+: \S+ \( ([\d.,]+) \)",
    ("Winamax", "seat"): r"^Seat (\d+): ",
    ("Winamax", "button"): r"Seat #(\d+) is the button",
    ("Winamax", "max seats"): r"' (\d+)-max",
    ("Winamax", "stack"): r"^Seat \d+: \S+ \((\d+)\)",
    ("PartyPoker", "seat"): r"^Seat (\d+): ",
    ("PartyPoker", "button"): r"^Seat (\d+) is the button",
    ("PartyPoker", "max seats"): r"^Total number of players : \d+/(\d+)",
    ("PartyPoker", "stack"): r"^Seat \d+: \S+ \( ([\d,]+) \)",
    ("PokerStars", "seat"): r"^Seat (\d+): ",
    ("PokerStars", "button"): r"Seat #(\d+) is the button",
    ("PokerStars", "max seats"): r"' (\d+)-max",
    ("PokerStars", "stack"): r"^Seat \d+: \S+ \(\$([\d.]+) in chips",
    ("iPoker", "seat"): r'<player seat="(\d+)"',
    ("iPoker", "action number"): r'<action no="(\d+)"',
    ("iPoker", "stack"): r'name="Hero" chips="\$([\d.]+)"',
    ("PHH", "seat"): r"^seats = \[(\d+)",
    ("PHH", "stack"): r"^starting_stacks = \[([\d.]+)",
    ("PHH", "bet"): r"cbr ([\d.]+)",
}
DIGITS_5000 = "1" * 5000
HUGE_IN_THOUSANDS = "1,000,000,000,000,000,000,000"  # 10**21
FIRST_HAND = {("PHH", "bet")}  # the sample's second hand bets nothing: its first
VALUES = {"5,000 digits": DIGITS_5000, "1e309": "1e309", "in thousands": HUGE_IN_THOUSANDS}
# the numbers put in -> what the one line names of each (a number of 5,000 digits: its line or its
# text cut to the first 40 characters, and its length; PHH's TOML reads 1e309 as inf)
SHOWN = {"5,000 digits": "1" * 20, "1e309": "1e309", "in thousands": HUGE_IN_THOUSANDS}
# where a format's text allows a number in thousands: the sites' amounts, a PHH action's amount
# (text; TOML's numbers have no commas), and every number of iPoker's attributes
GROUPED = {(site, what) for site, what in NUMBERS if what in ("stack", "bet") and site != "PHH" or what == "bet" or site == "iPoker"}
# PHH's 1e309 outside a string is TOML's inf, which a starting stack may be (not known: PHH above)
CASES = [(site, what, kind) for site, what in NUMBERS for kind in VALUES
         if (kind != "in thousands" or (site, what) in GROUPED) and (site, what, kind) != ("PHH", "stack", "1e309")]


def changed(tmp_path: Path, site: str, pattern: str, value: str, hand: int | None = 1) -> tuple[Path, int, int]:
    """The site's sample with the number ``pattern`` finds in its hand ``hand`` (from 0: the
    second; None: the first it finds from the second on) replaced by ``value``: the file, the
    line of that number, and the line where its hand starts."""
    sample, start, _ = SAMPLES[site]
    text = sample.read_text(encoding="utf-8-sig")
    starts = [found.start() for found in re.finditer(start, text, flags=re.M)] + [len(text)]
    found = re.compile(pattern, flags=re.M).search(text, starts[1 if hand is None else hand], starts[-1 if hand is None else hand + 1])
    assert found is not None, (site, pattern)
    path = tmp_path / f"changed{sample.suffix}"
    path.write_text(text[: found.start(1)] + value + text[found.end(1) :], encoding="utf-8")
    hand_start = max(place for place in starts if place <= found.start(1))
    return path, text.count("\n", 0, found.start(1)) + 1, text.count("\n", 0, hand_start) + 1


@pytest.fixture(scope="module")
def held(tmp_path_factory) -> Path:
    """A DuckDB database holding the hands of pluribus_31.txt, made once: each test a copy."""
    path = tmp_path_factory.mktemp("held") / "held.duckdb"
    with pokersql.connect(str(path)) as db:
        db.import_histories([HISTORIES / "pluribus_31.txt"])
    return path


@pytest.fixture
def database(held, tmp_path) -> str:
    path = tmp_path / "db.duckdb"
    shutil.copy(held, path)
    return str(path)


def state(path: str) -> list:
    """Every row of the history tables, and schema_history: all an import could change."""
    with pokersql.connect(path) as db:
        return [sorted(map(repr, db.engine.execute(f"select * from {table}"))) for table in (*TABLES, "schema_history")]


def run(database: str, *args: str, capsys) -> tuple[int, str, str]:
    status = main(["--db", database, "import", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def refused_then_skipped(database: str, path: Path, line: int, value: str, hands: int, capsys) -> str:
    """Refused in one line naming the file, ``line`` and ``value``, nothing written; then with
    --skip-bad the hand at ``line`` skipped and the other ``hands - 1`` imported. The reason."""
    before = state(database)
    status, out, err = run(database, str(path), capsys=capsys)
    assert (status, out) == (2, ""), err[:300]
    assert err.count("\n") == 1 and "Traceback" not in err, err[:300]
    assert err.startswith(f"pokersql: error: {path}:{line}: ") and err.endswith(" (--skip-bad imports the other hands)\n"), err[:300]
    assert value in err, err[:300]
    assert len(err) < 400  # the value cut short: one line to read, not 5,000 digits
    assert state(database) == before
    status, out, err = run(database, "--skip-bad", "--format", "json", str(path), capsys=capsys)
    assert status == 0, err[:300]
    result = json.loads(out)
    assert [(skipped["file"], skipped["line"]) for skipped in result["skipped"]] == [(str(path), line)]
    assert (result["hands"], result["imported"]) == (hands - 1, hands - 1)
    return result["skipped"][0]["reason"]


@pytest.mark.parametrize("site, what, kind", CASES)
def test_a_number_too_long_or_not_whole_is_one_line(tmp_path, database, capsys, site, what, kind):
    """A seat, a button, a table's size, an action's number or an amount of 5,000 digits (past
    Python's 4,300-digit limit: a ValueError and exit 1 before), ``1e309``, or huge in
    thousands: refused naming the file, the line and the number (iPoker's and PHH's line: the
    hand's, their parsers see no line of an element), or skipped with --skip-bad."""
    path, line, hand_line = changed(tmp_path, site, NUMBERS[site, what], VALUES[kind], 0 if (site, what) in FIRST_HAND else 1)
    if site == "iPoker" or site == "PHH" and not (kind == "5,000 digits" and what != "bet"):
        line = hand_line  # (a PHH number of 5,000 digits outside a string: its TOML reader names its line)
    shown = "inf" if site == "PHH" and kind == "1e309" and what != "bet" else SHOWN[kind]
    reason = refused_then_skipped(database, path, line, shown, SAMPLES[site][2], capsys)
    if kind == "5,000 digits":
        assert "... (5,0" in reason and " characters)" in reason, reason  # cut short


def test_the_samples_import_whole(database, capsys):
    """The samples the cases change, unchanged: every hand imported."""
    for site, (sample, _, hands) in SAMPLES.items():
        status, out, err = run(database, "--format", "json", str(sample), capsys=capsys)
        assert status == 0, err
        result = json.loads(out)
        assert (result["hands"], result["imported"], result["skipped"]) == (hands, hands, []), site


def test_every_game_of_a_long_ipoker_file_has_its_line(tmp_path):
    """Cutting an iPoker file into games counts its line ends once, from game to game (it counted
    from the file's start for each game: quadratic; bench/ipoker_split.py times it): each game
    of 600 (the 41 of a real file again and again, 0 to 6 blank lines after each, a game's
    start on the line that ends the last one, as the site writes it) is given the line its
    ``<game`` is on, and every game is read."""
    sample = SAMPLES["iPoker"][0]
    text = sample.read_text(encoding="utf-8")
    first, last = text.index("<game "), text.rindex("</game>") + len("</game>")
    games = re.findall(r"<game .*?</game>", text[first:last], flags=re.DOTALL)
    body = "".join(re.sub(r'gamecode="\d+"', f'gamecode="{number}"', games[number % len(games)], count=1) + "\n" * (number % 7)
                   for number in range(600))
    path = tmp_path / "long.xml"
    path.write_text(text[:first] + body + text[last:], encoding="utf-8")
    with open(path, encoding="utf-8") as handle:
        lines = list(lines_of(handle, str(path)))
    expected = [number for number, line in lines for _ in range(line.count("<game "))]
    assert len(expected) == 600
    assert [line for line, _ in ipoker.split_hands(iter(lines))] == expected
    with pokersql.connect(str(tmp_path / "h.duckdb")) as db:
        db.import_histories([path])
        stored = db.engine.execute("select cast(hand_id as integer), source_line from history_hands order by source_line")
    assert [tuple(row) for row in stored] == list(zip(range(600), expected))


# name -> (site, the pattern of what is changed, its new text, the reason; the hand changed (None:
# the first from the second on that the pattern finds), the line named, "hand" unless said):
# amounts and a button that cannot be, refused as docs/histories.md says (each was imported)
IMPOSSIBLE = {
    "25,000 collected from a 2,500 pot": (
        "Pluribus", r"^Budd collected (2500\.0) from pot", "25000.0",
        "amounts cannot be: 25,000 collected (rake included) from a pot of 2,500, more than twice all the chips put in (2,500)",
    ),
    "888: ten times the pot collected": (
        "888", r"^\S+ collected \[ (\S+) \]", "1670",  # 167: its uncalled 127.50 in it (888's), taken out
        "amounts cannot be: 1,542.50 collected (rake included) from a pot of 170, more than twice all the chips put in (297.50)",
    ),
    "iPoker: ten times the pot won": (
        "iPoker", r'win="\$(0\.22)"', "2.20", "amounts cannot be: 2.20 collected (rake included) from a pot of 0.14, more than twice all the chips put in (0.22)",
    ),
    "PHH winnings past the pot": ("PHH", r"^winnings = \[(2), 0, 0\]", "5", "winnings do not add up: 5 won from a pot of 2", 0),
    "PokerStars: the button on seat 99 of 6": (
        "Pluribus", r"6-max \(Play Money\) Seat #(\d+) is the button", "99", "the button on seat 99, not a seat of a table of 6 seats",
    ),
    "GGPoker: the button on seat 99 of 8": ("GGPoker", r"Seat #(\d+) is the button", "99", "the button on seat 99, not a seat of a table of 8 seats"),
    "Winamax: the button on seat 99 of 10": ("Winamax", r"Seat #(\d+) is the button", "99", "the button on seat 99, not a seat of a table of 10 seats"),
    "888: the button on seat 99": ("888", r"^Seat (\d+) is the button", "99", "the button on seat 99, not a seat of a Hold'em table (at most 10 seats)"),
    "PartyPoker: the button on seat 99 of 6": (  # PartyPoker names the button's line (its seats are read after it)
        "PartyPoker", r"^Seat (\d+) is the button", "99", "the button on seat 99, not a seat of a table of 6 seats", None, "number",
    ),
}


@pytest.mark.parametrize("case", IMPOSSIBLE)
def test_amounts_and_a_button_that_cannot_be_are_one_line(tmp_path, database, capsys, case):
    """More collected than twice every chip put in (a site's own miscounts, which the corpus
    holds and which are imported as the actions say, come nowhere near: a blind posted silently,
    an STP counted twice), PHH winnings past the pot (the rules' own, no site's miscount), a
    button past the table's seats: one line naming the hand's line and the value, or the hand
    skipped with --skip-bad."""
    site, pattern, value, reason, *rest = IMPOSSIBLE[case]
    hand, where = rest[0] if rest else None, rest[1] if len(rest) > 1 else "hand"
    path, number_line, hand_line = changed(tmp_path, site, pattern, value, hand)
    said = refused_then_skipped(database, path, hand_line if where == "hand" else number_line, reason, SAMPLES[site][2], capsys)
    assert said.startswith(reason), said


def test_a_dead_button_and_a_site_miscount_still_import(database, capsys):
    """What the refusals above leave alone, in real files: a button on an empty seat of the table
    (PokerBros' seat its player left: stored with no button), and collected lines past the pot
    that a site wrote (PartyPoker's silent post of both blinds: 0.58 from the actions' 0.45,
    every chip put in; Run It Once's STP counted twice)."""
    files = [FPDB / "cash/Stars/Flop/NLHE-6max-USD-0.50-1.00-202103.PokerBros.txt",
             FPDB / "cash/PartyPoker/Flop/NLHE-6max-USD-0.05-0.10-201209.silent.post.both.txt",
             FPDB / "cash/Stars/Flop/PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt"]
    status, out, err = run(database, "--format", "json", *map(str, files), capsys=capsys)
    assert status == 0, err
    result = json.loads(out)
    assert result["skipped"] == [] and result["imported"] == result["hands"] == 3
    with pokersql.connect(database) as db:
        buttons = db.engine.execute(
            "select source_file, button_seat from history_hands where source_file like '%PokerBros%' or source_file like '%silent%'")
    assert sorted((Path(file).name, button) for file, button in buttons) == [
        ("NLHE-6max-USD-0.05-0.10-201209.silent.post.both.txt", 3), ("NLHE-6max-USD-0.50-1.00-202103.PokerBros.txt", None)]


@pytest.mark.parametrize("how", ["one process", "workers"])
def test_a_seat_of_5000_digits_read_by_workers_is_one_line(tmp_path, database, capsys, monkeypatch, how):
    """A large PokerStars file is read by worker processes: a seat of 5,000 digits in its 41st
    hand is the same one line there (a worker's ValueError ended it: exit 1), and --skip-bad
    the same 79 hands."""
    from test_history_parallel import read_by

    read_by(monkeypatch, how)
    path, line, _ = changed(tmp_path, "Pluribus", r"^Seat (\d+): ", DIGITS_5000, 40)
    reason = refused_then_skipped(database, path, line, SHOWN["5,000 digits"], SAMPLES["Pluribus"][2], capsys)
    assert reason.startswith("seat too large: '1111"), reason
