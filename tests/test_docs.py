"""The README is a front page, every command is documented with help text that has an example,
and the command reference (docs/cli.md) is the CLI's own help, regenerated and compared."""

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


def test_readme_opens_with_the_two_commands():
    """Install-and-run, then install-and-test, before anything else."""
    blocks = README.split("```")
    first_code = [blocks[1], blocks[3]]
    assert "pip install" in first_code[0] and "pokersql" in first_code[0]
    assert "pip install" in first_code[1] and "pytest" in first_code[1]


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
