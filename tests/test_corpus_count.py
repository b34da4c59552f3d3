"""How much of the fpdb corpus (tests/histories/fpdb) imports whole: issue 45's target is 95% of
its flop-game files, the rest refused in one line. Each file's outcome (imported whole, or the one
line that refuses it) is asserted by the module that imports it (test_corpus_stars, _sites and
_sites2); this counts them, every file listed once, the count exact (bench/corpus_imports.py
imports each file through the CLI and prints the same counts)."""

from __future__ import annotations

from tests.test_corpus_sites import IMPORTED, REFUSED as SITES_REFUSED
from tests.test_corpus_sites2 import EXPECTED
from tests.test_corpus_stars import CORPUS, FILES as STARS_FILES, REFUSED as STARS_REFUSED

NOT_HANDS = (".hp", ".hands", ".gt", ".md")


def test_95_percent_of_the_flop_game_files_import_whole():
    files = {path.relative_to(CORPUS).as_posix() for path in CORPUS.glob("*/*/*/*")
             if path.is_file() and not path.name.endswith(NOT_HANDS)}
    listed = [*(path.relative_to(CORPUS).as_posix() for path in STARS_FILES), *IMPORTED, *SITES_REFUSED, *EXPECTED]
    assert sorted(listed) == sorted(files)  # every file's outcome asserted, by one module
    refused = {*STARS_REFUSED, *SITES_REFUSED, *(name for name, refusal in EXPECTED.items() if refusal is not None)}
    flop = {name for name in files if "/Flop/" in name}
    assert (len(files), len(files - refused), len(flop), len(flop - refused)) == (329, 314, 318, 305)  # iPoker's partial format kept (issue 66)
    assert len(flop - refused) * 100 >= 95 * len(flop)
