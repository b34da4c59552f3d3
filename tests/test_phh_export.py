"""`pokersql export --to FILE.phhs` (issue 66, part 4): the imported hands written as PHH.

The round trip on real files (the fpdb corpus and the Pluribus hands): imported, exported as
PHH, read by pokerkit's own reader (``HandHistory.load_all``: every hand written), replayed by
pokerkit where it can (its chips won and lost equal the nets pokersql's pots give), and imported
again into a new database: the same hands, the same chips put in and nets per player and hand,
compared with SQL over both databases. Then the filters (stats'), the skipped hands, and the
export's guarantees (no file overwritten without --force, none left half written, a planted
link not followed)."""

from __future__ import annotations

import warnings
from decimal import Decimal
from pathlib import Path

import pytest
from pokerkit import HandHistory

import pokersql
from pokersql import histories, phh_export
from pokersql.errors import BadInput
from tests.test_corpus_stars import CORPUS

HISTORIES = Path(__file__).resolve().parent / "histories"
PLURIBUS = [HISTORIES / "pluribus_30.txt", HISTORIES / "pluribus_31.txt"]
NOT_HANDS = (".hp", ".hands", ".gt", ".md")
# the round trip is made once, on one worker: two imports and an export of the whole corpus
pytestmark = pytest.mark.xdist_group("phh_round_trip")
CORPUS_FILES = sorted(path for path in CORPUS.glob("*/*/*/*") if path.is_file() and not path.name.endswith(NOT_HANDS))
# per player and hand: the chips put in (history_contributions) and the net (history_player_hands)
PER_SEAT = """
select hands.site, hands.hand_id, hands.player, contributions.put, hands.net
from history_player_hands as hands
inner join history_contributions as contributions
    on contributions.site = hands.site and contributions.hand_id = hands.hand_id and contributions.seat = hands.seat
"""


def _readable(path: Path) -> bool:
    """A file of a format the import reads (the corpus has empty files, and files of games
    refused whole: tests/test_corpus_count.py counts them)."""
    try:
        histories.detect(str(path))
    except BadInput:
        return False
    return True


def _import(path: Path, files: list[Path]) -> None:
    with pokersql.connect(str(path)) as db:
        db.import_histories([str(file) for file in files], skip_bad=True)


def _rows(path: Path, sql: str) -> set[tuple]:
    with pokersql.connect(str(path)) as db:
        return set(map(tuple, db.query(sql).rows))


@pytest.fixture(scope="module")
def round_trip(tmp_path_factory: pytest.TempPathFactory, built_database) -> dict[str, Path]:
    """The corpus and the Pluribus hands imported (first), exported (hands.phhs) by the CLI, and
    that file imported into a new database (second). Both start as built databases with no hand
    (a fresh file would build every table when first read: half a minute each)."""
    first, second = Path(built_database()), Path(built_database())
    phhs = tmp_path_factory.mktemp("phh_round_trip") / "hands.phhs"
    _import(first, [*PLURIBUS, *filter(_readable, CORPUS_FILES)])
    with pokersql.connect(str(first)) as db:
        result = phh_export.export(db, phhs)
    with pokersql.connect(str(second)) as db:
        assert db.import_histories([str(phhs)]).imported == result.hands  # every hand written reads back: no skip_bad
    return {"first": first, "second": second, "phhs": phhs, "skipped": result.skipped}


# the games PHH has a variant for (pokerkit's): the flop games, and those added with stud
FLOP_GAMES = {"Hold'em No Limit": "NT", "Hold'em Limit": "FT", "Omaha Pot Limit": "PO", "Omaha Hi/Lo Limit": "FO/8"}
STUD_GAMES = {"7 Card Stud Limit": "F7S", "7 Card Stud Hi/Lo Limit": "F7S/8", "Razz Limit": "FR"}
NEW_GAMES = {"Omaha Hi/Lo Limit": "FO/8", **STUD_GAMES}


def _games(names) -> str:
    return "(" + ", ".join("'" + name.replace("'", "''") + "'" for name in names) + ")"


