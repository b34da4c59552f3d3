"""How large a view grows on Spark: the relations its expansion reads.

Spark expands a view at every place it is read, and inlines a deterministic CTE at every
reference (``InlineCTE``), where DuckDB, SQLite and PostgreSQL read a CTE that is used twice
once. A view that reads another twice, which reads another twice, ... multiplies: Spark's
analysis, optimization and execution all grow with the expansion (Monte Carlo's views once
read ``hand_input`` 1,115 times, a 15,724-line plan, about 3 minutes whatever the trials).
``bench/spark_plans.py`` prints these counts beside Spark's phases; a test keeps them small.
"""

from __future__ import annotations

import collections
import functools
from collections.abc import Callable

from sqlglot import exp

from ...migrations import sql_files
from ...transpile import parse, table_macros


def spark_views() -> dict[str, exp.Expression]:
    """Each view of pokersql's SQL files as Spark is given it (table macros expanded): its query."""
    files = [f for f in sql_files() if f.runs_on("spark")]
    macros = table_macros(f.text for f in files)
    return {
        tree.this.name: tree.expression
        for f in files
        for tree in parse(f.text, "spark", f.script, macros)
        if isinstance(tree, exp.Create) and tree.kind == "VIEW"
    }


def expansion(views: dict[str, exp.Expression]) -> Callable[[str], collections.Counter]:
    """reads(view): the relations a view's expansion reads, each view and CTE inlined where read
    (a view read counts itself and what it reads; a recursive CTE's reading of itself counts once)."""

    @functools.lru_cache(None)
    def reads(name: str) -> collections.Counter:
        return count(views[name], {})

    def count(node: exp.Expression, ctes: dict) -> collections.Counter:
        found: collections.Counter = collections.Counter()
        local = dict(ctes)
        with_ = node.args.get("with_")
        if with_:
            for cte in with_.expressions:
                local[cte.alias] = collections.Counter({cte.alias: 1})  # a recursive CTE reads itself
                local[cte.alias] = count(cte.this, local)

        def walk(parent: exp.Expression) -> None:
            for child in parent.iter_expressions():
                if isinstance(child, exp.With):
                    continue
                if isinstance(child, (exp.Select, exp.Union)) and child.args.get("with_"):
                    found.update(count(child, local))
                elif isinstance(child, exp.Table):
                    if child.name in local:
                        found.update(local[child.name])
                    elif child.name in views:
                        found.update(reads(child.name))
                        found[child.name] += 1
                    else:
                        found[child.name] += 1
                else:
                    walk(child)

        walk(node)
        return found

    return reads
