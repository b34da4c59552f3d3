"""Headless Chromium for the tour's tests (test-only): Debian's chromium package, driven by
Playwright (no browser download: executable_path)."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]
STAGE_TIMEOUT_MS = 600_000  # a ceiling for a loaded machine, not a speed test


def chromium() -> str:
    path = shutil.which("chromium") or (CHROMIUM if Path(CHROMIUM).exists() else None)
    if path is None:
        pytest.fail("Chromium is not installed: run the install step of .ci/run (apt-get install -y chromium)")
    return path


@contextlib.contextmanager
def browser(profile: Path) -> Iterator:
    """A Chromium context with its profile in PROFILE."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=chromium(), headless=True, args=CHROMIUM_ARGS, viewport={"width": 1100, "height": 900},
        )
        try:
            yield context
        finally:
            context.close()


def open_tour(context, url: str) -> tuple[object, list[str]]:
    """The tour at URL in a new page, once its first stage (the deck) has run: (page, every URL it asked for)."""
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(url)
    page.wait_for_function("window.tour && (window.tour.results.deck || window.tour.errors.deck)", timeout=STAGE_TIMEOUT_MS)
    return page, requests
