"""The versioned SQL, printed for a shell: as written (DuckDB) or transpiled with sqlglot.

Transpiling is strict: ``unsupported_level=ErrorLevel.RAISE``, every statement
sqlglot returns is kept, and what it cannot express fails loudly. One change of
meaning sqlglot makes without a word is refused here too: DuckDB's ``range(a, b)``
excludes ``b``, the ``generate_series(a, b)`` it becomes elsewhere includes it.

PostgreSQL gets two rewrites of the parsed statements before they are written
(``_for_postgres``; docs/engines.md lists every difference and how it is handled):
DuckDB's integer division ``a // b`` (which truncates) becomes ``cast(a as bigint) /
cast(b as bigint)`` (sqlglot's ``DIV(a, b)`` returns numeric there); a bit shift
``a << n`` / ``a >> n`` gets ``cast(a as bigint)`` and ``cast(n as integer)`` (PostgreSQL
shifts only an integer type by an ``integer``); and the operands of ``&``, ``|`` and
``xor`` are cast to bigint (PostgreSQL has no bit operators for numeric, the type of its
sum of bigints).

DuckDB's table macros (``create macro name(relation) as table select ...``, reading
``query_table(relation)``) are one definition that several views read. Where an engine has
none, each call ``from name(some_view)`` is replaced by the macro's select, the view named
in its place, and the ``create macro`` itself is left out (``_expand_table_macros``): the
same query, never a copy written by hand. A scalar macro (``create macro name(a, b) as
expression``) is expanded the same way: each call becomes the expression, in parentheses,
each argument in place of its parameter.

Spark needs five rewrites of the parsed statements (``_for_spark``; docs/engines.md lists
every difference and how it is handled).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import DatabaseError

if TYPE_CHECKING:
    from sqlglot import exp

SOURCE_DIALECT = "duckdb"
DIALECTS = ("duckdb", "sqlite", "postgres", "spark")


def transpile(
    sql: str, dialect: str, source: str = "SQL", macros: TableMacros | None = None, read: str = SOURCE_DIALECT,
    pretty: bool = False,
) -> list[str]:
    """Statements of ``sql`` (DuckDB's dialect, or ``read``'s) written in ``dialect``.

    What ``sqlglot.transpile(sql, read="duckdb", write=dialect, unsupported_level=ErrorLevel.RAISE)``
    returns, parsed once so that the parsed statements can be checked before they are written.
    A statement list once written is kept in the transpile cache (``_cached``) under what it
    was written from, so that each later build of SQLite or PostgreSQL reads it there.
    """
    kept = _cache_file(cache_directory(), sql, dialect, macros, read, pretty)
    cached = _cached(kept)
    if cached is not None:
        return cached
    from sqlglot.errors import ErrorLevel, SqlglotError

    parsed = parse(sql, dialect, source, macros, read)
    try:
        statements = [
            statement.sql(dialect, unsupported_level=ErrorLevel.RAISE, pretty=pretty) if statement else ""
            for statement in parsed
        ]
    except SqlglotError as e:
        raise DatabaseError(f"cannot transpile {source} to {dialect}: {' '.join(str(e).split())}") from e
    keep_json(kept, statements)
    return statements


def parse(
    sql: str, dialect: str, source: str = "SQL", macros: TableMacros | None = None, read: str = SOURCE_DIALECT
) -> list[exp.Expression | None]:
    """The statements of ``sql`` (DuckDB's dialect, or ``read``'s: a SQLite recipe), parsed and
    checked for ``dialect``: what ``transpile`` writes out (the Spark engine reads the trees
    themselves). ``macros``: the table macros other scripts define (``table_macros``), expanded
    here too, for every engine but DuckDB, which runs them."""
    import sqlglot  # here, not at start-up: only applying or printing SQL files needs it
    from sqlglot.errors import SqlglotError

    try:
        parsed = sqlglot.parse(sql, read=read)
        if dialect != SOURCE_DIALECT:
            parsed = _expand_table_macros(parsed, macros)
            _refuse_end_exclusive_range(parsed)
        if dialect == "postgres":
            parsed = [_for_postgres(statement) if statement else statement for statement in parsed]
        if dialect == "spark":
            parsed = [_for_spark(statement) if statement else statement for statement in parsed]
        return parsed
    except SqlglotError as e:
        raise DatabaseError(f"cannot transpile {source} to {dialect}: {' '.join(str(e).split())}") from e


_CREATE_MACRO = re.compile(r"create\s+(or\s+replace\s+)?macro", re.IGNORECASE)


class TableMacros(Mapping[str, tuple[list[str], "exp.Expression"]]):
    """The macros some scripts (DuckDB's dialect) define, table and scalar, by name: its
    parameters and its body as parsed, a query for a table macro, an expression for a scalar
    one. Parsed when first read (a build whose files are all in the transpile cache never
    reads them); ``fingerprint`` names the scripts, for the cache's key."""

    def __init__(self, scripts: Iterable[str] = ()) -> None:
        self._scripts = [script for script in scripts if _CREATE_MACRO.search(script)]
        self.fingerprint = hashlib.sha256("\0".join(self._scripts).encode()).hexdigest()
        self._macros: dict[str, tuple[list[str], exp.Expression]] | None = None

    def _parsed(self) -> dict[str, tuple[list[str], exp.Expression]]:
        if self._macros is None:
            import sqlglot
            from sqlglot.errors import SqlglotError

            macros: dict[str, tuple[list[str], exp.Expression]] = {}
            for script in self._scripts:
                try:
                    for statement in sqlglot.parse(script, read=SOURCE_DIALECT):
                        macro = _table_macro(statement)
                        if macro is not None:
                            macros[macro[0]] = macro[1:]
                except SqlglotError as e:
                    raise DatabaseError(f"cannot read the macros of the SQL files: {' '.join(str(e).split())}") from e
            self._macros = macros
        return self._macros

    def __getitem__(self, name: str) -> tuple[list[str], exp.Expression]:
        return self._parsed()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._parsed())

    def __len__(self) -> int:
        return len(self._parsed())