def _expressible(path: Path) -> str:
    """The hands of the first database that PHH expresses: the games of a PHH variant, one board."""
    return f"select site, hand_id from history_hands where game in {_games({**FLOP_GAMES, **STUD_GAMES})}"


def test_the_same_hands_come_back(round_trip):
    first = _rows(round_trip["first"], _expressible(round_trip["first"]))
    second = _rows(round_trip["second"], "select site, hand_id from history_hands")
    assert len(first) > 1000  # the Pluribus hands and the corpus's Hold'em
    assert second <= first
    # the others: each skipped and counted, not written wrong (a blind all in for less that a
    # call must still match in full, two blinds posted by one player, a pot the site added to)
    games = {row[0] for row in _rows(round_trip["first"], "select distinct game from history_hands")}
    others = {reason: count for reason, count in round_trip["skipped"].items() if reason.split(": ")[0] not in games}  # not a game's
    assert len(first - second) == sum(others.values()) < len(first) // 50


def test_the_same_chips_put_in_and_nets_per_player_and_hand(round_trip):
    kept = _rows(round_trip["second"], "select site, hand_id from history_hands")
    first = {row for row in _rows(round_trip["first"], PER_SEAT) if row[:2] in kept}
    second = _rows(round_trip["second"], PER_SEAT)
    assert len(second) > 5000
    assert second == first


def _irregular(phhs: Path) -> set[tuple]:
    """The hands written whose blinds are not a small and a big blind in PHH's first two places
    (none posted, one posted out of its place, a straddle): their postings come back named by
    PHH's places (the chips put in and the nets the same, above)."""
    with open(phhs, "rb") as file:
        return {(hand.venue, str(hand.hand)) for hand in HandHistory.load_all(file)
                if hand.blinds_or_straddles is not None and not (hand.blinds_or_straddles[0] > 0 and hand.blinds_or_straddles[1] > 0 and not any(hand.blinds_or_straddles[2:]))}


def _differing(round_trip: dict, sql: str, kept: set[tuple]) -> set[tuple]:
    """The hands of ``kept`` whose rows of ``sql`` (the hand's key first) differ between the two."""
    first = {row for row in _rows(round_trip["first"], sql) if row[:2] in kept}
    second = {row for row in _rows(round_trip["second"], sql) if row[:2] in kept}
    return {row[:2] for row in first ^ second}


def test_the_same_seats_cards_board_and_showdowns(round_trip):
    kept = _rows(round_trip["second"], "select site, hand_id from history_hands")
    for sql in (
        "select site, hand_id, seat, player, starting_stack, hole_cards from history_seats",
        "select site, hand_id, card_no, card from history_board",
        # cards shown or known at a showdown (PHH shows cards there only, and those known there decide it;
        # cards shown otherwise are dealt face up)
        "select results.site, results.hand_id, results.seat, coalesce(results.shown_cards, seats.hole_cards) from history_results as results "
        "inner join history_contributions as c on c.site = results.site and c.hand_id = results.hand_id and c.seat = results.seat "
        "inner join history_seats as seats on seats.site = results.site and seats.hand_id = results.hand_id and seats.seat = results.seat "
        "where coalesce(results.shown_cards, seats.hole_cards) is not null and c.folded = 0 and (results.site, results.hand_id) in "
        "(select site, hand_id from history_contributions group by site, hand_id having sum(1 - folded) > 1)",
        "select site, hand_id, game, ante, played_at, table_name, currency from history_hands",
    ):
        assert not _differing(round_trip, sql, kept), sql


def test_the_same_actions_and_stakes_but_for_a_few_blinds_out_of_place(round_trip):
    """The actions (the blinds and antes posted in PHH's order, the others in the order played)
    and the stakes come back as they were, but in the hands whose blinds are not a small and a
    big blind in PHH's first two places (none posted, one posted out of place, a straddle),
    named there by PHH's places, and the few whose history states other stakes than the
    blinds posted (GGPoker's tournaments): under 5% of the hands."""
    kept = _rows(round_trip["second"], "select site, hand_id from history_hands")
    irregular = _irregular(round_trip["phhs"])
    differing = set()
    for sql in (
        "select site, hand_id, seat, action, amount, street_total from history_actions "
        "where action in ('ante', 'small_blind', 'big_blind', 'straddle')",
        "select site, hand_id, row_number() over (partition by site, hand_id order by action_no), seat, action, amount, street_total, all_in "
        "from history_actions where action not in ('ante', 'small_blind', 'big_blind', 'straddle')",
        "select site, hand_id, small_blind, big_blind from history_hands",
        "select site, hand_id, seat, collected from history_results",
    ):
        differing |= _differing(round_trip, sql, kept)
    assert len(differing | irregular) < len(kept) // 20, sorted(differing - irregular)


