"""The command line's group (``cli``), its options and its ``Context`` (the database a command
uses); the commands are in pokersql.cli_setup, cli_hands, cli_equity and cli_tracker, and
pokersql.cli runs them (``main``).
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

import click

from . import places
from .checks import MAX_SEED
from .context import MEMORY
from .engines import DEFAULT_ENGINE, ENGINES
from .engines.base import FILE_ENGINES
from .errors import BadInput, Interrupted
from .output import FORMATS
from .engines.postgres import URL_SCHEMES, masked
from .progress import ProgressBar

if TYPE_CHECKING:
    from .database import Database

# Each command's module (pokersql.cli_*), imported when the command runs, or when every command
# is listed (--help, shell completion, the docs: cli.commands): `pokersql stats` loads none of
# what `equity` or `deal` reads (the games, the ranges), and the library's features are
# imported as a command calls them (pokersql.database). A test checks it against the modules.
COMMAND_MODULES = {
    **dict.fromkeys(("equity", "range"), "cli_equity"),
    **dict.fromkeys(("deal", "eval", "showdown", "compare", "freq", "simulate", "arrange"), "cli_hands"),
    "odds": "cli_odds",
    "pql": "pql.cli",
    **dict.fromkeys(("migrate", "build", "query", "export", "sql", "tour"), "cli_setup"),
    **dict.fromkeys(("import", "history", "stats", "report"), "cli_tracker"),
}

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


def hand_filters(prefix: str = ""):
    """--since, --until, --stakes and --game: the imported hands a tracker's command keeps
    (stats.filters); ``prefix`` begins each help (export's "PHH: ")."""
    def decorate(function):
        for name, metavar, text in reversed((
            ("--since", "YYYY-MM-DD", "only the hands played on or after this day."),
            ("--until", "YYYY-MM-DD", "only the hands played on or before this day."),
            ("--stakes", "SB/BB", "only the hands of these blinds, such as 0.25/0.50 or 50/100."),
            ("--game", "GAME", "only the hands of this game: pokersql's name (holdem, omaha, omaha8, stud ...: every limit) "
                               "or the site's, as imported (\"Hold'em No Limit\")."),
        )):
            function = click.option(name, metavar=metavar, help=f"{prefix}{text[0].upper() if not prefix else text[0]}{text[1:]}")(function)
        return function
    return decorate


def money_options(function):
    """--currency, --cash, --tournaments and --site: the one money a tracker's sums add up (money.choose)."""
    for option in reversed((
        click.option("--currency", metavar="CODE", help="Only the cash games in this currency (USD, EUR ...; none: those naming none); "
                     "with --tournaments, the tournaments bought in with it. Default: the currency of the most cash hands."),
        click.option("--cash", is_flag=True, help="Only cash games (in one currency: --currency, or the one of the most hands)."),
        click.option("--tournaments", is_flag=True, help="Only tournaments: their chips, never added to money."),
        click.option("--site", metavar="NAME", help="Only the hands of this site (PokerStars, GGPoker ..., as imported)."),
    )):
        function = option(function)
    return function


class AddedGame(click.Choice):
    """--game of a command that also plays the games added to its database as rows (docs/games.md):
    a name not among sql/'s games is the library's to answer (games.rules: the database's own
    row, else one line naming every game)."""

    def convert(self, value, param, ctx):
        return value if isinstance(value, str) and value not in self.choices else super().convert(value, param, ctx)


def game_option(function, names=None, added=False, **settings):
    """--game: one of ``names`` (every game of sql/ when None); ``added``: a game added as data too (AddedGame)."""
    if names is None:
        from .games import NAMES as names  # every game: one a command cannot play is refused by the library, in one line
    settings.setdefault(
        "help",
        "The game: holdem; omaha, omaha5, omaha6 (high: exactly two of the 4, 5 or 6 hole cards "
        "and three of the board); shortdeck, shortdeck-triton (36 cards; docs/games-flop.md).",
    )
    choice = AddedGame(names) if added else click.Choice(names)
    return click.option("--game", type=choice, default="holdem", show_default=True, **settings)(function)


def shuffle_options(function):
    """--shuffle, --riffles and --order, for the commands that deal."""
    from .dealing import DEAL_ORDERS, MAX_RIFFLES, SHUFFLES

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


# --plot given without a file name (no argument can hold a NUL byte, so no name is taken for it)
_PLOT_UNNAMED = "\0"


def _plot_file(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--plot without FILE: the command's name, .png, in the current folder, refused (as export
    refuses its --to) if a file has that name already; a name given is the user's to replace."""
    if value != _PLOT_UNNAMED:
        return value if value is None else click.Path(dir_okay=False, writable=True).convert(value, param, ctx)
    path = f"{ctx.info_name}.png"
    if os.path.lexists(path):
        raise BadInput(f"--plot: {path} exists in this folder; --plot FILE.png writes another file (or that one, replacing it)")
    ctx.meta["pokersql.plot_unnamed"] = True
    return path


plot_option = click.option(
    "--plot",
    metavar="[FILE.png]",
    is_flag=False,
    flag_value=_PLOT_UNNAMED,
    default=None,
    callback=_plot_file,
    help="Also draw the result as a PNG picture, FILE.png; without FILE, the command's name .png in this folder, "
    "never over a file there (needs matplotlib: pip install 'pokersql[plot]').",
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
        from .database import connect

        if self._db is None:
            self._check_chosen(must_exist=False)
            path = self.chosen_path or places.default_database(self.engine, make_folder=True)
            # Read-only until something must be written (pending SQL files, migrate): other
            # processes can read the file meanwhile, and a file this user cannot write works.
            self._db = connect(path, self.engine, progress=self.progress, read_only=True, **self.engine_options)
        return self._db

    def existing_db(self) -> Database:
        """The database, for a command that only reads what the user put in it (history, query,
        export): a file (or Spark's folder) chosen by --db or POKERSQL_DB that is not there is
        refused, not made new (a typo in the name would give an empty database)."""
        if self._db is None:
            self._check_chosen(must_exist=True)
            self._refuse_unbuilt()
        return self.db

    def _check_chosen(self, must_exist: bool) -> None:
        """The file (or Spark's folder) chosen by --db or POKERSQL_DB, before it is opened: one
        in a folder that is not there is refused, for every command (none makes the folder;
        the engine's own error would not say so); one that is not there, if ``must_exist``."""
        path = self.chosen_path
        if not path or path == MEMORY or path.startswith(URL_SCHEMES) or ENGINES[self.engine].takes_url or os.path.exists(path):
            return
        folder = os.path.dirname(os.path.abspath(path))
        if self.engine in FILE_ENGINES and not os.path.isdir(folder):
            raise BadInput(f"database {path}: there is no folder {folder} to hold it (a typo? make the folder first)")
        if must_exist:
            raise BadInput(
                f"database {path} does not exist: {self.command} reads a database made before "
                f"(a typo? `pokersql --db {path} migrate` makes a new one)"
            )

    def _refuse_unbuilt(self) -> None:
        """On an engine whose reading commands never build (Spark): a database with SQL files
        pending is refused, and one that is not built is refused before it is opened, so
        nothing is made."""
        path = self.chosen_path
        engine = ENGINES[self.engine]
        if not engine.reads_built_only or (path or "").startswith(URL_SCHEMES):
            return
        from . import first_use, migrations

        where = path or places.default_database(self.engine)
        if not engine.built_at(where) and not os.path.isfile(where):  # a file: connect's own line
            scripts = [f.script for f in migrations.files_on(engine, migrations.sql_files())]
            raise first_use.unbuilt(where, engine, self.command, scripts)
        first_use.check_built(self.db.context, self.command)

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
    """The commands, each module imported when needed (COMMAND_MODULES)."""

    command_class = _Command

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._every_module = False
        super().__init__(*args, **kwargs)

    @property
    def commands(self) -> dict[str, click.Command]:
        """Every command: each command's module imported first."""
        if not self._every_module:
            self._every_module = True
            for module in dict.fromkeys(COMMAND_MODULES.values()):
                importlib.import_module(f"{__package__}.{module}")
        return self._commands

    @commands.setter
    def commands(self, commands: dict[str, click.Command]) -> None:
        self._commands = commands

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        """A module registering its command (``@cli.command()``): not every module imported for it."""
        name = name or cmd.name
        if name is None:
            raise TypeError("Command has no name.")
        self._commands[name] = cmd

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self._commands and cmd_name in COMMAND_MODULES:
            importlib.import_module(f"{__package__}.{COMMAND_MODULES[cmd_name]}")
        return self._commands.get(cmd_name)

    def invoke(self, ctx: click.Context) -> object:
        try:
            done = super().invoke(ctx)
        except BrokenPipeError as e:
            raise _ReaderGone() from e
        except KeyboardInterrupt as e:  # (while a command's modules load, say: click would print a blank line first)
            raise Interrupted() from e
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


def _plot(function: str, result: object, path: str, output_format: str) -> None:
    """Draw the picture; say where it went (on stderr, so JSON and CSV on stdout stay clean): in
    every format when the name was not given (--plot alone), else with the table."""
    from . import plots

    written = getattr(plots, function)(result, path)
    if output_format == "table" or click.get_current_context().meta.get("pokersql.plot_unnamed"):
        click.echo(f"picture: {written} ({plots.SIZE[0]}x{plots.SIZE[1]} PNG)", err=True)

