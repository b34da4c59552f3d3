"""PHH's fixed-limit Omaha Hi/Lo, 7 Card Stud, its Hi/Lo and Razz (``FO/8``, ``F7S``, ``F7S/8``,
``FR``) as pokerkit plays and writes them: hands pokerkit deals and plays (seeded, every card
known), written by pokerkit's own writer, are imported with the chips each put in and won as
pokerkit's state has them; exported again, pokerkit replays every one (each street's cards, the
bring-in, the showdown in its order) to the same stacks. The corpus's hands of these games, whose
cards are mostly not known, are in tests/test_phh_export.py."""

from __future__ import annotations

import random
import warnings
from decimal import Decimal

import pytest
from pokerkit import (
    Automation,
    ChipsPulling,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    HandHistory,
)

import pokersql
from pokersql import phh_export

# the hands are played, imported and exported once, on one worker
pytestmark = pytest.mark.xdist_group("phh_games")

AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
               Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
               Automation.CHIPS_PULLING)
GAMES = {  # variant -> pokerkit's game: antes 2, bring-in 5, bets 10 and 20 (Omaha: blinds 5 and 10)
    "FO/8": lambda: FixedLimitOmahaHoldemHighLowSplitEightOrBetter(AUTOMATIONS, True, 0, (5, 10), 10, 20),
    "F7S": lambda: FixedLimitSevenCardStud(AUTOMATIONS, True, 2, 5, 10, 20),
    "F7S/8": lambda: FixedLimitSevenCardStudHighLowSplitEightOrBetter(AUTOMATIONS, True, 2, 5, 10, 20),
    "FR": lambda: FixedLimitRazz(AUTOMATIONS, True, 2, 5, 10, 20),
}
HANDS = 40  # of each game


def _play(variant: str, seed: int) -> tuple[HandHistory, list[int], list[int]]:
    """One hand pokerkit deals and plays, 2 to 7 players, actions drawn at random: the history
    pokerkit writes, each player's net and what each collected."""
    draw = random.Random(seed)
    random.seed(seed)  # pokerkit's deck
    count = draw.randint(2, 7)
    game = GAMES[variant]()
    state = game([draw.choice([40, 100, 300, 1000]) for _ in range(count)], count)
    while state.status:
        chance = draw.random()
        if state.can_post_bring_in():  # the bring-in, or a completion
            state.post_bring_in() if chance < 0.7 else state.complete_bet_or_raise_to()
        elif state.can_complete_bet_or_raise_to() and chance < 0.25:
            state.complete_bet_or_raise_to()
        elif state.checking_or_calling_amount and state.can_fold() and chance < 0.4:
            state.fold()
        else:
            state.check_or_call()
    collected = [0] * count
    for operation in state.operations:
        if isinstance(operation, ChipsPulling):
            collected[operation.player_index] += operation.amount
    players = [f"{variant}-{seed}-{number}" for number in range(1, count + 1)]
    history = HandHistory.from_game_state(game, state, players=players, hand=f"{variant}-{seed}", venue="pokerkit",
                                          winnings=collected)
    return history, list(state.payoffs), collected


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory, built_database) -> dict:
    """Each game's hands played by pokerkit, written by it to one file, imported (into a built
    database: a fresh file would build every table when first read), exported again."""
    folder = tmp_path_factory.mktemp("phh_games")
    hands = [_play(variant, seed) for variant in GAMES for seed in range(HANDS)]
    written = folder / "pokerkit.phhs"
    with open(written, "wb") as file:
        HandHistory.dump_all([history for history, _, _ in hands], file)
    with pokersql.connect(built_database()) as db:
        assert db.import_histories([str(written)]).imported == len(hands)
        nets = {(player, float(net)) for player, net in db.query("select player, net from history_player_hands").rows}
        games = dict(db.query("select game, count(*) from history_hands group by game").rows)
        result = phh_export.export(db, folder / "again.phhs")
    return {"hands": hands, "nets": nets, "games": games, "again": folder / "again.phhs", "export": result}


def test_pokerkit_s_hands_are_read_with_pokerkit_s_nets(played):
    assert played["games"] == {"Omaha Hi/Lo Limit": HANDS, "7 Card Stud Limit": HANDS, "7 Card Stud Hi/Lo Limit": HANDS,
                               "Razz Limit": HANDS}
    nets = {(name, float(net)) for history, payoffs, _ in played["hands"] for name, net in zip(history.players, payoffs)}
    assert played["nets"] == nets


def test_every_hand_exported_again_that_pokerkit_can_open_is_replayed_to_the_same_stacks(played):
    """Every hand is written again; pokerkit replays each whose cards the tables hold (a stud
    player's cards are stored where all seven are known: one who folds before seventh street is
    dealt ``??``, and pokerkit cannot open a street by unknown up cards), to the same stacks."""
    assert played["export"].hands == len(played["hands"]) and not played["export"].skipped
    with open(played["again"], "rb") as file:
        again = {str(history.hand): history for history in HandHistory.load_all(file)}
    replayed: dict[str, int] = {}
    for history, payoffs, _ in played["hands"]:
        written = again[str(history.hand)]
        assert written.variant == history.variant and written.players == history.players
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                *_, state = written
        except (ValueError, KeyError):
            assert written.variant != "FO/8" and any("??" in action for action in written.actions), history.hand
            continue
        assert not state.status, history.hand
        assert [Decimal(str(end)) - Decimal(str(start)) for start, end in zip(written.starting_stacks, state.stacks)] == payoffs, (
            history.hand, written.actions)
        replayed[written.variant] = replayed.get(written.variant, 0) + 1
    assert replayed["FO/8"] == HANDS and all(replayed[variant] >= HANDS // 4 for variant in GAMES), replayed


def test_a_stud_hand_s_streets_deal_its_cards_one_street_at_a_time(played):
    """PHH's stud dealing as pokerkit writes it: three cards each on third street, then one a
    street to each player still in; the bring-in ``pb``; no blinds and no board."""
    with open(played["again"], "rb") as file:
        stud = [history for history in HandHistory.load_all(file) if history.variant == "F7S"]
    for history in stud:
        dealt = [action.split()[3] for action in history.actions if action.startswith("d dh")]
        assert {len(cards) for cards in dealt} <= {6, 2}
        assert history.blinds_or_straddles is None and not any(action.startswith("d db") for action in history.actions)
        assert history.bring_in == 5 and history.small_bet == 10 and history.big_bet == 20
    assert sum("pb" in history.actions[len(history.players)] for history in stud) > HANDS // 2