def table_macros(scripts: Iterable[str]) -> TableMacros:
    """The macros the scripts (DuckDB's dialect) define, table and scalar, by name: what a call
    of one in another script is expanded with (a macro of a later script replaces an earlier one's)."""
    return TableMacros(scripts)


# The transpile cache: each statement list ``transpile`` wrote, as JSON, in a file named by
# the hash of all it was written from: the script, the dialects, the macros' scripts, this
# module's own code and sqlglot's version (a new release or an edit here misses the cache).
# It lives in $POKERSQL_CACHE_DIR, else $XDG_CACHE_HOME/pokersql or ~/.cache/pokersql;
# POKERSQL_CACHE_DIR="" turns it off. A cache that cannot be read or written is passed over:
# it only saves time (about 3.5 of a SQLite build's 7.5 s of CPU).
_MODULE_CODE = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()
_SQLGLOT_VERSION: str | None = None


def cache_directory(part: str = "transpiled") -> Path | None:
    """Where pokersql's cache ``part`` lives (the transpile cache; ``matplotlib``, the font
    list of --plot), or None when the cache is turned off."""
    chosen = os.environ.get("POKERSQL_CACHE_DIR")
    if chosen is not None:
        return Path(chosen) / part if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pokersql" / part


def _cache_file(
    directory: Path | None, sql: str, dialect: str, macros: Mapping | None, read: str, pretty: bool
) -> Path | None:
    """The file of a transpiled script in the cache, named by the hash of all it is written
    from; None when the cache is off, or for macros given as a plain mapping, which has no
    fingerprint (not kept)."""
    global _SQLGLOT_VERSION
    if directory is None or (macros is not None and not isinstance(macros, TableMacros)):
        return None
    if _SQLGLOT_VERSION is None:
        from importlib.metadata import version  # not sqlglot itself: a cached script needs none of it

        _SQLGLOT_VERSION = version("sqlglot")
    fingerprint = macros.fingerprint if macros is not None else ""
    parts = (_MODULE_CODE, _SQLGLOT_VERSION, dialect, read, str(pretty), fingerprint, sql)
    return directory / f"{hashlib.sha256(chr(0).join(parts).encode()).hexdigest()}.json"


def _cached(kept: Path | None) -> list[str] | None:
    if kept is None:
        return None
    try:
        statements = json.loads(kept.read_text())
    except (OSError, ValueError):
        return None
    if isinstance(statements, list) and all(isinstance(statement, str) for statement in statements):
        return statements
    return None