def test_pokerkit_reads_every_hand_written_and_its_replay_pays_the_same_nets(round_trip):
    with open(round_trip["phhs"], "rb") as file:
        hands = list(HandHistory.load_all(file))
    written = _rows(round_trip["second"], "select count(*) from history_hands").pop()[0]
    assert len(hands) == written
    # pokersql's pots, paid from the cards before rake: what pokerkit's replay pays
    paid = {(site, hand_id, player): net for site, hand_id, player, net in _rows(round_trip["first"], (
        "select site, hand_id, player, net from history_game_payouts"))}
    unknown = _rows(round_trip["first"], (
        "select distinct seats.site, seats.hand_id from history_seats as seats inner join history_contributions as c "
        "on c.site = seats.site and c.hand_id = seats.hand_id and c.seat = seats.seat where seats.hole_cards is null and c.folded = 0"))
    replayed, refused, unequal = 0, [], []
    for hand in hands:
        key = (hand.venue, str(hand.hand))
        if key in unknown or hand.variant in STUD_GAMES.values():  # stud's: the test below  # a player still in whose cards are not known: pokerkit cannot pay the pots
            continue
        state = None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # "There is no reason for this player to fold"
                for state in hand:
                    pass
        except ValueError:  # an action pokerkit's rules do not allow there (a site's raise all in that it calls, say)
            refused.append(key)
            continue
        assert state is not None and not state.status, key
        if any(Decimal(str(end)) - Decimal(str(start)) != paid[(*key, name)]
               for name, start, end in zip(hand.players, hand.starting_stacks, state.stacks)):
            unequal.append(key)
        replayed += 1
    assert replayed > 1000 and len(refused) < len(hands) // 15, refused
    # the hands pokerkit pays otherwise: most have side pots (pokerkit makes them of an all-in
    # ante by its own rule); three others (PartyPoker's 10498911237 and 12395241485, Winamax's
    # 119419173368496129-1-1343577528) are not explained yet, and Winamax's pot-limit Omaha
    # 270777-166-1284847757 has three big blinds posted out of position, which PHH has no place for
    side_pots = _rows(round_trip["first"], "select site, hand_id from history_pots where pot_no > 1")
    assert len(set(unequal) - side_pots) <= 4 and len(unequal) < replayed // 50, (len(unequal), sorted(set(unequal) - side_pots))


