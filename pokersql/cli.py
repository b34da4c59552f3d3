"""The command line: parses, calls the library, formats. Nothing else.

Library errors become one line on stderr and an exit status here, and nowhere else:
2 for bad input, 1 for any other failure; a traceback only with --debug.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

# A Ctrl-C while pokersql starts (the imports below take a few hundred milliseconds, seconds on
# a busy machine) ends it as any other: one line, exit status 130. The console script imports
# this module first, and ``import pokersql`` itself imports nothing heavy.
try:
    import click

    from . import interrupts, migrations, places
    from .cards import card_name, parse_cards
    from .database import DEAL_ORDERS, MAX_DEALS, MEMORY, MIN_TRIALS, MAX_RIFFLES, MAX_SEED, SHUFFLES, Database, connect
    from .engines import DEFAULT_ENGINE, ENGINES
    from .errors import BadInput, Interrupted, PokerSQLError
    from .games import GAME_NAMES, game_of
    from .chinese import FREQ_GAMES, front_freq
    from .output import FORMATS, emit
    from .engines.postgres import URL_SCHEMES, masked
    from .own_hands import stdin_hands
    from .stats import POSITIONS
    from .progress import ProgressBar
    from .results import AppliedFile, BuildResult, MigrateResult
    from .transpile import DIALECTS
except KeyboardInterrupt:
    sys.stderr.write("pokersql: interrupted\n")
    raise SystemExit(130) from None

# query --timeout's default, in seconds: a query that runs longer is stopped (docs/usage.md).
QUERY_TIMEOUT_S = 300

format_option = click.option(
    "--format",
    "output_format",
    type=click.Choice(FORMATS),
    default="table",
    show_default=True,
    help="Output format. json: one JSON document; where the rows stream (query, eval --file), JSON lines, one object a line.",
)
seed_option = click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    default=None,
    help="Seed of the shuffle (0 to 2^62); the same seed deals the same cards. Random if omitted.",
)


def game_option(function, **settings):
    settings.setdefault(
        "help",
        "The game: holdem; omaha, omaha5, omaha6 (high: exactly two of the 4, 5 or 6 hole cards "
        "and three of the board); shortdeck, shortdeck-triton (36 cards; docs/games.md).",
    )
    return click.option("--game", type=click.Choice(GAME_NAMES), default="holdem", show_default=True, **settings)(function)


def shuffle_options(function):
    """--shuffle, --riffles and --order, for the commands that deal."""
    function = click.option(
        "--order",
        type=click.Choice(DEAL_ORDERS),
        default="blocks",
        show_default=True,
        help="blocks: five consecutive cards to each player (the T-SQL article); round-robin: one card to each player in turn.",
    )(function)
    function = click.option(
        "--riffles",
        type=click.IntRange(1, MAX_RIFFLES),
        default=7,
        show_default=True,
        help=f"Riffle shuffles of a new deck with --shuffle riffle, 1 to {MAX_RIFFLES}.",
    )(function)
    return click.option(
        "--shuffle",
        type=click.Choice(SHUFFLES),
        default="uniform",
        show_default=True,
        help="uniform: every order equally likely; riffle: riffle shuffles of a new deck (Gilbert-Shannon-Reeds).",
    )(function)


plot_option = click.option(
    "--plot",
    metavar="FILE.png",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Also draw the result as a PNG picture (needs matplotlib: pip install 'pokersql[plot]').",
)


def _set_quiet(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:
        ctx.ensure_object(Context).quiet = True


quiet_option = click.option(
    "--quiet", "-q", is_flag=True, expose_value=False, callback=_set_quiet, help="No progress bar on stderr."
)


class Context:
    def __init__(
        self, db_path: str | None = None, engine: str = DEFAULT_ENGINE, debug: bool = False, quiet: bool = False, master: str | None = None
    ) -> None:
        self.chosen_path = db_path  # --db or POKERSQL_DB; None: the engine's default (places.py)
        self.engine = engine
        self.master = master
        self.debug = debug
        self.quiet = quiet
        self.command = ""  # the command's name, once known
        self._db: Database | None = None
        self._progress: ProgressBar | None = None

    def choose(self, db_path: str | None = None, engine: str | None = None) -> None:
        """--db or --engine given after the command: as if given before it."""
        if db_path is not None:
            self.chosen_path = db_path
        if engine is not None:
            self.engine = engine

    @property
    def db_path(self) -> str:
        return self.chosen_path or places.default_database(self.engine)

    @property
    def shown_path(self) -> str:
        """The database as messages name it: a PostgreSQL URL's password is never printed."""
        return masked(self.db_path)

    @property
    def engine_options(self) -> dict[str, str]:
        return {"master": self.master} if self.master and "master" in ENGINES[self.engine].options else {}

    @property
    def progress(self) -> ProgressBar:
        """The bar on stderr; silent when --quiet or when stderr is not a terminal."""
        if self._progress is None:
            self._progress = ProgressBar(quiet=self.quiet)
        return self._progress

    @property
    def db(self) -> Database:
        if self._db is None:
            path = self.chosen_path or places.default_database(self.engine, make_folder=True)
            # Read-only until something must be written (pending SQL files, migrate): other
            # processes can read the file meanwhile, and a file this user cannot write works.
            self._db = connect(path, self.engine, progress=self.progress, read_only=True, **self.engine_options)
        return self._db

    def existing_db(self) -> Database:
        """The database, for a command that only reads what the user put in it (history, query,
        export): a file (or Spark's folder) chosen by --db or POKERSQL_DB that is not there is
        refused, not made new (a typo in the name would give an empty database)."""
        path = self.chosen_path
        a_file = path and path != MEMORY and not path.startswith(URL_SCHEMES) and not ENGINES[self.engine].takes_url
        if self._db is None and a_file and not os.path.exists(path):
            raise BadInput(
                f"database {path} does not exist: {self.command} reads a database made before "
                f"(a typo? `pokersql --db {path} migrate` makes a new one)"
            )
        return self.db

    def say_what_was_built(self) -> None:
        """One line on stderr when the command built tables on first use, after it succeeded (a
        failed command's one line is its error); build says so itself."""
        if self._db is not None and self._db.built_on_first_use and self._db.engine.path and self.command != "build":
            where, seconds = places.shown(self.db_path), self._db.seconds_building
            click.echo(f"pokersql: built {self._db.built_on_first_use} in {where} ({seconds:.1f} s)", err=True)

    def close(self) -> None:
        if self._progress is not None:
            self._progress.close()
        if self._db is not None:
            self._db.close()