def keep_json(kept: Path | None, value: object) -> None:
    """A cache file (this one's, sql_scripts' checksums) written whole or not at all, whoever reads
    it meanwhile, through a temporary file of a random name made with O_EXCL (never a link planted
    at a name that could be guessed); a failure to write leaves no cache, and no error."""
    if kept is None:
        return
    partial = None
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        handle, partial = tempfile.mkstemp(prefix=f"{kept.stem}.", suffix=".partial", dir=kept.parent)
        with open(handle, "w", encoding="utf-8") as file:
            file.write(json.dumps(value))
        os.replace(partial, kept)
    except OSError:
        try:
            if partial is not None:
                os.unlink(partial)
        except OSError:
            pass


def _table_macro(statement: exp.Expression | None) -> tuple[str, list[str], exp.Expression] | None:
    """A ``create macro name(relations) as table select ...``: its name, parameters and query;
    a ``create macro name(parameters) as expression``: its name, parameters and expression;
    None for any other statement."""
    from sqlglot import exp

    if not (
        isinstance(statement, exp.Create)
        and str(statement.args.get("kind", "")).upper() == "MACRO"
        and isinstance(statement.this, exp.UserDefinedFunction)
    ):
        return None
    name = statement.this.this.name  # the function's name, a Table of one identifier
    return name.lower(), [parameter.name.lower() for parameter in statement.this.expressions], statement.expression


def _expand_table_macros(
    parsed: list[exp.Expression | None], macros: TableMacros | None = None
) -> list[exp.Expression | None]:
    """The statements with each DuckDB table macro of the script expanded where it is called,
    and its ``create macro`` left out.

    A table macro takes the names of relations: ``create macro tally(runouts) as table select
    ... from query_table(runouts) ...``, called as ``from tally(exact_runouts)`` or
    ``from tally('exact_runouts')``. The call becomes ``(select ... from exact_runouts ...) as
    tally`` (its own alias kept when it has one). A macro may call another; ``macros``: those
    of other scripts (``table_macros``).
    """
    known: dict[str, tuple[list[str], exp.Expression]] = dict(macros or {})
    result: list[exp.Expression | None] = []
    for statement in parsed:
        macro = _table_macro(statement)
        if macro is not None:
            # Kept as written: a call inside it is expanded with the names it is called with.
            name, parameters, body = macro
            known[name] = (parameters, body)
            continue
        result.append(_expand_scalar_calls(_expand_calls(statement, known), known) if statement is not None else None)
    return result


def _expand_scalar_calls(statement: exp.Expression, macros: Mapping, depth: int = 0) -> exp.Expression:
    """``statement`` with every call of a scalar macro replaced by its expression in
    parentheses, each parameter (a column of that name, unqualified) by the call's argument."""
    import sqlglot
    from sqlglot import exp

    calls = [
        call for call in statement.find_all(exp.Anonymous)
        if call.name.lower() in macros and not isinstance(macros[call.name.lower()][1], exp.Query)
    ]
    for call in calls:
        parameters, body = macros[call.name.lower()]
        if len(call.expressions) != len(parameters):
            raise sqlglot.errors.UnsupportedError(
                f"{call.sql(SOURCE_DIALECT)}: macro {call.name} takes {len(parameters)} arguments"
            )
        arguments = dict(zip(parameters, call.expressions))
        expression = body.copy()
        for column in list(expression.find_all(exp.Column)):
            if not column.table and column.name.lower() in arguments:
                column.replace(exp.Paren(this=arguments[column.name.lower()].copy()))
        if depth > 20:
            raise sqlglot.errors.UnsupportedError(f"macro {call.name} calls itself without end")
        call.replace(exp.Paren(this=_expand_scalar_calls(expression, macros, depth + 1)))
    return statement


