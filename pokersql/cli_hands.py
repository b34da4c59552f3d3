"""The commands of hands and deals: deal, eval, showdown, compare, freq, simulate, arrange."""

from __future__ import annotations

import functools
import sys

import click

from .checks import MAX_DEALS
from .cli_base import Context, _plot, cli, format_option, game_option, pass_context, plot_option, quiet_option, seed_option, shuffle_options
from . import chinese_deal
from .chinese import FREQ_GAMES, MAX_TOP, arrange as arrange_hand, front_freq
from . import game_dealing, games
from .games import GAME_HELP, NAMES
from .hand_sources import stdin_hands
from .output import emit


DEAL_GAME_HELP = (
    "The game: holdem; omaha, omaha5, omaha6; shortdeck, shortdeck-triton (docs/games-flop.md); omaha8, "
    "omaha5-8, courchevel, courchevel8: each hand's high, low and share of the pot (docs/games-hilo.md); stud, stud8, "
    "razz (7 cards each), deuce-to-seven, ace-to-five (5), badugi (4): each player's own cards, no board; chinese: "
    "Chinese poker, 13 cards each to 2 to 4 players, set and scored."
)


def split_game_option(function):
    """--game of the commands that also take the split-pot and lowball games (pokersql/lows.py)."""
    return game_option(function, names=NAMES, help=GAME_HELP)


@cli.command()
@click.option("--players", "-n", type=click.IntRange(2, 10), default=4, show_default=True, help="Players, 2 to 10.")
@seed_option
@shuffle_options
@functools.partial(game_option, names=NAMES + (chinese_deal.GAME,), help=DEAL_GAME_HELP)
@click.option("--royalties", is_flag=True, help="With --game chinese: score the royalties too (docs/games-chinese.md).")
@format_option
@pass_context
def deal(
    context: Context, players: int, seed: int | None, shuffle: str, riffles: int, order: str, game: str, royalties: bool,
    output_format: str,
) -> None:
    """Shuffle, deal five cards to each player and rank the hands.

    With --game another game, each player's hole cards (4, 5 or 6 in Omaha, 2 of the 36 cards
    in short deck) and a board of five, from the same shuffle; each player's best five ranked.
    The split-pot and lowball games give each hand's high and low and its share of the pot;
    stud, stud8 and razz deal seven cards to each player, deuce-to-seven and ace-to-five five,
    badugi four (no board, no draw).
    With --game chinese, 13 cards to each of 2 to 4 players, each set by arrange's rule (front
    3, middle 5, back 5) and every pair scored: 1 point a row, 3 for a scoop, and with
    --royalties the royalties of docs/games-chinese.md.

    \b
    Examples:
        pokersql deal --players 4 --seed 42
        pokersql deal --players 6 --seed 42 --shuffle riffle --riffles 3 --order round-robin
        pokersql deal --players 3 --seed 42 --game omaha
        pokersql deal --players 5 --seed 42 --game razz
        pokersql deal --players 4 --seed 42 --game chinese --royalties
    """
    emit(context.db.deal(players, seed, shuffle=shuffle, riffles=riffles, order=order, game=game, royalties=royalties), output_format)


@cli.command(name="eval")
@click.argument("cards", nargs=-1)
@click.option(
    "--file",
    "path",
    metavar="PATH",
    default=None,
    help="Evaluate every hand of a CSV or Parquet file (a 'cards' column, or 'hole' and 'board'; Omaha and "
    "omaha8: 'hole' and 'board'), or of stdin with -, one hand per line. A bad hand: exit 2 naming its line, and nothing written.",
)
@click.option(
    "--keep",
    metavar="COLUMNS",
    default=None,
    help="With --file: the file's columns to print before each result, comma-separated "
    "[default: all but 'cards'; \"\" for none]. One named like a result column is printed as input_NAME.",
)
@click.option("--board", default="", metavar="CARDS", help="Cards the hand plays with (Omaha: 3 to 5; with the cards, 5 to 7 in all otherwise).")
@split_game_option
@format_option
@quiet_option
@pass_context
def eval_command(
    context: Context, cards: tuple[str, ...], path: str | None, keep: str | None, board: str, game: str, output_format: str
) -> None:
    """Evaluate one hand of 5, 6 or 7 cards (its best five), or every hand of a file.

    With --file, one result per hand, in the file's order, after the file's other
    columns (hand_id, seat, ...; --keep chooses them); --format json writes JSON lines
    (one object per hand). A CSV file is UTF-8 text whose every record has the header's
    fields; an error names the line where the record starts, as an editor numbers it.

    \b
    Examples:
        pokersql eval Ah Kh Qh Jh Th
        pokersql eval "A♠ 10♦ 10♣ 4h 4d"
        pokersql eval As Ks 7d 7c 7h 2s 9c
        pokersql eval --game omaha As Ks Qd Jd --board "Ts 9s 2c 7h 8s"
        pokersql eval --game shortdeck Ah 6c 7d 8s 9h
        pokersql eval --file hands.csv --format csv
        pokersql eval --file hands.parquet --keep hand_id,seat
        pokersql eval --file omaha.csv --game omaha
        printf 'As 2d 3c 4h 7s Kd Kc\\n' | pokersql eval --file - --game razz
        printf 'As Ks Qs Js Ts\\n2c 3d 4h 5s 7c\\n' | pokersql eval --file -
    """
    if path is None:
        if keep is not None:
            raise click.UsageError("--keep goes with --file")
        if not cards:
            raise click.UsageError("give the cards of a hand, or --file PATH")
        emit(context.db.evaluate(" ".join(cards), game=game, board=board), output_format)
        return
    if board:
        raise click.UsageError("--board goes with the cards of one hand, not with --file (a file's hands: a 'board' column)")
    if cards:
        raise click.UsageError("give either the cards of a hand or --file, not both")
    columns = None if keep is None else [name.strip() for name in keep.split(",") if name.strip()]
    if path == "-":
        hands = context.db.evaluate_many(stdin_hands(sys.stdin), stdin=True, keep=columns, game=game)
    else:
        hands = context.db.evaluate_many(path, keep=columns, game=game)
    emit(hands, output_format)


