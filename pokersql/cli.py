"""The command line: parses, calls the library, formats. Nothing else.

Library errors become one line on stderr and an exit status here, and nowhere else:
2 for bad input, 1 for any other failure; a traceback only with --debug.
"""

from __future__ import annotations

import os
import sys

# A Ctrl-C while pokersql starts (the imports below take a few hundred milliseconds, seconds on
# a busy machine) ends it as any other: one line, exit status 130. The console script imports
# this module first, and ``import pokersql`` itself imports nothing heavy. The commands' modules
# (pokersql.cli_*) are imported by ``cli`` as a command needs its own (cli_base.COMMAND_MODULES).
try:
    import click

    from . import interrupts
    from .cli_base import _ReaderGone, cli
    from .engines.postgres import masked
    from .errors import Interrupted, PokerSQLError
except KeyboardInterrupt:
    sys.stderr.write("pokersql: interrupted\n")
    raise SystemExit(130) from None

__all__ = ["cli", "main"]


def main(argv: list[str] | None = None) -> int:
    """Entry point: runs the CLI and turns every error into one line and an exit status."""
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args
    try:
        with interrupts.handling_sigint():
            cli.main(args=args, prog_name="pokersql", standalone_mode=False)
            if interrupts.pending():  # the signal came as the work ended: it still counts
                raise KeyboardInterrupt
    except click.exceptions.Exit as e:
        return e.exit_code
    except (BrokenPipeError, _ReaderGone):
        return _reader_gone()
    except (click.Abort, KeyboardInterrupt, Interrupted):
        line, status = interrupts.ending()
        click.echo(f"pokersql: {line}", err=True)
        return status
    except click.ClickException as e:
        if debug:
            raise
        click.echo(f"pokersql: error: {masked(e.format_message())}", err=True)
        return 2
    except PokerSQLError as e:
        if debug:
            raise
        click.echo(f"pokersql: error: {masked(_one_line(str(e)))}", err=True)
        return e.exit_code
    except Exception as e:  # anything unforeseen: still one line, exit status 1
        if debug:
            raise
        click.echo(f"pokersql: error: {type(e).__name__}: {masked(_one_line(str(e)))}", err=True)
        return 1
    return 0


def _reader_gone() -> int:
    """stdout's reader stopped (``| head``): that is normal, so exit 0 at once, quietly.

    stdout is pointed at /dev/null first: the interpreter flushes it at exit, which would fail again.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return 0


def _one_line(text: str) -> str:
    return " ".join(text.split())


if __name__ == "__main__":
    sys.exit(main())
