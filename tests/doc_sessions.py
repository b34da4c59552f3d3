"""The terminal sessions of the README and docs/, read from the Markdown and run as written.

A session is a ```console block. A line `$ COMMAND` is typed at a Unix shell; when COMMAND
opens a SQL shell (`duckdb`, `sqlite3`, `psql`), the lines after it are typed at that shell's
prompt (`D `, `sqlite> `, `poker=# `; a statement's further lines after `‣ `, `   ...> `,
`poker-# `). Every other line is output: what the command, or the statement before it, printed.

Test-only (tests/test_doc_examples.py runs the sessions and compares every output, byte for
byte but for trailing blanks). Run as a script, it prints each session's real output, or writes
it into the page with --fill, so a page's outputs are pasted from a real run, never retyped:

    .venv/bin/python tests/doc_sessions.py --fill docs/sql.md
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

# shell -> (prompt, continuation prompt)
PROMPTS = {
    "duckdb": ("D ", "‣ "),
    "sqlite3": ("sqlite> ", "   ...> "),
    "psql": ("poker=# ", "poker-# "),
}
PENDING = re.compile(r"<!-- pending: (.+?) -->")
SQL_PIPE = re.compile(r"\|\s*(duckdb|sqlite3|psql)\b")


@dataclass
class Step:
    """One command at the Unix shell, or one statement at a SQL shell, and its output."""

    typed: list[str]  # the lines as they appear in the page, prompts included
    text: str  # what is typed, prompts taken off
    output: list[str] = field(default_factory=list)


@dataclass
class Session:
    page: Path
    line: int  # of the opening fence, 1-based
    end: int  # of the closing fence
    pending: str | None  # a feature that is not on this branch yet (<!-- pending: ... -->)
    steps: list[tuple[str, Step, list[Step]]]  # (kind, the $ command, the SQL statements typed at its prompt)

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    def shells(self) -> set[str]:
        return {kind for kind, _, _ in self.steps}

    def runs_sql(self) -> bool:
        """Typed at a SQL shell's prompt, or piped into one."""
        return any(kind in PROMPTS for kind, _, _ in self.steps) or any(
            SQL_PIPE.search(command.text) for _, command, _ in self.steps
        )


def sql_shell(command: str) -> str | None:
    words = shlex.split(command)
    if words and words[0] in PROMPTS and not any(word in {"<", "|", "-c"} or word.startswith("<") for word in words):
        return words[0]
    return None


def parse_block(page: Path, line: int, end: int, lines: list[str], pending: str | None) -> Session | None:
    if not lines or not lines[0].startswith("$ "):
        return None
    steps: list[tuple[str, Step, list[Step]]] = []
    kind = None
    current: Step | None = None
    for text in lines:
        if text.startswith("$ "):
            current = Step([text], text[2:])
            kind = sql_shell(current.text) or "bash"
            steps.append((kind, current, []))
            continue
        if kind in PROMPTS:
            prompt, continuation = PROMPTS[kind]
            if text.startswith(prompt):
                current = Step([text], text[len(prompt):])
                steps[-1][2].append(current)
                continue
            if text.startswith(continuation) and current is not steps[-1][1] and not current.output:
                current.typed.append(text)
                current.text += "\n" + text[len(continuation):]
                continue
        current.output.append(text)
    return Session(page, line, end, pending, steps)


def sessions(page: Path) -> list[Session]:
    """Every console block of the page that opens with a `$` command."""
    found = []
    lines = page.read_text(encoding="utf-8").split("\n")
    index = 0
    while index < len(lines):
        if lines[index].strip() == "```console":
            end = lines.index("```", index + 1)
            before = "\n".join(lines[max(0, index - 2):index])
            marker = PENDING.search(before)
            session = parse_block(page, index + 1, end + 1, lines[index + 1:end], marker.group(1) if marker else None)
            if session:
                found.append(session)
            index = end
        index += 1
    return found


def shell_program(name: str) -> str:
    if name == "psql":
        return name  # on the PATH given in the environment
    beside = BIN / name
    program = str(beside) if beside.is_file() else shutil.which(name)
    assert program, f"the {name} program is needed (duckdb: pip install duckdb-cli; sqlite3: apt-get install sqlite3)"
    return program


def clean(text: str) -> str:
    """Trailing blanks off every line, and blank lines off the end."""
    return "\n".join(line.rstrip() for line in text.rstrip().split("\n")).rstrip("\n")


def run(session: Session, directory: Path, env: dict[str, str] | None = None) -> list[tuple[Step, str, str, int]]:
    """Runs every step in DIRECTORY: (step, its real output, stderr, exit status). A SQL shell's
    statements go to one process of the shell, through its standard input; its output is split
    back per statement by a marker line the shell prints between them."""
    environment = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "NO_COLOR": "1", **home(directory), **(env or {})}
    results = []
    status = 0
    for kind, command, statements in session.steps:
        if kind == "bash":
            # one shell per command, where $? is the status of the command before, as in a terminal
            script = f"(exit {status}); {command.text}"
            done = subprocess.run(["bash", "-c", script], cwd=directory, env=environment, capture_output=True, text=True, timeout=900)
            status = done.returncode
            results.append((command, done.stdout + done.stderr, done.stderr, status))
            continue
        words = shlex.split(command.text)
        marker = "-- pokersql docs: next statement --"
        echo = {"duckdb": f".print '{marker}'", "sqlite3": f".print '{marker}'", "psql": f"\\echo '{marker}'"}[kind]
        script = "".join(f"{statement.text}\n{echo}\n" for statement in statements)
        done = subprocess.run(
            [shell_program(words[0]), *words[1:]], input=script, cwd=directory, env=environment, capture_output=True, text=True, timeout=900
        )
        parts = done.stdout.split(marker + "\n")
        results.append((command, "", done.stderr, done.returncode))
        for statement, output in zip(statements, parts):
            results.append((statement, output, "", 0))
        if len(parts) != len(statements) + 1:
            results.append((statements[-1], done.stdout, done.stderr, done.returncode or 1))
    return results


