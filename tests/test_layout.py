"""The package's layout: no import circle among pokersql's modules.

The graph is read from the source with ``ast``: every ``import`` and ``from ... import`` of a
module under pokersql/, relative or absolute, at module level and inside functions (a lazy
import is still a dependency), and the engines registry's lazy imports (``pokersql.engines``
imports each engine's module when it is asked for).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pokersql
import pokersql.engines

PACKAGE = Path(pokersql.__file__).parent


def module_files() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its __init__.py)."""
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ["pokersql", *path.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of the package that the module ``name`` imports, anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            for alias in node.names:
                submodule = f"{origin}.{alias.name}"
                # `from . import interrupts` imports a module; `from .base import Engine` a name of one.
                found.add(submodule if submodule in modules else origin)
    return {target for target in found if target in modules and target != name}


def import_graph() -> dict[str, set[str]]:
    modules = module_files()
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    for location in pokersql.engines._LOCATIONS.values():  # the registry's lazy imports
        graph["pokersql.engines"].add(f"pokersql.engines.{location.partition(':')[0]}")
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports, as the modules along it (the first repeated at the end), or None."""
    state: dict[str, str] = {}  # "open" while on the path, "done" after
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = "open"
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == "open":
                return path[path.index(target) :] + [target]
            if target not in state and (cycle := visit(target)):
                return cycle
        path.pop()
        state[module] = "done"
        return None

    for module in sorted(graph):
        if module not in state and (cycle := visit(module)):
            return cycle
    return None


def test_the_graph_sees_every_kind_of_import():
    """What the graph must find, or a circle could hide from it."""
    graph = import_graph()
    assert "pokersql.engines.base" in graph["pokersql.engines.duckdb"]  # from .base import ...
    assert "pokersql.interrupts" in graph["pokersql.engines.base"]  # from .. import interrupts
    assert "pokersql.database" in graph["pokersql"]  # inside a function (pokersql.__getattr__)
    assert "pokersql.engines.spark.engine" in graph["pokersql.engines"]  # the registry
    assert "pokersql.engines.spark.session" in graph["pokersql.engines.spark.engine"]


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_no_import_circle_in_pokersql():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle)


def test_engines_keep_to_their_package():
    """Code outside pokersql.engines imports no engine's module but through the registry:
    the base interface and PostgreSQL's URL helpers only."""
    graph = import_graph()
    allowed = {"pokersql.engines", "pokersql.engines.base", "pokersql.engines.postgres"}
    for module, targets in graph.items():
        if not module.startswith("pokersql.engines"):
            reached = {t for t in targets if t.startswith("pokersql.engines")}
            assert reached <= allowed, f"{module} imports {sorted(reached - allowed)}"


def test_every_package_is_installed_by_a_plain_pip_install() -> None:
    """pyproject.toml names its packages one by one (``[tool.setuptools] packages``): a package
    missing there is left out of ``pip install .`` (the README's first command) while the
    editable install of the tests still finds it in the source tree."""
    import tomllib

    pyproject = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(pyproject["tool"]["setuptools"]["packages"])
    found = {".".join(["pokersql", *init.parent.relative_to(PACKAGE).parts]) for init in PACKAGE.rglob("__init__.py")}
    assert found - listed == set()


MAX_MODULE_LINES = 600
MAX_DATABASE_LINES = 300


def test_no_module_of_pokersql_is_over_600_lines():
    """Issue 44: small modules, each one thing (the package and its subpackages)."""
    long = {name: n for name, path in module_files().items() if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}, f"over {MAX_MODULE_LINES} lines: {long}"


def test_database_is_a_thin_front():
    """Issue 44: ``Database`` (database.py) holds no feature: at most 300 lines, its methods the
    features' modules, each given a context (pokersql.context), never the Database."""
    lines = len((PACKAGE / "database.py").read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_DATABASE_LINES, f"database.py has {lines} lines"


def test_no_feature_module_takes_the_database():
    """The features reach the database through their context, not Database's private methods:
    no module but the package (``pokersql.connect``) and the CLI's (which use its public methods)
    imports pokersql.database, and none calls a private method of a ``db``/``database``."""
    import re

    graph = import_graph()
    users = {module for module, targets in graph.items() if "pokersql.database" in targets}
    assert {user for user in users if not user.startswith("pokersql.cli")} <= {"pokersql"}, sorted(users)
    for name, path in module_files().items():
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\b(db|database)\._[a-z]", text), f"{name} calls a private method of the Database"
        assert "Database = Any" not in text, name


def test_every_module_imports_alone_in_a_fresh_interpreter():
    """No import circle that only shows in some order: each module imported first, alone."""
    import subprocess
    import sys

    names = sorted(name for name in module_files() if ".engines.spark" not in name and name != "pokersql.__main__")
    script = "import importlib, sys\nfor name in sys.argv[1:]:\n    importlib.import_module(name)\n"
    failed = []
    for name in names:
        done = subprocess.run([sys.executable, "-c", script, name], capture_output=True, text=True)
        if done.returncode:
            failed.append(f"{name}: {done.stderr.strip().splitlines()[-1]}")
    assert failed == []
