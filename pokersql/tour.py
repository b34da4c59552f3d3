"""The guided tour: the article's pipeline in the browser, on DuckDB-Wasm, served from here.

The page (pokersql/tour_page/, package data) reads the project's own SQL files through one
manifest that this module writes from ``migrations.sql_files()``: each file's path, what it
creates, and which files it needs (the files that create what it reads, ``migrations.file_reads``, with theirs,
in run order). A stage loads only those, so the deck is on screen in a few seconds and
the 2,598,960 hands are built only by the stage that shows them.

The server answers GET requests for the page's folder and nothing else: the page, the
manifest, the SQL files, and the npm packages' browser files (DuckDB-Wasm, Apache Arrow
and what it imports), vendored in the package under tour_page/vendor/ (.ci/tour-vendor), so an
installed wheel serves the tour offline, with no Node.js.
"""

from __future__ import annotations

import errno
import functools
import http.server
import json
import mimetypes
import socket
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

from . import migrations
from .errors import PokerSQLError

TOUR_DIRECTORY = Path(__file__).resolve().parent / "tour_page"
PAGE_FILES = ("index.html", "tour.js", "tour.css", "stages.js", "chart.js")
# The npm packages the page imports, by the import map in index.html: only these are served.
VENDOR_PACKAGES = ("@duckdb/duckdb-wasm", "apache-arrow", "flatbuffers", "tslib")
WASM_FILE = "vendor/@duckdb/duckdb-wasm/dist/duckdb-eh.wasm"
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
         ".sql": "text/plain; charset=utf-8", ".html": "text/html; charset=utf-8", ".css": "text/css", ".png": "image/png"}


class TourError(PokerSQLError):
    exit_code = 1


def tour_directory() -> Path:
    """The page's folder, in the installed package: the page and DuckDB-Wasm's files beside it."""
    if not (TOUR_DIRECTORY / "index.html").is_file() or not (TOUR_DIRECTORY / WASM_FILE).is_file():
        raise TourError(f"the tour's page or its DuckDB-Wasm files are missing from {TOUR_DIRECTORY}: reinstall pokersql")
    return TOUR_DIRECTORY


def manifest() -> dict:
    """The SQL files in run order, each with what it creates and the files it needs."""
    files = [f for f in migrations.sql_files() if f.runs_on("duckdb")]
    reads = migrations.file_reads(files)
    order = [f.script for f in files]

    def needs(script: str) -> list[str]:
        found, todo = {script}, [script]
        while todo:
            for other in reads[todo.pop()] - found:
                found.add(other)
                todo.append(other)
        return [s for s in order if s in found]

    return {
        "files": [
            {
                "script": f.script,
                "path": f"sql/{f.path}",
                "kind": f.kind,
                "creates": [{"kind": kind, "name": name} for kind, name, _ in f.definitions()],
                "needs": needs(f.script),
            }
            for f in files
        ]
    }


class _Handler(http.server.SimpleHTTPRequestHandler):
    """GET of the page's own files only; anything else is 404."""

    tour: Path

    def log_message(self, format: str, *args: object) -> None:  # quiet: the command prints the address
        pass

    def _resolve(self, path: str) -> tuple[bytes, str] | None:
        if path in ("", "/"):
            path = "/index.html"
        name = path.lstrip("/")
        if name in PAGE_FILES:
            return (self.tour / name).read_bytes(), name
        if name == "sql/manifest.json":
            return json.dumps(manifest(), indent=1).encode(), name
        if name.startswith("sql/"):
            sql_files = {f.path: f for f in migrations.sql_files()}
            if name[4:] in sql_files:
                return sql_files[name[4:]].text.encode(), name
            return None
        if name.startswith("vendor/"):
            rest = name[len("vendor/") :]
            for package in VENDOR_PACKAGES:
                if rest.startswith(package + "/"):
                    root = (self.tour / "vendor" / package).resolve()
                    target = (root / rest[len(package) + 1 :]).resolve()
                    if root in target.parents and target.is_file():
                        return target.read_bytes(), target.name
        return None

    def do_GET(self) -> None:
        try:
            found = self._resolve(unquote(urlsplit(self.path).path))
        except (OSError, ValueError):  # a name no file can have: a null byte, too long
            found = None
        if found is None:
            self.send_error(404)
            return
        body, name = found
        suffix = Path(name).suffix
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        self.wfile.write(body)

    def do_HEAD(self) -> None:
        self.send_error(405)


class _Server(http.server.ThreadingHTTPServer):
    """Bound to the host's first address by getaddrinfo: IPv4, or IPv6 (``::1``); "" all of IPv4's."""

    def __init__(self, host: str, port: int, handler: type) -> None:
        found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, _, _, _, address = found[0]
        self.address_family = family
        super().__init__(address, handler)


def server(host: str = "127.0.0.1", port: int = 8010, or_a_free_port: bool = False) -> http.server.ThreadingHTTPServer:
    """The tour's server, bound but not yet serving (``serve_forever`` serves it).

    ``or_a_free_port``: if ``port`` is in use (a tour running already), a free port that the
    system picks, on the same host (``server_address`` says which)."""
    directory = tour_directory()
    handler = type("TourHandler", (_Handler,), {"tour": directory})
    try:
        return _Server(host, port, handler)
    except OSError as e:
        if or_a_free_port and port and e.errno == errno.EADDRINUSE:
            return server(host, 0)
        hint = " (--port 0 serves on a free port)" if e.errno == errno.EADDRINUSE else ""
        raise TourError(f"cannot serve the tour on {url(host, port)}: {e.strerror or e}{hint}") from e


def url(host: str, port: int) -> str:
    """The page's address: ``http://127.0.0.1:8010/``, an IPv6 host in brackets (``http://[::1]:8010/``)."""
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def serve_in_thread(host: str = "127.0.0.1", port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    """A running server on a free port, for tests: (server, its address). ``shutdown()`` stops it."""
    httpd = server(host, port)
    threading.Thread(target=functools.partial(httpd.serve_forever, poll_interval=0.1), daemon=True).start()
    return httpd, url(host, httpd.server_address[1])