def _expand_calls(
    statement: exp.Expression, macros: Mapping, depth: int = 0
) -> exp.Expression:
    """``statement`` with every ``from macro(relation, ...)`` replaced by the macro's query."""
    import sqlglot
    from sqlglot import exp

    for table in list(statement.find_all(exp.Table)):
        call = table.this
        if not isinstance(call, exp.Anonymous) or call.name.lower() not in macros:
            continue
        parameters, body = macros[call.name.lower()]
        if len(call.expressions) != len(parameters):
            raise sqlglot.errors.UnsupportedError(
                f"{call.sql(SOURCE_DIALECT)}: macro {call.name} takes {len(parameters)} relations"
            )
        names = dict(zip(parameters, (_relation_name(argument, call.name) for argument in call.expressions)))
        query = body.copy()
        for reference in list(query.find_all(exp.Table)):
            inner = reference.this
            if isinstance(inner, exp.Anonymous) and inner.name.lower() == "query_table":
                parameter = inner.expressions[0].name.lower() if len(inner.expressions) == 1 else None
                if parameter not in names:
                    raise sqlglot.errors.UnsupportedError(f"{inner.sql(SOURCE_DIALECT)}: not a relation of the macro")
                reference.set("this", exp.to_identifier(names[parameter]))
            elif isinstance(inner, exp.Anonymous) and inner.name.lower() in macros:
                # a call of another macro passes this one's relations on
                inner.set("expressions", [
                    exp.column(names[argument.name.lower()]) if isinstance(argument, exp.Column) and argument.name.lower() in names else argument
                    for argument in inner.expressions
                ])
        if depth > 20:
            raise sqlglot.errors.UnsupportedError(f"macro {call.name} calls itself without end")
        query = _expand_calls(query, macros, depth + 1)
        alias = table.args.get("alias") or exp.TableAlias(this=exp.to_identifier(call.name))
        table.replace(exp.Subquery(this=query, alias=alias))
    return statement


def _relation_name(argument: exp.Expression, macro: str) -> str:
    """The name of the relation an argument of a table macro's call names."""
    import sqlglot
    from sqlglot import exp

    if isinstance(argument, exp.Column) and not argument.table:
        return argument.name
    if isinstance(argument, exp.Literal) and argument.is_string:
        return argument.this
    raise sqlglot.errors.UnsupportedError(f"{argument.sql(SOURCE_DIALECT)}: macro {macro} takes the names of relations")


def _for_spark(statement: exp.Expression) -> exp.Expression:
    """What Spark SQL needs besides sqlglot's own translation (docs/engines.md):

    - constraints: Spark's Parquet tables refuse PRIMARY KEY, UNIQUE, REFERENCES and CHECK
      ("does not support CONSTRAINT"); they are left out, NOT NULL and DEFAULT are kept;
    - ``with x as materialized (...)``: sqlglot writes it, Spark cannot parse it; Spark
      decides what to reuse itself, so the hint is left out;
    - ``delete from t`` with no WHERE: Spark's Parquet tables take no DELETE; it is
      ``truncate table t``, the same thing;
    - ``select /*+ BROADCAST(t) */``: DuckDB's parser reads a comment, and sqlglot moves it
      before the select, where Spark ignores it; it is made Spark's join hint again;
    - sqlglot's Spark writer moves every CTE to the statement's top ``with``: two CTEs of one
      name in different scopes (two macros' expansions, each with its ``two_cards``) would
      clash there (DUPLICATED_CTE_NAMES), so each but the first is renamed (``_unique_cte_names``)
      in the statements it moves them in (a query: a view's CTEs stay where they are).
    """
    import sqlglot
    from sqlglot import exp

    if type(statement) in sqlglot.Dialect.get_or_raise("spark").generator_class.EXPRESSIONS_WITHOUT_NESTED_CTES:
        _unique_cte_names(statement)

    if isinstance(statement, exp.Create) and isinstance(statement.this, exp.Schema):
        kept = (exp.NotNullColumnConstraint, exp.DefaultColumnConstraint)
        for column in statement.this.expressions:
            if isinstance(column, exp.ColumnDef):
                constraints = column.args.get("constraints") or []
                column.set("constraints", [c for c in constraints if isinstance(c.kind, kept)])
        statement.this.set("expressions", [e for e in statement.this.expressions if isinstance(e, exp.ColumnDef)])
    for cte in statement.find_all(exp.CTE):
        if cte.args.get("materialized") is not None:
            cte.set("materialized", None)
    for select in statement.find_all(exp.Select):
        hints = [comment for comment in select.comments or [] if comment.startswith("+")]
        if hints:
            select.comments = [comment for comment in select.comments if not comment.startswith("+")]
            select.set("hint", _spark_hint(hints))
    if isinstance(statement, exp.Delete) and not statement.args.get("where"):
        return exp.TruncateTable(expressions=[statement.this])
    return statement