pass_context = click.make_pass_decorator(Context)


class _ReaderGone(Exception):
    """stdout's reader stopped (``| head``): not an OSError, which click would turn into exit 1."""


def _checked_db_path(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not value.strip():
        raise click.BadParameter("the database path is empty: give a file name, or leave --db out", ctx, param)
    return value


def _chosen_after(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """--db or --engine after the command's name: as if given before it."""
    if value is not None:
        ctx.find_object(Context).choose(**{param.name: _checked_db_path(ctx, param, value)})


class _Command(click.Command):
    """A command that takes --db and --engine after its name too (the main --help lists them;
    each command's leaves them out, to stay short)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params += [
            click.Option(["--db", "db_path"], metavar="PATH", hidden=True, expose_value=False, callback=_chosen_after),
            click.Option(["--engine"], type=click.Choice(sorted(ENGINES)), hidden=True, expose_value=False, callback=_chosen_after),
        ]


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """pokersql's version (the package's metadata: pyproject.toml, as installed), DuckDB's, and
    where the default database is."""
    if not value or ctx.resilient_parsing:
        return
    from importlib import metadata

    import pokersql

    duckdb_file = places.default_database("duckdb")
    made = "" if os.path.exists(duckdb_file) else ", not made yet"
    click.echo(f"pokersql {pokersql.__version__}\nDuckDB {metadata.version('duckdb')}")
    click.echo(f"default database: {places.shown(duckdb_file)}{made} (--engine sqlite: {ENGINES['sqlite'].default_path} beside it)")
    ctx.exit()


class _Group(click.Group):
    command_class = _Command

    def invoke(self, ctx: click.Context) -> object:
        try:
            done = super().invoke(ctx)
        except BrokenPipeError as e:
            raise _ReaderGone() from e
        if isinstance(ctx.obj, Context):
            ctx.obj.say_what_was_built()
        return done


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--db", "db_path", envvar="POKERSQL_DB", metavar="PATH", callback=_checked_db_path, help="Database file [default: pokersql.duckdb, or pokersql.sqlite for SQLite, in your data folder (--version says where); for Spark a directory, pokersql.spark; env POKERSQL_DB]. Before or after the command.")
@click.option("--engine", envvar="POKERSQL_ENGINE", type=click.Choice(sorted(ENGINES)), default=DEFAULT_ENGINE, show_default=True, help="Database engine [env POKERSQL_ENGINE]. Before or after the command.")
@click.option("--master", envvar="POKERSQL_SPARK_MASTER", metavar="URL", default=None, help="Spark only: the master to run on [default: local[2]; env POKERSQL_SPARK_MASTER].")
@click.option("--debug", is_flag=True, help="Show the traceback of an error.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar on stderr (there is none when stderr is not a terminal).")
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
              help="Show the version (and DuckDB's) and where the default database is, and exit.")
@click.pass_context
def cli(ctx: click.Context, db_path: str | None, engine: str, master: str | None, debug: bool, quiet: bool) -> None:
    """pokersql: a SQL-first poker hand evaluator.

    \b
    Example:
        pokersql deal --players 4 --seed 42

    \b
    Shell completion (bash; zsh and fish alike, see docs/usage.md):
        eval "$(_POKERSQL_COMPLETE=bash_source pokersql)"
    """
    takes_master = "master" in ENGINES[engine].options
    if not takes_master and ctx.get_parameter_source("master") == click.core.ParameterSource.COMMANDLINE:
        raise click.BadParameter(f"--master is for --engine spark, not {engine}", param_hint="--master")
    ctx.obj = Context(db_path, engine, debug, quiet, master if takes_master else None)
    ctx.obj.command = ctx.invoked_subcommand or ""
    ctx.call_on_close(ctx.obj.close)


@cli.command()
@click.option("--rebuild", is_flag=True, help="Drop pokersql's own tables and views (never yours) and build them again.")
@format_option
@quiet_option
@pass_context
def migrate(context: Context, rebuild: bool, output_format: str) -> None:
    """Apply the pending SQL files (new tables, edited view files) and list what was applied.

    \b
    Examples:
        pokersql migrate
        pokersql --db old.duckdb migrate --rebuild
    """
    started = time.perf_counter()
    applied = [AppliedFile(f.version, f.script, f.kind, f.checksum[:12]) for f in context.db.migrate(rebuild=rebuild)]
    emit(MigrateResult(context.shown_path, applied, time.perf_counter() - started), output_format)


@cli.command()
@click.option(
    "--preflop",
    is_flag=True,
    help="Also fill preflop_matchups, every heads-up preflop matchup exactly (minutes); equity then reads it.",
)
@format_option
@quiet_option
@pass_context
def build(context: Context, preflop: bool, output_format: str) -> None:
    """Materialize the hands table, all 2,598,960 five-card hands (idempotent).

    With --preflop, fill the table of all 1,624,350 heads-up preflop matchups, each with its
    wins, ties and losses over the 1,712,304 boards (and the view preflop_classes, 169 x 169):
    heads-up preflop equity of hands, ranges and random is then a lookup. The job runs on DuckDB
    and Spark; PostgreSQL and SQLite refuse it (tens of GB of temporary files): build it with
    DuckDB, export it and copy it in (docs/preflop.md shows how).

    \b
    Example:
        pokersql build
        pokersql build --preflop
    """
    started = time.perf_counter()
    count = context.db.build(preflop=preflop)
    table = "preflop_matchups" if preflop else "hands"
    emit(BuildResult(context.shown_path, table, count, time.perf_counter() - started), output_format)


@cli.command()
@click.option("--players", "-n", type=click.IntRange(2, 10), default=4, show_default=True, help="Players, 2 to 10.")
@seed_option
@shuffle_options
@game_option
@format_option
@pass_context
def deal(
    context: Context, players: int, seed: int | None, shuffle: str, riffles: int, order: str, game: str, output_format: str
) -> None:
    """Shuffle, deal five cards to each player and rank the hands.

    With --game another game, each player's hole cards (4, 5 or 6 in Omaha, 2 of the 36 cards
    in short deck) and a board of five, from the same shuffle; each player's best five ranked.

    \b
    Examples:
        pokersql deal --players 4 --seed 42
        pokersql deal --players 6 --seed 42 --shuffle riffle --riffles 3 --order round-robin
        pokersql deal --players 3 --seed 42 --game omaha
    """
    emit(context.db.deal(players, seed, shuffle=shuffle, riffles=riffles, order=order, game=game), output_format)


@cli.command(name="eval")
@click.argument("cards", nargs=-1)
@click.option(
    "--file",
    "path",
    metavar="PATH",
    default=None,
    help="Evaluate every hand of a CSV or Parquet file (a 'cards' column, or 'hole' and 'board'; Omaha: "
    "'hole' and 'board'), or of stdin with -, one hand per line. A bad hand: exit 2 naming its line, and nothing written.",
)
@click.option(
    "--keep",
    metavar="COLUMNS",
    default=None,
    help="With --file: the file's columns to print before each result, comma-separated "
    "[default: all but 'cards'; \"\" for none]. One named like a result column is printed as input_NAME.",
)
@click.option("--board", default="", metavar="CARDS", help="Cards the hand plays with (Omaha: 3 to 5; with the cards, 5 to 7 in all otherwise).")
@game_option
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
@game_option
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
    cards are 6 through A, ranked its way.
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
@game_option
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
@click.option("--cards", type=click.Choice(["5", "7"]), default="5", show_default=True, help="Hand size: every 5-card or every 7-card hand.")
@click.option("--game", type=click.Choice(GAME_NAMES + FREQ_GAMES), default="holdem", show_default=True, help="The game (docs/games.md); chinese-front: Chinese poker's three-card front, every 3-card hand.")
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
        pokersql freq --plot freq.png
    """
    if plot:
        from . import plots

        plots.check_path(plot)
    result = front_freq(context.db) if game in FREQ_GAMES else context.db.freq(int(cards), game=game)
    emit(result, output_format)
    if plot:
        _plot("freq_plot", result, plot, output_format)


