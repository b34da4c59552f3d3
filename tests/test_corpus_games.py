"""The games and the lines of the other sites that the corpus taught (issue 45): Omaha and short
deck on GGPoker, Winamax, 888, PartyPoker and iPoker; GGPoker's straddles, missed blinds, run it
twice and pot fees; 888's cards in other languages; Winamax's dead button. Each case is a hand of
tests/histories/fpdb whose numbers follow from its own lines."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import duckdb
import pytest
from pokerkit import OmahaHoldemHand, ShortDeckHoldemHand

from pokersql.cli import main
from pokersql.histories import Hand, read_hands
from pokersql.histories.hand import CARD_NAMES

FPDB = Path(__file__).resolve().parent / "histories" / "fpdb"


def hands(relative: str) -> list[Hand]:
    return [hand for hand in read_hands([str(FPDB / relative)]) if isinstance(hand, Hand)]


def cards(ids) -> str:
    return " ".join(CARD_NAMES[card] for card in ids)


@pytest.mark.parametrize(("relative", "game", "hole_count"), [
    ("cash/GGPoker/Flop/PLO-6max-USD-0.50-1.00-202004.txt", "Omaha Pot Limit", None),  # refused later for insurance
    ("cash/GGPoker/Flop/PLO5-6max-USD-2-5-202104.Jackpot.txt", "5 Card Omaha Pot Limit", 5),
    ("tour/GGPoker/Flop/PLO-NLO-6max-MTT-USD-8.40-202104.KO.txt", "Omaha Pot Limit Pre-Flop, No Limit Post-Flop", 4),
    ("cash/GGPoker/Flop/NL-ShortDeck-5max-USD-0.2-202103.txt", "6+ Hold'em No Limit", 2),
    ("cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt", "Omaha Pot Limit", 4),
    ("cash/Winamax/Flop/5-Card-PLO-6max-EUR-5.00-10.00-201703.format2.txt", "5 Card Omaha Pot Limit", 5),
    ("cash/PacificPoker/Flop/888-FLO-PM-30-60.txt", "Omaha Limit", 4),
    ("cash/iPoker/Flop/6+Holdem-EUR-0.25-0.50-201702.txt", "6+ Hold'em No Limit", 2),
    ("cash/PartyPoker/Flop/PLO-2max-USD-25-50-201710.deep.txt", "Omaha Pot Limit", 4),
    ("cash/iPoker/Flop/5CPLO-EUR-2.00-4.00-201905.txt", "5 Card Omaha Pot Limit", 5),  # "PL €2/€4": told by the cards dealt
])
def test_each_sites_games_are_pokerstars_names(relative, game, hole_count):
    if relative.endswith("6+Holdem-EUR-0.25-0.50-201702.txt"):  # no hole card known: every player's "X X"
        assert {hand.game for hand in hands(relative)} == {game}
        return
    if hole_count is None:
        with pytest.raises(Exception, match="all-in insurance is not imported"):
            hands(relative)
        return
    read = hands(relative)
    assert {hand.game for hand in read} == {game}
    assert {len(cards) for hand in read for cards in hand.holes.values()} == {hole_count}


def test_ggpoker_pot_fees_are_all_the_rake():
    """'Total pot $0.6 | Rake $0.02 | Jackpot $0.02 | Bingo $0': the rake 0.04 (the jackpot was
    skipped when it followed the rake), and the short deck's one amount the button blind and ante."""
    hand = hands("cash/GGPoker/Flop/NL-ShortDeck-5max-USD-0.2-202103.txt")[0]
    assert (hand.hand_id, hand.rake, hand.small_blind, hand.big_blind, hand.ante) == ("SD27208848", 4, 2, 2, 2)
    assert sum(hand.collected.values()) + hand.rake == sum(hand.put.values()) - hand.returned()


def test_ggpoker_straddle_is_the_bet_it_brings_the_player_to():
    """'straddle $0.5' then 'straddle $15.35 and is all-in' of a stack of 15.35: 15.35 in, 15.10 back."""
    hand = hands("cash/GGPoker/Flop/PLO5-6max-USD-0.1-0.25-202104.over.straddle.txt")[0]
    assert [action[2:5] for action in hand.actions if action[1] == "9e7f64d4"] == [("straddle", 50, 50), ("straddle", 1485, 1535)]
    assert (hand.put["9e7f64d4"], hand.returned(), hand.collected) == (1535, 1510, {"9e7f64d4": 60})


