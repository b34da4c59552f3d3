"""Every command is documented: in the README, with help text that has an example."""

from pathlib import Path

import pytest

from pokersql.cli import cli

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
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