def _unique_cte_names(statement: exp.Expression) -> None:
    """Each CTE of ``statement`` whose name an earlier one (outer first) has is renamed
    ``name_2`` (``_3`` ...), and each reading of it in its scope too, aliased by the old name so
    that the columns it qualifies still name it: one statement, every CTE name once."""
    from sqlglot import exp

    used = {table.name.lower() for table in statement.find_all(exp.Table)}
    taken: set[str] = set()
    for with_ in list(statement.find_all(exp.With)):  # breadth first: the outer ones first
        for cte in with_.expressions:
            name = cte.alias_or_name.lower()
            if name not in taken:
                taken.add(name)
                continue
            number = 2
            while f"{name}_{number}" in used | taken:
                number += 1
            new = f"{name}_{number}"
            _rename_reads(with_, name, new)
            cte.args["alias"].set("this", exp.to_identifier(new))
            taken.add(new)


def _rename_reads(with_: exp.With, name: str, new: str) -> None:
    """In the scope of ``with_`` (its query, the CTEs of an inner ``with`` of the same name
    apart), each table ``name`` read as ``new``, its alias the old name where it had none."""
    from sqlglot import exp

    scope = with_.parent
    for table in list(scope.find_all(exp.Table)):
        if table.name.lower() != name or table.args.get("db") or not isinstance(table.this, exp.Identifier):
            continue
        shadowed = False
        node = table.parent
        while node is not None and node is not scope:
            inner = node.args.get("with_")
            if inner is not None and inner is not with_ and any(c.alias_or_name.lower() == name for c in inner.expressions):
                shadowed = True
                break
            node = node.parent
        if shadowed:
            continue
        if not table.alias:
            table.set("alias", exp.TableAlias(this=exp.to_identifier(table.name)))
        table.set("this", exp.to_identifier(new))


def _spark_hint(comments: list[str]) -> exp.Expression:
    """``select /*+ BROADCAST(t) */``: to DuckDB a comment, which sqlglot keeps as one; to
    Spark its join hint, made one again here."""
    import sqlglot

    hint = sqlglot.parse_one(f"select /*{' '.join(comments)}*/ 1", read="spark").args.get("hint")
    if hint is None:
        raise sqlglot.errors.UnsupportedError(f"not a Spark hint: /*{' '.join(comments)}*/")
    return hint


def _refuse_end_exclusive_range(parsed: list[exp.Expression | None]) -> None:
    import sqlglot
    from sqlglot import exp

    for statement in parsed:
        if statement is None:
            continue
        for series in statement.find_all(exp.GenerateSeries):
            if series.args.get("is_end_exclusive"):
                raise sqlglot.errors.UnsupportedError(
                    f"{series.sql(SOURCE_DIALECT)} excludes its end, the generate_series it would become "
                    "includes it: count with a table instead (002's digits)"
                )


def _for_postgres(statement: exp.Expression) -> exp.Expression:
    """The statement with DuckDB's integer division and bit operators written as PostgreSQL needs
    them, and its ``?`` parameters kept as ``?``: sqlglot writes psycopg's ``%s``, but the engine
    takes pokersql's ``?`` and makes them ``%s`` itself, doubling every other ``%``
    (``postgres_text.placeholders``)."""
    from sqlglot import exp

    def bigint(node: exp.Expression) -> exp.Expression:
        return exp.cast(node, "bigint", copy=False)

    statement = statement.copy()
    for node in list(statement.find_all(exp.Placeholder)):
        if not node.this:
            node.replace(exp.Var(this="?"))
    # Every node is rewritten, nested ones too: each new node holds the old operands themselves.
    for node in list(statement.find_all(exp.IntDiv, exp.BitwiseAnd, exp.BitwiseOr, exp.BitwiseXor,
                                        exp.BitwiseLeftShift, exp.BitwiseRightShift)):
        left, right = node.this, node.expression
        if isinstance(node, exp.IntDiv):
            # bigint / bigint truncates toward zero, as DuckDB's // of integers does.
            new = exp.Div(this=bigint(left), expression=bigint(right), typed=True)
        elif isinstance(node, (exp.BitwiseLeftShift, exp.BitwiseRightShift)):
            # bigint << integer exists; integer << bigint and numeric >> integer do not.
            new = node.__class__(this=bigint(left), expression=exp.cast(right, "int", copy=False))
        else:
            # No & | # for numeric (a sum of bigints is numeric on PostgreSQL, hugeint on DuckDB).
            new = node.__class__(this=bigint(left), expression=bigint(right))
        node.replace(new)
    return statement