def test_ggpoker_run_it_twice_has_two_showdowns():
    """The flop dealt once, the turn and river twice: each showdown's collected, the second board
    whole (its flop the first's), the pot less the rake and the jackpot."""
    hand = hands("cash/GGPoker/Flop/PLO5-6max-USD-2-5-202104.Jackpot.txt")[0]
    assert (hand.collected, hand.collected2, hand.rake) == ({"Hero": 51532, "3a59c1a9": 6926}, {"Hero": 25766}, 1250)
    assert cards(card for _, card in hand.board2) == "5d 2h 6c 3d Td"
    assert sum(hand.collected.values()) + hand.rake == sum(hand.put.values()) - hand.returned() == 59708


@pytest.mark.parametrize(("relative", "player", "written", "english"), [
    ("cash/PacificPoker/Flop/888-PLO-USD-10.00-20.00-201405.dutch.txt", "Hero", "Hc, 8h, Td, 6h", "Kc 8h Td 6h"),  # Heer
    ("cash/PacificPoker/Flop/PLO-6max-USD-25-50-201604.Swedish.txt", "Hero", "Tc, Knh, 9h, 9c", "Tc Jh 9h 9c"),  # Knekt
    ("tour/PacificPoker/Flop/NLHE-6max-SNG-0.10-201206.hands.txt", "Hero", "7p, 8t", "7s 8c"),  # picas, tréboles
    ("cash/PacificPoker/Flop/888-NLHE-USD-0.02-0.04-201107.russian.cards.txt", "board", "9s, Âh, 2s", "9s Jh 2s 5h Qc"),  # В, валет
])
def test_888_cards_in_other_languages(relative, player, written, english):
    hand = hands(relative)[0]
    assert cards(hand.holes[player] if player != "board" else [card for _, card in hand.board]) == english


def test_winamax_dead_button_is_no_button():
    """Three hands of the sample whose button is on a seat left empty: stored with no button."""
    read = hands("cash/Winamax/Flop/PLO-FR-EUR-0.02-0.05-201009.Sample")
    assert (len(read), sum(hand.button_seat is None for hand in read)) == (60, 3)


@pytest.mark.parametrize(("relative", "reason"), [
    ("cash/GGPoker/Flop/PLO-6max-USD-2-5-202106.run.it.thrice.txt", ":32: a hand run three times: not imported (two boards at most)"),
])
def test_what_ggpoker_writes_and_the_tables_or_views_do_not_hold_is_refused_in_one_line(tmp_path, relative, reason):
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["--db", str(tmp_path / "x.duckdb"), "import", str(FPDB / relative)])
    assert (status, err.getvalue()) == (2, f"pokersql: error: {FPDB / relative}{reason} (--skip-bad imports the other hands)\n")


SITES = ("GGPoker", "Winamax", "PacificPoker", "PartyPoker", "iPoker")


def test_omaha_and_short_deck_showdowns_of_the_other_sites_are_pokerkits(tmp_path):
    """Every Omaha (high only) and short-deck file of the five sites that imports, in one import; each hand shown
    down on one board of five, one pot (every player still in put in the same), two or more shown:
    the players who collect are those pokerkit ranks best."""
    files = [str(path) for site in SITES for path in sorted(FPDB.glob(f"*/{site}/Flop/*"))
             if path.suffix not in (".hp", ".hands", ".gt") and any(word in path.name for word in ("PLO", "Short", "6+", "FLO"))]
    read = {}
    for path in files:
        try:
            read[path] = hands(path)
        except Exception:  # noqa: BLE001 - refused files are the corpus tests' (one line each)
            continue
    checked = 0
    for hand in (hand for held in read.values() for hand in held):
        if len(hand.board) != 5 or hand.board2 or "Hi/Lo" in hand.game:  # hi-lo: test_corpus_hilo
            continue
        live = [player for player in hand.seats if player not in hand.folded]
        shown = {player: hand.holes[player] for player in live if player in hand.holes}
        if len(shown) < 2 or len(shown) != len(live) or len({hand.put[player] for player in live}) != 1:
            continue
        ranker = ShortDeckHoldemHand if hand.game.startswith("6+") else OmahaHoldemHand
        board = "".join(CARD_NAMES[card] for _, card in hand.board)
        ranks = {player: ranker.from_game("".join(CARD_NAMES[card] for card in held), board) for player, held in shown.items()}
        best = max(ranks.values())
        assert {player for player in shown if hand.collected.get(player, 0) > 0} == {p for p, r in ranks.items() if r == best}, hand.hand_id
        checked += 1
    assert checked >= 10
