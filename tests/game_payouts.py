"""A database with only what 062's every-game tally needs (tests of the history's games)."""

from __future__ import annotations

from pokersql import migrations


def migrate_for_game_payouts(engine) -> None:
    """The files of history_game_payouts (062) and what they read, with the history tables' added
    columns (043: board_no; 057: what the site said), applied in run order."""
    every = migrations.sql_files()
    needed = {f.script for f in migrations.files_for(["history_game_payouts"], every)}
    needed |= {"043_history_more.sql", "057_history_site_said.sql"}
    migrations.migrate(engine, files=[f for f in every if f.script in needed])
