"""The tour's server alone (no browser, no npm packages): real requests to a real server.

A path no file can have (a null byte, a name too long) is 404 with nothing on the terminal;
an IPv6 host (``::1``) is served at ``http://[::1]:PORT/``; a second `pokersql tour` serves on a
free port, and says which.
"""

from __future__ import annotations

import contextlib
import errno
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from pokersql import tour
from pokersql.cli_setup import tour_command

# The port `pokersql tour` serves on unless told, as its --port option says.
DEFAULT_PORT = next(param.default for param in tour_command.params if param.name == "port")


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as e:
        return e.code, b""


def _ipv6_loopback() -> str | None:
    """Why ::1 cannot be served here, or None when it can."""
    if not socket.has_ipv6:
        return "this Python has no IPv6 (socket.has_ipv6 is False)"
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as probe:
            probe.bind(("::1", 0))
    except OSError as e:
        return f"this machine has no IPv6 loopback: binding ::1 fails ({e})"
    return None


@pytest.mark.parametrize(
    "path",
    ["vendor/apache-arrow/%00", "vendor/apache-arrow/a%00b.js", "sql/%00", "%00", "vendor/apache-arrow/" + "a" * 5000],
)
def test_a_path_no_file_can_have_is_404_without_a_traceback(path, capfd):
    httpd, url = tour.serve_in_thread()
    try:
        assert _get(url + path) == (404, b"")
        assert _get(url)[0] == 200  # and the server still serves
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert capfd.readouterr().err == ""


@pytest.mark.skipif(_ipv6_loopback() is not None, reason=str(_ipv6_loopback()))
def test_the_tour_serves_the_ipv6_loopback():
    httpd, url = tour.serve_in_thread("::1")
    try:
        assert url == f"http://[::1]:{httpd.server_address[1]}/"
        assert httpd.address_family == socket.AF_INET6
        assert _get(url) == (200, (tour.tour_directory() / "index.html").read_bytes())
        assert _get(url + "sql/manifest.json")[0] == 200
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_host_that_cannot_be_served_is_one_line():
    with pytest.raises(tour.TourError) as error:
        tour.server("no-such-host.invalid", 0)
    assert str(error.value).startswith("cannot serve the tour on http://no-such-host.invalid:0/: ")


@contextlib.contextmanager
def default_port_held() -> Iterator[None]:
    """A real socket listening on the tour's default port on the loopback, as a first tour's
    would. If something else holds the port (another test run's tour), the socket waits up to a
    minute for it, rather than count on a holder that may let the port go while the test runs;
    one that holds it longer stays the holder."""
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                holder.bind(("127.0.0.1", DEFAULT_PORT))
                holder.listen()
                break
            except OSError as e:
                if e.errno != errno.EADDRINUSE:
                    raise
                if time.monotonic() > deadline:
                    break
                time.sleep(0.5)
        yield
    finally:
        holder.close()


def test_a_second_tour_serves_on_a_free_port_and_says_which():
    """`pokersql tour` with its default port taken (it said "Address already in use", exit 1):
    another port, on the loopback still, named on stdout's line and in a note on stderr; the
    page is there."""
    environment = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with default_port_held():
        second = subprocess.Popen(
            [sys.executable, "-m", "pokersql", "tour"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment
        )
        try:
            line = second.stdout.readline()
            assert line.startswith("The tour is at http://127.0.0.1:") and line.endswith("/ (Ctrl-C stops it)\n"), line
            address = line.split()[4]
            port = int(address.rsplit(":", 1)[1].rstrip("/"))
            assert port != DEFAULT_PORT
            assert _get(address) == (200, (tour.tour_directory() / "index.html").read_bytes())
        finally:
            second.terminate()
            _, err = second.communicate(timeout=60)
    assert err.splitlines()[0] == f"pokersql: note: port {DEFAULT_PORT} is in use (another tour?): this one is on port {port}"


def test_a_port_asked_for_that_is_in_use_is_one_line():
    """--port given: that port or nothing, exit 1, and the line says how to get a free one."""
    with default_port_held():
        done = subprocess.run(
            [sys.executable, "-m", "pokersql", "tour", "--port", str(DEFAULT_PORT)], capture_output=True, text=True, timeout=120
        )
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        f"pokersql: error: cannot serve the tour on http://127.0.0.1:{DEFAULT_PORT}/: Address already in use "
        "(--port 0 serves on a free port)\n"
    )
