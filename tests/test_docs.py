"""The README is a front page, every command is documented with help text that has an example,
and the command reference (docs/cli.md) is the CLI's own help, regenerated and compared."""

import re
from pathlib import Path

import pytest

from pokersql import docs
from pokersql.cli import cli

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
COMMANDS = sorted(cli.commands)


def test_the_contract_commands_exist():
    assert set(COMMANDS) >= {"migrate", "build", "deal", "eval", "compare", "freq", "simulate", "query", "sql"}


@pytest.mark.parametrize("name", COMMANDS)
def test_command_is_in_the_readme(name):
    assert f"pokersql {name}" in README


@pytest.mark.parametrize("name", COMMANDS)
def test_command_help_has_an_example(name):
    command = cli.commands[name]
    assert command.help and "Example" in command.help
    assert f"pokersql {name}" in command.help


RUN = "python3 -m venv .venv && .venv/bin/pip install '.[plot]' && .venv/bin/pokersql deal --players 4 --seed 2010"
TEST = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest -q"


def test_readme_opens_with_the_two_commands():
    """Install-and-run, then install-and-test, before anything else; the second is what CI runs."""
    blocks = README.split("```")
    assert blocks[1] == f"bash\n{RUN}\n"
    assert blocks[3] == f"bash\n{TEST}\n"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.rstrip("\n").split("\n")[-1] == TEST
    assert f"{TEST} -m scale\n" in ci  # the checks at scale, which the README's command leaves out


def test_the_readme_is_a_front_page():
    """About 250 lines at most, and no test counts, timings or history: those are in docs/."""
    assert len(README.splitlines()) <= 250
    prose = re.sub(r"```.*?```", "", README, flags=re.S)
    assert not re.search(r"\d[\d,]* tests\b", prose)
    assert not re.search(r"\d+(\.\d+)? ?(s|ms|min|minutes|seconds|hours)\b", prose)
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", prose)


def links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return re.findall(r"\]\(([^)\s]+)\)", text)


PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_links_resolve_to_files_that_exist(page):
    found = [link for link in links(page) if "://" not in link and not link.startswith("#")]
    assert page.name != "README.md" or len(found) >= 10
    for link in found:
        target = (page.parent / link.split("#")[0]).resolve()
        assert target.exists(), f"{page.name}: {link} leads nowhere"


def test_the_readme_links_every_page_of_docs():
    linked = {link.split("#")[0] for link in links(ROOT / "README.md")}
    for page in (ROOT / "docs").glob("*.md"):
        assert f"docs/{page.name}" in linked, page.name


def test_the_link_check_bites(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("[there](missing.md) and [here](page.md)", encoding="utf-8")
    assert links(page) == ["missing.md", "page.md"]
    with pytest.raises(AssertionError, match="missing.md leads nowhere"):
        test_links_resolve_to_files_that_exist(page)


# -- the command reference, docs/cli.md: generated from the CLI's own help ---------------------

CLI_PAGE = ROOT / "docs" / "cli.md"


def test_the_command_reference_is_up_to_date(tmp_path):
    fresh = tmp_path / "cli.md"
    assert docs.main(["--page", "cli", str(fresh)]) == 0
    assert fresh.read_text(encoding="utf-8") == CLI_PAGE.read_text(encoding="utf-8"), (
        "docs/cli.md is stale: run python -m pokersql.docs --page cli"
    )
    assert docs.main(["--page", "cli", "--check", str(CLI_PAGE)]) == 0


def test_check_notices_a_stale_command_reference(tmp_path, capsys):
    stale = tmp_path / "cli.md"
    stale.write_text(CLI_PAGE.read_text(encoding="utf-8").replace("Options:", "Option:", 1), encoding="utf-8")
    assert docs.main(["--page", "cli", "--check", str(stale)]) == 1
    assert "stale" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["", *COMMANDS])
def test_the_command_reference_holds_each_commands_help_as_printed(name, capsys, monkeypatch):
    """`pokersql NAME --help` as the CLI prints it in a terminal of 80 columns or more, verbatim."""
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit) as exit:
        cli.main([name, "--help"] if name else ["--help"], prog_name="pokersql")
    assert exit.value.code == 0
    printed = capsys.readouterr().out
    page = CLI_PAGE.read_text(encoding="utf-8")
    assert f"## pokersql {name}".strip() + "\n\n```text\n" + printed in page