def test_omaha_hi_lo_stud_stud_hi_lo_and_razz_come_back_whole(round_trip):
    """The games added to NT, FT and PO (fixed-limit Omaha Hi/Lo, 7 Card Stud, its Hi/Lo, Razz):
    each of the corpus's hands written, but the one stud hand whose deck ran out (a common
    card), and each read back with the same stakes, antes, bring-in and every action in its
    place, seats, hole cards, board, showdowns and winnings: no hand excepted."""
    first = _rows(round_trip["first"], f"select game, count(*) from history_hands where game in {_games(NEW_GAMES)} group by game")
    second = _rows(round_trip["second"], f"select game, count(*) from history_hands where game in {_games(NEW_GAMES)} group by game")
    assert dict(second) == {**dict(first), "7 Card Stud Limit": dict(first)["7 Card Stud Limit"] - 1}, second
    assert round_trip["skipped"]["a stud hand with a board card: the deck ran out"] == 1
    assert all(count >= 15 for _, count in second), second  # the corpus's files of each game, not a hand or two
    kept = _rows(round_trip["second"], f"select site, hand_id from history_hands where game in {_games(NEW_GAMES)}")
    for sql in (
        "select site, hand_id, game, small_blind, big_blind, ante, currency, played_at, table_name, max_seats from history_hands",
        "select site, hand_id, seat, street, action, amount, street_total, all_in from history_actions "
        "where action in ('ante', 'small_blind', 'big_blind', 'straddle')",
        "select site, hand_id, row_number() over (partition by site, hand_id order by action_no), seat, street, action, amount, "
        "street_total, all_in from history_actions where action not in ('ante', 'small_blind', 'big_blind', 'straddle')",
        "select site, hand_id, seat, player, starting_stack, hole_cards from history_seats",
        "select results.site, results.hand_id, results.seat, results.collected, coalesce(results.shown_cards, seats.hole_cards) "
        "from history_results as results inner join history_seats as seats "
        "on seats.site = results.site and seats.hand_id = results.hand_id and seats.seat = results.seat",
        "select site, hand_id, card_no, card from history_board",
    ):
        assert not _differing(round_trip, sql, kept), sql
    bring_ins = _rows(round_trip["second"], "select count(*) from history_actions where action = 'bring_in'").pop()[0]
    assert bring_ins > 50  # the stud hands' bring-ins, read back from PHH's "pb"
    # each stud hand states its stakes' bring-in: its own, or (its first player completing) another hand's of the same stakes
    posted = _rows(round_trip["first"], (
        "select hands.site, cast(hands.small_blind as double), cast(hands.big_blind as double), cast(hands.ante as double), "
        "cast(actions.amount as double) from history_hands as hands inner join history_actions as actions "
        "on actions.site = hands.site and actions.hand_id = hands.hand_id where actions.action = 'bring_in'"))
    with open(round_trip["phhs"], "rb") as file:
        stud = [hand for hand in HandHistory.load_all(file) if hand.variant in STUD_GAMES.values()]
    assert all((hand.venue, float(hand.small_bet), float(hand.big_bet), float(max(hand.antes)), float(hand.bring_in)) in posted
               for hand in stud)


def test_pokerkit_replays_the_stud_hands_it_can_open_and_pays_the_same_nets(round_trip):
    """pokerkit opens each stud street by the up cards (the lowest brings in; then the best up
    hand, in razz the lowest, acts first): where a card dealt face up is not known (``??``, a
    player folded before the showdown), it cannot replay the hand (ValueError, or KeyError of
    the unknown rank), nor where a player bets the big bet on fourth street (PokerStars' open
    pair, which pokerkit's rules have not). Every hand it replays pays what pokersql's pots pay."""
    with open(round_trip["phhs"], "rb") as file:
        hands = [hand for hand in HandHistory.load_all(file) if hand.variant in STUD_GAMES.values()]
    paid = {(site, hand_id, player): net for site, hand_id, player, net in _rows(round_trip["first"], (
        "select site, hand_id, player, net from history_game_payouts"))}
    replayed: dict[str, int] = {}
    for hand in hands:
        key = (hand.venue, str(hand.hand))
        state = None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                for state in hand:
                    pass
        except (ValueError, KeyError):
            assert _unplayable(hand), key  # only for a card not known, or a rule pokerkit has not
            continue
        assert state is not None and not state.status, key
        nets = [Decimal(str(end)) - Decimal(str(start)) for start, end in zip(hand.starting_stacks, state.stacks)]
        assert nets == [paid[(*key, name)] for name in hand.players], key
        replayed[hand.variant] = replayed.get(hand.variant, 0) + 1
    assert len(hands) == 84  # 28 of 7 Card Stud (one skipped), 27 of its Hi/Lo, 29 of Razz
    assert all(replayed.get(variant, 0) >= 5 for variant in STUD_GAMES.values()), replayed


def _unplayable(hand: HandHistory) -> bool:
    """Whether a stud hand has a card dealt not known, or a bet of the big bet on fourth street."""
    held: dict[str, int] = {}
    street = 3
    for action in hand.actions:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            if "??" in words[3]:
                return True
            held[words[2]] = held.get(words[2], 0) + len(words[3]) // 2
            street = held[words[2]]
        elif words[1:2] == ["cbr"] and street == 4 and Decimal(words[2]) > Decimal(str(hand.small_bet)):
            return True
    return False