@cli.command()
@click.option("--deals", type=click.IntRange(1, MAX_DEALS), required=True, help=f"Number of deals, 1 to {MAX_DEALS:,}.")
@click.option("--players", type=click.IntRange(1, 10), default=1, show_default=True, help="Hands per deal, 1 to 10.")
@seed_option
@shuffle_options
@plot_option
@game_option
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
    """
    if plot:
        from . import plots

        if game_of(game).plays_hole_cards:
            raise click.UsageError(f"simulate --game {game} --plot: Omaha's best hands have no exact probability to plot")
        plots.check_path(plot)  # a bad file name fails before a long simulation, not after
    result = context.db.simulate(deals, players, seed, shuffle=shuffle, riffles=riffles, order=order, game=game)
    emit(result, output_format)
    if plot:
        _plot("simulate_plot", result, plot, output_format)


@cli.command()
@click.argument("hands", nargs=-1, required=True)
@click.option("--board", default="", metavar="CARDS", help="The board so far: 0, 3, 4 or 5 cards.")
@click.option("--dead", default="", metavar="CARDS", help="Cards known to be out of the deck.")
@click.option(
    "--trials",
    type=click.IntRange(MIN_TRIALS, MAX_DEALS),
    default=None,
    help=f"Monte Carlo runouts instead of every board ({MIN_TRIALS} or more: one has no standard error).",
)
@click.option(
    "--exact",
    "exact",
    is_flag=True,
    default=None,
    help="Count every deal and board; refused when estimated at more than four hours (use --trials).",
)
@click.option("--next-street", is_flag=True, help="With a flop or a turn: each card that can come next, who leads and everyone's equity after it, and each player's outs.")
@click.option("--by-combo", is_flag=True, help="Each combination of the first player's range with its exact equity against the others, the best first.")
@click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    default=None,
    help="Seed of the Monte Carlo runouts (0 to 2^62): used with --trials, or when the default picks Monte Carlo; "
    "refused with --exact; with an exact answer it is unused, and a note on stderr says so. If omitted, one derived "
    "from the question (hands, board, dead cards, trials, game): the same command gives the same answer.",
)
@plot_option
@game_option
@format_option
@quiet_option
@pass_context
def equity(
    context: Context, hands: tuple[str, ...], board: str, dead: str, trials: int | None, exact: bool | None,
    next_street: bool, by_combo: bool, seed: int | None, game: str, plot: str | None, output_format: str,
) -> None:
    """Texas Hold'em equity of 2 to 10 players: exact when feasible, else Monte Carlo.

    Each HAND is two hole cards, a range ("QQ+,AKs", "A2s+", "22-55", "AKo") or "random";
    with --game, the game's hole cards or "random" (docs/games.md).

    \b
    Examples:
        pokersql equity AhAd KhKd
        pokersql equity "Ah Kh" "Qs Qd" "7c 8c" --board "2h 7h Qc"
        pokersql equity AhAd "QQ+,AKs"
        pokersql equity AhAd random --trials 100000 --seed 7
        pokersql equity AhAd KhKd --board "2h 7h Qc" --plot equity.png
        pokersql equity AhAd KhKd --board "2h 7h Kc" --next-street
        pokersql equity --game omaha "Ah Ad Kc Qc" "Js Ts 9d 8d" --board "2h 7h Qd"
        pokersql equity --game shortdeck "As Ks" random --trials 100000 --seed 7
        pokersql equity "QQ+,AKs:0.5" "JJ+,AQs" --board "Qh Ts 7c" --by-combo
    """
    if plot:
        from . import plots

        plots.check_path(plot)  # a bad file name fails before a long count, not after
    result = context.db.equity(
        *hands, board=board, dead=dead, trials=trials, seed=seed, exact=exact, next_street=next_street, game=game,
        by_combo_of=1 if by_combo else None,
    )
    emit(result, output_format)
    if seed is not None and result.exact:
        click.echo(f"pokersql: note: --seed {seed} unused: the answer is exact, every board counted (--trials asks for Monte Carlo)", err=True)
    if plot:
        board_cards = [card_name(c) for c in parse_cards(board)] if board else []
        _plot("equity_plot", {**result.to_dict(), "board": board_cards}, plot, output_format)


@cli.command()
@click.argument("sql")
@click.option(
    "--read",
    "read",
    multiple=True,
    metavar="PATH",
    help="DuckDB only: a file of yours the SQL may read, read-only (repeat for more); no other file.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0),
    default=QUERY_TIMEOUT_S,
    show_default=True,
    metavar="SECONDS",
    help="Stop the query once it has run this long, its rows' output included (exit status 1); 0: no limit.",
)
@format_option
@pass_context
def query(context: Context, sql: str, read: tuple[str, ...], timeout: float, output_format: str) -> None:
    """Run one SQL statement against the database, read-only: it can change nothing, and touch
    no file or network. SQL is - to read it from stdin.

    The engine itself refuses a write, a file, an extension or a URL (exit status 2), and
    more than one statement (it would show only the last one's rows). --format json writes
    JSON lines (one object per row); the table shows the first 1,000 rows.

    \b
    Examples:
        pokersql query "select category, count(*) as hands from hands group by category order by 2"
        pokersql query "select name, pretty from cards where rank_char = 'A'" --format csv
        echo "select count(*) as royal_flushes from hands where points = 9" | pokersql query -
        pokersql query --read mine.csv "select cards, hand_rank(cards) as rank from 'mine.csv'"
    """
    if sql == "-":
        sql = sys.stdin.read()
    with context.existing_db().stream(sql, read=read, timeout=timeout) as result:
        emit(result, output_format)
    if context.db.engine.query_note:
        click.echo(f"pokersql: note: {context.db.engine.query_note}", err=True)


@cli.command(name="range")
@click.argument("text")
@plot_option
@format_option
def range_command(text: str, plot: str | None, output_format: str) -> None:
    """A range's 13 x 13 grid, shaded by weight, and its count of combinations.

    TEXT takes PokerStove's forms (QQ+, A2s+, KTo+, AK, AsKs), weights (AKs:0.5, AK@50,
    0.5(KK,QQ), 40%(AKs)), suit patterns (AxKx suited, AxKy offsuit) and top percentages
    (15%). --format csv or json: every combination with its weight, ready for range_input.
    No database is opened.

    \b
    Examples:
        pokersql range 'QQ+,AKs:0.5,15%'
        pokersql range 'AxKy,0.5(TT-88)' --plot range.png
        pokersql range '10%' --format csv
    """
    from .range_text import describe

    if plot:
        from . import plots

        plots.check_path(plot)
    result = describe(text)
    emit(result, output_format)
    if plot:
        _plot("range_plot", result, plot, output_format)


@cli.command(name="import")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option(
    "--skip-bad",
    is_flag=True,
    help="Import the good hands and list each bad one (file, line, reason). "
    "Without it, a bad hand stops the import: exit 2, and nothing written.",
)
@click.option(
    "--parquet",
    metavar="DIR",
    help="Then write the five tables, whole, as DIR/TABLE.parquet (made if not there), "
    "for DuckDB or Spark to read. Not on SQLite or PostgreSQL. Such a file there already: exit 2, unless --force.",
)
@click.option("--force", is_flag=True, help="With --parquet: replace the DIR/TABLE.parquet files there already.")
@format_option
@quiet_option
@pass_context
def import_command(
    context: Context, files: tuple[str, ...], skip_bad: bool, parquet: str | None, force: bool, output_format: str
) -> None:
    """Import hand histories of six sites and PHH, each file's format and encoding detected.

    The text of PokerStars, GGPoker, Winamax, 888 and PartyPoker, iPoker's XML, and PHH
    (.phh, .phhs): cash games and tournaments of Hold'em, Omaha and short deck
    (docs/histories.md says what each site's files give, and what is refused).
    Each hand becomes rows of history_hands, history_seats, history_actions,
    history_board and history_results (docs/histories.md); a hand held already (the
    same site and hand id) is stored once. A truncated hand, an unknown or duplicate
    card, or amounts that do not add up: exit 2, naming the file, the line and the
    reason, and the database as it was; --skip-bad imports the other hands instead.

    \b
    Examples:
        pokersql import pluribus_30.txt pluribus_31.txt
        pokersql import hands.phhs --skip-bad --format json
        pokersql import hands.txt --parquet tables/
        pokersql import more.txt --parquet tables/ --force
        pokersql query "select player, sum(collected) as won from history_results group by player"
    """
    from . import histories

    if force and parquet is None:
        raise click.UsageError("--force goes with --parquet DIR")
    for path in files:
        histories.detect(path)  # a missing or unknown file is refused before the database is opened
    emit(context.db.import_histories(list(files), skip_bad=skip_bad, parquet=parquet, overwrite=force), output_format)


@cli.command()
@click.option("--player", "players", multiple=True, metavar="NAME", help="Only this player (repeat for more).")
@plot_option
@format_option
@quiet_option
@pass_context
def history(context: Context, players: tuple[str, ...], plot: str | None, output_format: str) -> None:
    """Per player, the imported hands: net won, won at showdown, and all-in EV against the result.

    A hand is all-in when its betting ended before the river with two or more players in,
    their cards known: each pot is paid by each player's exact equity when the money went
    in (every board still to come counted), and luck is what the hands netted less that.
    ev_adjusted is the net won with the all-ins paid by equity. --plot draws each player's
    cumulative net won (solid) and all-in adjusted net (dashed), hand by hand.

    \b
    Examples:
        pokersql import pluribus_30.txt pluribus_31.txt
        pokersql history
        pokersql history --player Pluribus --plot pluribus.png
        pokersql query "select * from history_allin_ev order by hand_id, seat"
    """
    if plot:
        from . import plots

        plots.check_path(plot)
    result = context.existing_db().history(players)
    emit(result, output_format)
    if plot:
        _plot("history_plot", result, plot, output_format)


@cli.command()
@click.option("--player", "players", multiple=True, metavar="NAME", help="Only this player (repeat for more).")
@click.option("--position", "positions", multiple=True, type=click.Choice(POSITIONS, case_sensitive=False),
              help="Only the hands played from this position, a row per player and position (repeat for more).")
@click.option("--by-position", is_flag=True, help="A row per player and position.")
@click.option("--since", metavar="YYYY-MM-DD", help="Only the hands played on or after this day.")
@click.option("--until", metavar="YYYY-MM-DD", help="Only the hands played on or before this day.")
@click.option("--stakes", metavar="SB/BB", help="Only the hands of these blinds, such as 0.25/0.50 or 50/100.")
@click.option("--game", metavar="GAME", help="Only the hands of this game, as imported (\"Hold'em No Limit\").")
@format_option
@quiet_option
@pass_context
def stats(context: Context, output_format: str, **chosen: Any) -> None:
    """A tracker's statistics per player: VPIP, PFR, 3-bet, steal, c-bet, WTSD, bb/100 ...

    Each is a percentage of the player's chances in the imported hands the filters keep
    (docs/histories.md says which actions and hands count); history_hand_stats holds
    each seat's chances and actions, history_player_stats the percentages over every hand.
    A filter that keeps no hand gives an empty table.

    \b
    Examples:
        pokersql import pluribus_30.txt pluribus_31.txt
        pokersql stats
        pokersql stats --player Pluribus --by-position --format json
        pokersql stats --position BTN --position CO --since 2019-07-01 --stakes 50/100
    """
    emit(context.existing_db().stats(**chosen), output_format)


@cli.command()
@click.argument("table_name", metavar="TABLE")
@click.option("--to", "path", required=True, metavar="FILE", type=click.Path(dir_okay=False, writable=True),
              help="File to write: .parquet (DuckDB) or .csv, by its extension.")
@click.option("--force", is_flag=True, help="Replace FILE if it exists (never the database's own files).")
@format_option
@quiet_option
@pass_context
def export(context: Context, table_name: str, path: str, force: bool, output_format: str) -> None:
    """Write a table or view to a Parquet or CSV file, for pandas, Polars or any SQL engine.

    A FILE that exists is left alone (exit 2) unless --force; the open database and its own
    files (journal, write-ahead log), however named, never are written. The file is written
    under a temporary name beside it and appears only when whole.

    \b
    Examples:
        pokersql export hands --to hands.parquet
        pokersql export hand_classes --to hand_classes.csv
        pokersql export hands --to hands.parquet --force
    \b
    Then, e.g. in Python: pandas.read_parquet("hands.parquet")
    """
    started = time.perf_counter()
    result = context.existing_db().export(table_name, path, overwrite=force)
    emit(result, output_format, seconds=time.perf_counter() - started)


@cli.command()
@click.option("--dialect", type=click.Choice(DIALECTS), default="duckdb", show_default=True, help="SQL dialect to print.")
@click.option("--recipe", metavar="NAME", default=None, help="Print the recipe NAME (hand_ranks, showdown) for the dialect instead.")
def sql(dialect: str, recipe: str | None) -> None:
    """Print the versioned SQL, transpiled to a dialect, ready for another shell.

    With --recipe, print a recipe instead: one query over pokersql's tables, for your own
    hands in a table the recipe's comment names.

    \b
    Examples:
        pokersql sql --dialect duckdb | duckdb poker.duckdb
        pokersql sql --recipe showdown --dialect sqlite > showdown.sql
    \b
    Then, in sqlite3 with a table hand_history: .read showdown.sql
    """
    if recipe is not None:
        click.echo(migrations.recipe_text(recipe, dialect), nl=False)
        return
    click.echo(migrations.script_for(dialect, migrations.sql_files()), nl=False)


@cli.command(name="tour")
@click.option("--port", type=click.IntRange(0, 65535), default=8010, show_default=True, help="Port to serve on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to serve on (IPv6 too: ::1).")
def tour_command(port: int, host: str) -> None:
    """Serve the guided tour: the article's pipeline, stage by stage, in your browser.

    The page runs the project's SQL files in DuckDB-Wasm, offline: it loads nothing
    from outside its own address. Ctrl-C stops the server.

    \b
    Example:
        pokersql tour
    """
    from . import tour

    httpd = tour.server(host, port)
    try:
        click.echo(f"The tour is at {tour.url(host, httpd.server_address[1])} (Ctrl-C stops it)")
        httpd.serve_forever()
    finally:
        httpd.server_close()


def _plot(function: str, result: object, path: str, output_format: str) -> None:
    """Draw the picture; say where it went (on stderr, so JSON and CSV on stdout stay clean)."""
    from . import plots

    written = getattr(plots, function)(result, path)
    if output_format == "table":
        click.echo(f"picture: {written} ({plots.SIZE[0]}x{plots.SIZE[1]} PNG)", err=True)


def main(argv: list[str] | None = None) -> int:
    """Entry point: runs the CLI and turns every error into one line and an exit status."""
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args
    try:
        with interrupts.handling_sigint():
            cli.main(args=args, prog_name="pokersql", standalone_mode=False)
            if interrupts.pending():  # the signal came as the work ended: it still counts
                raise KeyboardInterrupt
    except click.exceptions.Exit as e:
        return e.exit_code
    except (BrokenPipeError, _ReaderGone):
        return _reader_gone()
    except (click.Abort, KeyboardInterrupt, Interrupted):
        line, status = interrupts.ending()
        click.echo(f"pokersql: {line}", err=True)
        return status
    except click.ClickException as e:
        if debug:
            raise
        click.echo(f"pokersql: error: {masked(e.format_message())}", err=True)
        return 2
    except PokerSQLError as e:
        if debug:
            raise
        click.echo(f"pokersql: error: {masked(_one_line(str(e)))}", err=True)
        return e.exit_code
    except Exception as e:  # anything unforeseen: still one line, exit status 1
        if debug:
            raise
        click.echo(f"pokersql: error: {type(e).__name__}: {masked(_one_line(str(e)))}", err=True)
        return 1
    return 0


def _reader_gone() -> int:
    """stdout's reader stopped (``| head``): that is normal, so exit 0 at once, quietly.

    stdout is pointed at /dev/null first: the interpreter flushes it at exit, which would fail again.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return 0


def _one_line(text: str) -> str:
    return " ".join(text.split())


if __name__ == "__main__":
    sys.exit(main())