@cli.command()
@click.option("--file", "path", metavar="PATH", required=True,
              help="A CSV or Parquet file of hands, one row per player per hand, or - for CSV on stdin.")
@click.option("--hand-column", default="hand_id", show_default=True, metavar="NAME", help="The column of the hand id.")
@click.option("--player-column", default="seat", show_default=True, metavar="NAME", help="The column of the player (a seat, a name).")
@click.option("--hole-column", default="hole", show_default=True, metavar="NAME", help="The column of the player's hole cards.")
@click.option("--board-column", default="board", show_default=True, metavar="NAME", help="The column of the board (the same in every row of a hand).")
@split_game_option
@format_option
@quiet_option
@pass_context
def showdown(
    context: Context, path: str, hand_column: str, player_column: str, hole_column: str, board_column: str, game: str,
    output_format: str,
) -> None:
    """A showdown over a table of hands: for each hand, each player's best five, place and
    share of the pot (ties split), and the winners.

    One row per player per hand: the hand id, the player, the hole cards and the board
    (card text such as "Ah Kh", or lists of cards in Parquet). Each player has 5 to 7 cards
    with the board. A bad card, a card twice in a hand (in two players' holes, or in a
    hole and on the board), a hand whose board differs between its rows, or a player
    with two rows in a hand: exit 2, naming the line, the hand id and the card.
    --game another game: Omaha's rows hold the game's 4, 5 or 6 hole cards and a board of
    3 to 5, each player's best five two hole cards and three of the board; short deck's
    cards are 6 through A, ranked its way; a split or lowball game (omaha8 ... badugi;
    stud's rows hold 5 to 7 cards and no board): each player's high and low, each half's
    winners and parts of the pot.
    --format json writes JSON lines, one object per hand; csv and the table one row per
    player per hand.

    \b
    Examples:
        pokersql showdown --file hands.csv
        pokersql showdown --file history.parquet --player-column name --format json
        printf 'hand_id,seat,hole,board\\n1,1,Ah Kh,2c 7d 9s Jh Th\\n1,2,Qs Qd,2c 7d 9s Jh Th\\n' | pokersql showdown --file -
    """
    columns = {"hand": hand_column, "player": player_column, "hole": hole_column, "board": board_column}
    if path != "-":
        emit(context.db.showdown(path, columns, game=game), output_format)
        return
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory(prefix="pokersql-") as folder:
        copy = f"{folder}/stdin.csv"
        with open(copy, "wb") as handle:
            shutil.copyfileobj(sys.stdin.buffer, handle)
        emit(context.db.showdown(copy, columns, name="stdin", game=game), output_format)


@cli.command()
@click.argument("hands", nargs=-1, required=True)
@click.option("--board", default="", metavar="CARDS", help="Cards every hand shares (each hand and the board: 5 to 7 cards; Omaha: 3 to 5 on the board).")
@split_game_option
@format_option
@pass_context
def compare(context: Context, hands: tuple[str, ...], board: str, game: str, output_format: str) -> None:
    """Compare hands (each a quoted string of cards): who wins, ties split.

    Each hand has 5 to 7 cards, or fewer with the shared --board (5 to 7 in all).

    \b
    Examples:
        pokersql compare "As Ad 2c 2d 5h" "Ks Kd Qc Qd Ah"
        pokersql compare "Ah Kh" "Qs Qd" --board "2c 7d 9s Jh Th"
        pokersql compare --game omaha "Ah Kh Qd Jd" "Qs Qc 9d 8d" --board "2c 7d 9s Jh Th"
    """
    emit(context.db.compare(*hands, board=board, game=game), output_format)


