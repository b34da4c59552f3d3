"""The engines: one module per engine behind one interface (``base.Engine``), and this registry.

The registry names each engine and where its class lives ("module:Class"), and imports that
module only when the engine is asked for: ``--engine``'s choices and the engines' titles
import no engine's module, a command on SQLite never imports the DuckDB module, and no
module imports this package back (the engines' shared names are in ``base``): no circle.

    >>> from pokersql.engines import ENGINES
    >>> ENGINES["sqlite"]            # imports pokersql.engines.sqlite now
    <class 'pokersql.engines.sqlite.SQLiteEngine'>
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from .base import DEFAULT_ENGINE, ENGINE_TITLES

__all__ = ["DEFAULT_ENGINE", "ENGINES", "ENGINE_NAMES", "ENGINE_TITLES", "engine_class"]

# name -> "module:Class" (the module relative to this package), in the order messages list them.
_LOCATIONS = {
    "duckdb": "duckdb:DuckDBEngine",
    "sqlite": "sqlite:SQLiteEngine",
    "postgres": "postgres:PostgresEngine",
    "spark": "spark.engine:SparkEngine",
}


def engine_class(name: str) -> Any:
    """The class of the engine ``name`` (its module imported now); KeyError for no such engine."""
    module, _, attribute = _LOCATIONS[name].partition(":")
    return getattr(importlib.import_module(f"{__name__}.{module}"), attribute)


class _Registry(Mapping[str, Any]):
    """name -> engine class, each module imported when its engine is first asked for."""

    def __getitem__(self, name: str) -> Any:
        return engine_class(name)

    def __iter__(self) -> Iterator[str]:
        return iter(_LOCATIONS)

    def __len__(self) -> int:
        return len(_LOCATIONS)

    def __contains__(self, name: object) -> bool:
        return name in _LOCATIONS

    def __repr__(self) -> str:
        return f"ENGINES({', '.join(_LOCATIONS)})"


ENGINES: Mapping[str, Any] = _Registry()
ENGINE_NAMES = tuple(_LOCATIONS)
