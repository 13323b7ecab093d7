"""Fixtures shared by every test folder."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
"""Where tests leave what a person may want to look at (screenshots); ignored by git."""


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium driven by Playwright; never a downloaded browser.

    Without Chromium the browser tests skip on a developer's machine, and fail under CI (``CI=true``),
    where `.ci/run` installs it.
    """
    if not Path(CHROMIUM).exists() or shutil.which("chromium") is None:
        message = f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Folder for test artefacts such as screenshots."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
