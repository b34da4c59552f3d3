"""The pots, showdowns and payouts of imported hands (sql/histories/029, 030), from the
actions and cards alone, checked against what lies outside the project: pokerkit's state
machine replaying each hand (its pots and payoffs), phevaluator's rank of each shown hand,
and, on the real files, what each history says each player collected (the audit)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from phevaluator import evaluate_cards

import pokersql
from pokersql import migrations

HISTORIES = Path(__file__).resolve().parent / "histories"
REAL = [HISTORIES / "pluribus_30.txt", HISTORIES / "pluribus_31.txt", HISTORIES / "handhq_abs_sample.phhs"]
AUDIT = migrations.sql_directory() / "audits" / "history_collected_matches_the_pots.sql"

# Hands of our own, in PHH: pokerkit replays them, pokersql imports them.
OWN_HANDS = {
    # three all-in for different amounts: the shortest (AA) wins the main pot, KK the side pot,
    # and the largest bet's uncalled part goes back to QQ
    "three all-in": ("[50, 100, 200]", "[1, 2, 0]", [
        "d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QhQd", "p3 cbr 200", "p1 cc", "p2 cc",
        "p1 sm AhAd", "p2 sm KhKd", "p3 sm QhQd", "d db 2c7s9d", "d db 3h", "d db 4s",
    ]),
    # four all-in for different amounts, an uncalled bet (p4's), and two pots split by AK and AK,
    # one of them odd (87: the odd chip to the first seat after the button)
    "four all-in, split": ("[31, 60, 90, 121]", "[1, 2, 0, 0]", [
        "d dh p1 7c2d", "d dh p2 AhKh", "d dh p3 AdKd", "d dh p4 QsQc", "p3 cc", "p4 cbr 121",
        "p1 cc", "p2 cc", "p3 cc", "p1 sm 7c2d", "p2 sm AhKh", "p3 sm AdKd", "p4 sm QsQc",
        "d db As8c3h", "d db 9d", "d db Ks",
    ]),
    # four all-in where the short stack and a big stack split the main pot and the big stack takes the side pots
    "short stack splits": ("[25, 70, 70, 200]", "[1, 2, 0, 0]", [
        "d dh p1 Ts9s", "d dh p2 2h2d", "d dh p3 3c4d", "d dh p4 Th9h", "p3 cc", "p4 cbr 200",
        "p1 cc", "p2 cc", "p3 cc", "p1 sm Ts9s", "p2 sm 2h2d", "p3 sm 3c4d", "p4 sm Th9h",
        "d db JcQdKs", "d db 2s", "d db 5c",
    ]),
    # a bet on the flop that no one calls: returned, and no showdown
    "uncalled bet": ("[100, 100, 100]", "[1, 2, 0]", [
        "d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cc", "p1 cc", "p2 cc",
        "d db 2c7s9d", "p1 cbr 10", "p2 f", "p3 f",
    ]),
    # three see a river: two split it, the third folds the turn after putting chips in
    "split after a fold": ("[100, 100, 100]", "[1, 2, 0]", [
        "d dh p1 AhQc", "d dh p2 AdQh", "d dh p3 8s8d", "p3 cbr 6", "p1 cc", "p2 cc",
        "d db Ac7d2s", "p1 cc", "p2 cc", "p3 cbr 10", "p1 cc", "p2 cc",
        "d db Kd", "p1 cbr 15", "p2 cc", "p3 f", "d db 4h", "p1 cc", "p2 cc", "p1 sm AhQc", "p2 sm AdQh",
    ]),
}


def phh_text(number: int, stacks: str, blinds: str, actions: list[str]) -> str:
    players = len(stacks.split(","))
    quoted = ", ".join(f"'{action}'" for action in actions)
    return (
        f"[{number}]\nvariant = 'NT'\nante_trimming_status = false\nantes = [{', '.join(['0'] * players)}]\n"
        f"blinds_or_straddles = {blinds}\nmin_bet = 2\nstarting_stacks = {stacks}\nactions = [{quoted}]\nhand = {number}\n"
    )


def replay(text: str) -> tuple[list[int], list[tuple[int, int]]]:
    """pokerkit's payoffs, and its pots (amount, players who may win it) when they were largest,
    the last time (after the folds)."""
    from pokerkit import HandHistory

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = HandHistory.loads(text.split("\n", 1)[1])
        pots: list[tuple[int, int]] = []
        for state in history:
            now = [(int(pot.amount), len(pot.player_indices)) for pot in state.pots]
            if now and sum(amount for amount, _ in now) >= sum(amount for amount, _ in pots):
                pots = now
    return [int(payoff) for payoff in state.payoffs], pots


@pytest.fixture(scope="module", params=["duckdb", "sqlite"])
def own(request, tmp_path_factory, built_database):
    """A copy of a built database (every SQL file applied: the views evaluate) with our own
    hands imported."""
    folder = tmp_path_factory.mktemp(f"own-{request.param}")
    texts = {name: phh_text(number, *case) for number, (name, case) in enumerate(OWN_HANDS.items(), start=1)}
    (folder / "own.phhs").write_text("\n".join(texts.values()), encoding="utf-8")
    with pokersql.connect(built_database(request.param), engine=request.param) as db:
        db.import_histories([folder / "own.phhs"])
        yield db, texts


def own_hand(own, name: str) -> tuple[object, str, list[int], list[tuple[int, int]]]:
    """The database, our hand's id in it, and pokerkit's payoffs and pots of the hand."""
    db, texts = own
    return (db, str(list(OWN_HANDS).index(name) + 1), *replay(texts[name]))


@pytest.mark.parametrize("name", OWN_HANDS)
def test_each_players_net_is_pokerkits_payoff(own, name):
    db, hand_id, payoffs, _ = own_hand(own, name)
    net = db.engine.execute("select seat, net from history_payouts where hand_id = ? order by seat", (hand_id,))
    assert [float(value) for _, value in net] == payoffs


@pytest.mark.parametrize("name", OWN_HANDS)
def test_the_pots_are_pokerkits(own, name):
    db, hand_id, _, pots = own_hand(own, name)
    ours = db.engine.execute("select amount, players from history_pots where hand_id = ? order by pot_no", (hand_id,))
    # pokerkit leaves a pot of one player out once the uncalled bet is back: ours never has one
    assert [int(amount) for amount, _ in ours] == [amount for amount, _ in pots if amount]
    if any(" sm " in action for action in OWN_HANDS[name][2]):
        # who may win each: pokerkit's last pots before the showdown (a hand that ends in folds
        # ends, in pokerkit, before its pot is down to the one player left)
        assert [players for _, players in ours] == [players for amount, players in pots if amount]


def test_the_shown_hands_are_phevaluators(own):
    db, _ = own
    rows = db.engine.execute(
        "select showdown.hole_cards, board.cards, showdown.best, showdown.hand_rank from history_showdown_hands as showdown "
        "inner join (select site, hand_id, group_concat(card, ' ') as cards from history_board group by site, hand_id) as board "
        "on board.site = showdown.site and board.hand_id = showdown.hand_id"
        if db.engine.name == "sqlite" else
        "select showdown.hole_cards, board.cards, showdown.best, showdown.hand_rank from history_showdown_hands as showdown "
        "inner join (select site, hand_id, string_agg(card, ' ') as cards from history_board group by site, hand_id) as board "
        "on board.site = showdown.site and board.hand_id = showdown.hand_id"
    )
    # every hand shown in our hands' actions ("pN sm" with cards)
    assert len(rows) == sum(len([a for a in actions if " sm " in a and "?" not in a]) for _, _, actions in OWN_HANDS.values())
    for hole, board, best, hand_rank in rows:
        assert evaluate_cards(*hole.split(), *board.split()) == hand_rank, (hole, board)
        assert evaluate_cards(*best.split()) == hand_rank
        assert set(best.split()) <= set(hole.split()) | set(board.split())


@pytest.fixture(scope="module", params=["duckdb", "sqlite"])
def real(request, built_database):
    with pokersql.connect(built_database(request.param), engine=request.param) as db:
        db.import_histories(REAL)
        yield db


def audit(db) -> list[tuple]:
    (statement,) = db.engine.statements(AUDIT.read_text(encoding="utf-8"), AUDIT.name)
    return db.engine.execute(statement)


def test_every_real_hand_pays_what_its_history_says(real):
    """Hand for hand, player for player: what the pots give is what the history says each
    collected (153 PokerStars hands; PHH hand [1]). One amount changed, and the audit names it."""
    assert audit(real) == []
    assert real.engine.execute("select count(*) from history_results where collected > 0")[0][0] >= 155
    with real.engine.scratch():
        real.engine.execute("update history_results set collected = collected + 1 where hand_id = '31052' and player = 'Gogo'")
        assert [(row[1], row[3]) for row in audit(real)] == [("31052", "Gogo")]


def test_the_real_split_is_pokerkits(real):
    """HandHQ's hand [11] says nothing of winnings: pokerkit's replay of it does."""
    text = (HISTORIES / "handhq_abs_sample.phhs").read_text(encoding="utf-8")
    section = "[11]" + text.split("[11]", 1)[1]
    payoffs, _ = replay(section)
    seats = [2, 3, 4, 5, 6, 1]  # the file's seats, in its players' order
    net = dict(real.engine.execute("select seat, net from history_payouts where hand_id = '3017241398'"))
    assert [float(net[seat]) for seat in seats] == [float(payoff) for payoff in payoffs]
    winners = real.engine.execute("select seat, share from history_pot_winners where hand_id = '3017241398' order by seat")
    assert [(seat, float(share)) for seat, share in winners] == [(2, 1.0), (3, 1.0)]


def test_every_real_showdown_hand_is_phevaluators(real):
    rows = real.engine.execute(
        "select showdown.hand_id, showdown.seat, showdown.hole_cards, showdown.hand_rank, board.card "
        "from history_showdown_hands as showdown inner join history_board as board "
        "on board.site = showdown.site and board.hand_id = showdown.hand_id order by board.card_no"
    )
    hands: dict[tuple, list] = {}
    for hand_id, seat, hole, rank, card in rows:
        hands.setdefault((hand_id, seat, hole, rank), []).append(card)
    # every hand the texts show: the Pluribus summaries' "showed [..]", HandHQ's "pN sm" with cards
    shown = sum(path.read_text(encoding="utf-8").count(" showed [") for path in REAL[:2])
    shown += sum(1 for action in REAL[2].read_text(encoding="utf-8").split("'") if " sm " in action and "?" not in action)
    assert len(hands) == shown
    for (hand_id, seat, hole, rank), board in hands.items():
        assert evaluate_cards(*hole.split(), *board) == rank, (hand_id, seat)


@pytest.mark.xdist_group("postgres")
def test_postgres_pays_what_the_histories_say(fresh_url):
    """The same views on PostgreSQL (the files they need only: no hands table): the audit
    returns nothing, and the splits are DuckDB's."""
    with pokersql.connect(fresh_url, engine="postgres") as db:
        files = migrations.files_for(["history_payouts"], migrations.sql_files())
        migrations.migrate(db.engine, files=files)
        db.import_histories(REAL)
        assert audit(db) == []
        winners = db.engine.execute("select hand_id, seat, share from history_pot_winners where winner_count > 1 order by hand_id, seat")
        # the two splits: #31052's two "collected 1500.0" lines; HandHQ's [11], pokerkit's replay (test above)
        assert [(hand_id, seat, float(share)) for hand_id, seat, share in winners] == [
            ("3017241398", 2, 1.0), ("3017241398", 3, 1.0), ("31052", 3, 1500.0), ("31052", 4, 1500.0)
        ]