def assert_as_shown(session: Session, results: list[tuple[Step, str, str, int]]) -> None:
    """Every step printed what the page shows, and exited 0 unless the page's next command is
    `echo $?`; a SQL shell's statements wrote nothing on stderr."""
    for index, (step, output, stderr, status) in enumerate(results):
        shown = clean("\n".join(step.output))
        if status:  # only where the page shows it, with the next command: `echo $?`
            following = results[index + 1][0] if index + 1 < len(results) else None
            assert following is not None and following.text == "echo $?", f"{session.name}: {step.text!r} exited {status}: {stderr}"
        if step.typed[0].startswith(tuple(prompt for prompt, _ in PROMPTS.values())) or step.text.startswith(tuple(PROMPTS)):
            assert stderr == "", f"{session.name}: {step.text!r}: {stderr}"
        assert clean(output) == shown, f"{session.name}: {step.text!r} printed\n{output}\nwhere the page shows\n{shown}"


def home(directory: Path) -> dict[str, str]:
    """A session's home folder is its directory: the CLI's default database is in its data
    folder there, ~/.local/share/pokersql/pokersql.duckdb as the pages show it (Linux's)."""
    return {"HOME": str(directory), "XDG_DATA_HOME": str(directory / ".local" / "share")}


def workspace(databases: Path, directory: Path, session: Session | None = None) -> Path:
    """A session's directory: copies of the built poker.duckdb and poker.sqlite in DATABASES (a
    session may change them; none that the session builds itself, piping SQL into a shell),
    poker.duckdb also as the CLI's default database in the session's data folder (``home``), and
    sql/ and tests/histories/ as in the repository's root."""
    directory.mkdir(parents=True, exist_ok=True)
    built_here = " ".join(command.text for _, command, _ in session.steps) if session else ""
    for name in ("poker.duckdb", "poker.sqlite"):
        if not re.search(rf"\|\s*(duckdb|sqlite3)\s+{re.escape(name)}", built_here):
            shutil.copyfile(databases / name, directory / name)
    default = Path(home(directory)["XDG_DATA_HOME"]) / "pokersql" / "pokersql.duckdb"
    default.parent.mkdir(parents=True)
    shutil.copyfile(databases / "poker.duckdb", default)
    (directory / "sql").symlink_to(ROOT / "sql")
    (directory / "tests").mkdir()
    (directory / "tests" / "histories").symlink_to(ROOT / "tests" / "histories")  # real hand histories (README)
    if session and any("pokersql.spark/preflop_matchups" in s.text for _, _, statements in session.steps for s in statements):
        spark_table(databases / "poker.duckdb", directory / "pokersql.spark" / "preflop_matchups")
    return directory


def spark_table(database: Path, folder: Path) -> None:
    """A Spark warehouse's folder of preflop_matchups, as Parquet part files: the columns of the
    table, none of the 1,624,350 rows (building them takes minutes; the test is of the statement)."""
    import duckdb

    folder.mkdir(parents=True)
    with duckdb.connect(str(database), read_only=True) as connection:
        connection.execute(f"copy (select * from preflop_matchups) to '{folder / 'part-00000.snappy.parquet'}' (format parquet)")


def fill(page: Path, databases: Path, scratch: Path, env: dict[str, str] | None = None) -> None:
    """Writes each session's real output into the page (the typed lines kept as they are)."""
    lines = page.read_text(encoding="utf-8").split("\n")
    for session in reversed(sessions(page)):
        if session.pending or not (session.runs_sql() or page.name == "README.md"):
            continue
        block = []
        directory = workspace(databases, scratch / f"session-{session.line}", session)
        for step, output, stderr, status in run(session, directory, env):
            block += step.typed
            text = clean(output)
            if text:
                block += text.split("\n")
            if status or (stderr and step.typed[0].startswith(tuple(p for p, _ in PROMPTS.values()))):
                print(f"{session.name}: {step.text!r} exit {status}: {stderr}", file=sys.stderr)
        lines[session.line:session.end - 1] = block
    page.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(description="Run the console sessions of a page; print or write their real output.")
    parser.add_argument("page", type=Path)
    parser.add_argument("--fill", action="store_true", help="write the real outputs into the page")
    parser.add_argument("--databases", type=Path, required=True, help="a directory holding poker.duckdb and poker.sqlite, built")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        if args.fill:
            fill(args.page.resolve(), args.databases, Path(scratch))
        else:
            for session in sessions(args.page.resolve()):
                directory = workspace(args.databases, Path(scratch) / f"session-{session.line}", session)
                for step, output, stderr, status in run(session, directory):
                    print("\n".join(step.typed), output, stderr, sep="\n")
