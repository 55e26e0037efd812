"""Whole games in headless Chromium (the system's), by clicking, against the AI.

Needs the ``[web]`` extra, Playwright's Python package and a system Chromium
(``GUILDHALL_CHROMIUM`` or ``chromium`` on the PATH); skipped without them.
Screenshots go to docs/screenshots/ with ``GUILDHALL_SCREENSHOTS=1``.
"""
from __future__ import annotations

import base64
import os
import shutil
import socket
import threading
import time

import pytest

from cython_ext import pure_python_forced

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")
if pure_python_forced():  # the frontend is the same code in both modes; its engines are checked elsewhere
    pytest.skip("browser games run once, with the compiled kernels", allow_module_level=True)
CHROMIUM = os.environ.get("GUILDHALL_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
if not CHROMIUM:
    pytest.skip("no system chromium", allow_module_level=True)

from guildhall.web.app import Settings, create_app  # noqa: E402
from tests.svg.test_svg import check_pieces  # noqa: E402

# screenshots refresh docs/screenshots/ only when asked, so a test run leaves the tree clean
SHOTS = (os.path.join(os.path.dirname(__file__), "..", "..", "docs", "screenshots")
         if os.environ.get("GUILDHALL_SCREENSHOTS") == "1" else None)
GAMES = [("guildes", 3), ("between_two_cities", 3), ("city_and_guilds", 3), ("walled_city", 2)]


@pytest.fixture(scope="module")
def server():
    app = create_app(Settings(max_games=2, max_nodes=200))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield app, f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    th.join(10)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


def screenshot(page, name: str, shots: str) -> None:
    # Page.captureScreenshot directly: page.screenshot() can wait forever on a system Chromium
    cdp = page.context.new_cdp_session(page)
    data = cdp.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})["data"]
    os.makedirs(shots, exist_ok=True)
    with open(os.path.join(shots, f"{name}.png"), "wb") as fh:
        fh.write(base64.b64decode(data))


def idles(page) -> int:
    return int(page.evaluate("+document.body.dataset.idles || 0"))


def act(page, click) -> None:
    n = idles(page)
    click()
    page.wait_for_function(f"(+document.body.dataset.idles || 0) > {n}", timeout=120_000)


def check_board(app, page) -> None:
    """The drawn board against the engine's state (the server's mirror of it, as the seat sees it)."""
    (session,) = app.state.sessions
    m = session.match
    st = m.status()
    seat = m.viewer(st.tomove)
    truth = m.game.parse_state(m.eng.view(None if st.over else seat))
    assert truth == (m.mirror if st.over else m.mirror.observe(seat))
    check_pieces(truth, page.inner_html("#board"))


@pytest.mark.parametrize("game,players", GAMES)
def test_a_whole_game_by_clicking(server, browser, game, players, tmp_path):
    app, url = server
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.fill("#nodes", "20")
    act(page, lambda: page.click("#start"))
    board_clicks = turns = 0
    while page.is_hidden("#end"):
        turns += 1
        assert turns < 400, "the game does not end"
        if turns % 5 == 1:
            check_board(app, page)
        target = page.evaluate("""() => {
            const ms = (current && current.moves) || [];
            for (const el of document.querySelectorAll('#board [data-click]')) {
              const want = el.dataset.click.split(/[\\s:+>]+/);
              const hits = ms.filter((m) => want.every((w) => tokens(m).includes(w)));
              if (hits.length === 1) { el.setAttribute('data-test-target', '1'); return true; }
            }
            return false; }""")
        if target and turns % 2:
            act(page, lambda: page.click("[data-test-target='1']"))  # one legal move: played at once
            board_clicks += 1
        else:
            act(page, lambda: page.locator("#moves button").first.click())
        if turns == 6:
            screenshot(page, game, SHOTS or str(tmp_path))
    check_board(app, page)
    assert int(page.evaluate("+document.body.dataset.errors || 0")) == 0, page.inner_text("#error")
    assert "final scores" in page.inner_text("#end")
    assert board_clicks > 0
    page.close()