@cli.command()
@click.option("--cards", type=click.Choice(["5", "7"]), default="5", show_default=True,
              help="Hand size: every 5-card or every 7-card hand (not read in the games of a player's own cards: theirs).")
@click.option("--game", type=click.Choice(NAMES + FREQ_GAMES), default="holdem", show_default=True,
              help="The game (docs/games.md); chinese-front: Chinese poker's three-card front, every 3-card hand; stud, stud8, "
              "razz (7 cards), deuce-to-seven, ace-to-five (5), badugi (4): every hand by each half's category.")
@plot_option
@format_option
@quiet_option
@pass_context
def freq(context: Context, cards: str, game: str, plot: str | None, output_format: str) -> None:
    """Count every hand by category, beside the exact counts.

    Seven cards: all 133,784,560 hands are enumerated in SQL, beside the counts
    of the suit-reduced table, which weighs hand patterns instead of dealing them.

    \b
    Examples:
        pokersql freq --cards 5
        pokersql freq --cards 7
        pokersql freq --game shortdeck --cards 7
        pokersql freq --game stud8
        pokersql freq --plot freq.png
    """
    if plot:
        from . import plots

        if getattr(games.REGISTRY.get(game), "is_split", False):
            raise click.UsageError(f"freq --game {game} --plot: the plot draws one ranking's categories, not a split game's halves")

        plots.check_path(plot)
    result = front_freq(context.db.context) if game in FREQ_GAMES else context.db.freq(int(cards), game=game)
    emit(result, output_format)
    if plot:
        _plot("freq_plot", result, plot, output_format)


@cli.command()
@click.option("--deals", type=click.IntRange(1, MAX_DEALS), required=True, help=f"Number of deals, 1 to {MAX_DEALS:,}.")
@click.option("--players", type=click.IntRange(1, 10), default=1, show_default=True, help="Hands per deal, 1 to 10.")
@seed_option
@shuffle_options
@plot_option
@functools.partial(game_option, help=GAME_HELP + " Split games: each half's categories (the low in words: '7 low', 'no low').")
@format_option
@quiet_option
@pass_context
def simulate(
    context: Context, deals: int, players: int, seed: int | None, shuffle: str, riffles: int, order: str,
    plot: str | None, game: str, output_format: str,
) -> None:
    """Deal many times and count the categories: observed against exact probability.

    \b
    Example (the 2010 article's experiment):
        pokersql simulate --deals 2598960 --players 1 --seed 2010
    \b
    Too few riffles show in the z-scores; seven riffles do not:
        pokersql simulate --deals 100000 --seed 1 --shuffle riffle --riffles 3 --plot riffle3.png
    \b
    Another game: each player's best hand of hole cards and board, as deal --game deals them
    (short deck beside its exact seven-card probability; Omaha observed only):
        pokersql simulate --game shortdeck --deals 100000 --players 4 --seed 1
    \b
    A split-pot or lowball game: each hand's high by category and its low in words, a row a
    category of each half (stud's high beside Hold'em's seven-card probability; the lows
    observed only):
        pokersql simulate --game stud8 --deals 10000 --players 4 --seed 1
    """
    if plot:
        from . import plots

        rules = games.rules(game)
        if rules.is_split and not (game_dealing.exact_high(rules) and rules.low_ranking is None):
            what = "Omaha's highs and the lows" if rules.board_cards else "the lows"
            raise click.UsageError(f"simulate --game {game} --plot: {what} have no exact probability to plot")
        if not rules.is_split and rules.plays_hole_cards:
            raise click.UsageError(f"simulate --game {game} --plot: Omaha's best hands have no exact probability to plot")
        plots.check_path(plot)  # a bad file name fails before a long simulation, not after
    result = context.db.simulate(deals, players, seed, shuffle=shuffle, riffles=riffles, order=order, game=game)
    emit(result, output_format)
    if plot:
        _plot("simulate_plot", result, plot, output_format)


@cli.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--top", type=click.IntRange(1, MAX_TOP), default=1, show_default=True, metavar="N",
              help=f"Show the N best settings (at most {MAX_TOP:,}; every setting is in SQL's chinese_settings).")
@format_option
@quiet_option
@pass_context
def arrange(context: Context, cards: tuple[str, ...], top: int, output_format: str) -> None:
    """Chinese poker: every setting of 13 cards, the legal ones ranked, the best shown.

    All 72,072 settings (a front of 3, a middle of 5, a back of 5) are enumerated in SQL;
    those that foul (unless back >= middle >= front) are set aside, and the others ranked
    by their expected points against a random opponent's rows: per row P(win) - P(lose)
    against a random hand of its size, summed (no scoop bonus; docs/games-chinese.md).

    \b
    Examples:
        pokersql arrange As Ks Qs Js Ts 9h 9d 9c 5h 5d 3c 2c 2d
        pokersql arrange "Ah Ad Kc Kd Qh Qs Jc Jd 8h 7s 5c 4d 2h" --top 3 --format json
    """
    emit(arrange_hand(context.db.context, cards, top), output_format)
