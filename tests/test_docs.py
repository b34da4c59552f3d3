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


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation out, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings; a heading met again gets -1, -2 … as on GitHub."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    seen: dict[str, int] = {}
    names = set()
    for heading in re.findall(r"(?m)^#+ (.*)$", text):
        name = slug(heading)
        names.add(f"{name}-{seen[name]}" if name in seen else name)
        seen[name] = seen.get(name, 0) + 1
    return names


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_links_lead_to_headings_that_exist(page):
    """`page.md#section` and `#section`: the page has a heading of that anchor (pages split or
    sections moved leave no link pointing at nothing)."""
    for link in links(page):
        if "://" in link or "#" not in link:
            continue
        file, anchor = link.split("#", 1)
        target = (page.parent / file).resolve() if file else page
        if target.suffix == ".md":
            assert anchor in anchors(target), f"{page.name}: {link}: {target.name} has no heading #{anchor}"


def test_the_anchor_check_bites(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n## How often: odds\n\n## Title\n\n[a](#how-often-odds) [b](page.md#title-1) [c](#how-often)\n", encoding="utf-8")
    assert anchors(page) == {"title", "how-often-odds", "title-1"}
    with pytest.raises(AssertionError, match="page.md has no heading #how-often"):
        test_links_lead_to_headings_that_exist(page)


# -- guides, not notebooks: each user page short enough to read, and no table cell a paragraph ------

GENERATED_OR_MAINTAINERS = {"cli.md", "pipeline.md", "development.md"}
USER_PAGES = [p for p in sorted((ROOT / "docs").glob("*.md")) if p.name not in GENERATED_OR_MAINTAINERS]
MAX_LINES = 600
MAX_CELL = 320  # characters: a sentence or two; the detail goes in prose below the table


def table_cells(page: Path) -> list[tuple[int, str]]:
    """Each cell of each Markdown table outside code blocks, with its line number; a `|` inside
    backquotes or escaped (`\\|`) is no border."""
    text = re.sub(r"```.*?```", lambda block: "\n" * block.group().count("\n"), page.read_text(encoding="utf-8"), flags=re.S)
    cells = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.startswith("|"):
            continue
        row = re.sub(r"`[^`]*`", lambda code: code.group().replace("|", "/"), line.replace("\\|", "/"))
        cells += [(number, cell.strip()) for cell in row.strip().strip("|").split("|")]
    return cells


@pytest.mark.parametrize("page", USER_PAGES, ids=[p.name for p in USER_PAGES])
def test_a_user_page_is_a_guide_not_a_notebook(page):
    """At most 600 lines, and no table cell longer than 320 characters: how to do things and what
    the answers mean; measurements, tries and history go to docs/development.md."""
    lines = page.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, f"{page.name}: {len(lines)} lines, more than {MAX_LINES}: split it, or move measurements to development.md"
    long = [(number, len(cell)) for number, cell in table_cells(page) if len(cell) > MAX_CELL]
    assert not long, f"{page.name}: table cells longer than {MAX_CELL} characters (line, length): {long}"


def test_the_guide_check_bites(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("| a | b |\n|---|---|\n| `x \\| y` | " + "word " * 70 + "|\n", encoding="utf-8")
    assert [len(cell) for _, cell in table_cells(page)] == [1, 1, 3, 3, 7, 349]
    with pytest.raises(AssertionError, match=r"longer than 320 characters \(line, length\): \[\(3, 349\)\]"):
        test_a_user_page_is_a_guide_not_a_notebook(page)
    page.write_text("line\n" * 601, encoding="utf-8")
    with pytest.raises(AssertionError, match="601 lines, more than 600"):
        test_a_user_page_is_a_guide_not_a_notebook(page)


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
