"""The tour's server alone (no browser, no npm packages): real requests to a real server.

A path no file can have (a null byte, a name too long) is 404 with nothing on the terminal;
an IPv6 host (``::1``) is served at ``http://[::1]:PORT/``.
"""

from __future__ import annotations

import socket
import urllib.error
import urllib.request

import pytest

from pokersql import tour


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
