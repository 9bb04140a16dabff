"""Answers that cost almost nothing to serve twice: rules pages, the glossary, the tile
gallery, tile pictures and the read-only API, kept in Django's cache (Redis in production).

A view wrapped in :func:`cached_page` is rendered once per *variant* and *content
version*; later requests for the same variant are answered from the cache, with the
body already compressed for clients that accept gzip.

- **Variant.** The absolute address (scheme, host, path, query string) and, for pages
  that read the visitor's selection, the selection saved in the session: a page is a
  function of those and of the content. Only addresses whose query keys the view reads are
  kept (any other address is rendered as usual), so that made-up parameters cannot fill
  the cache.
- **Content version.** One number in the shared cache, raised whenever the content changes:
  ``load_catalogue`` (its ``catalogue_loaded`` signal), and any save, delete or
  many-to-many change of a catalogue or rules model (the admin, a tile edit), once at once
  and again when the transaction commits. A cached answer remembers the version it was
  rendered under and is used only while that is still the current one, so a page that
  was being rendered while an edit committed is never served afterwards. Each process
  also keeps the answers it served lately in its own memory (16 MB), checked against the
  same version, so a hit costs one small read of the shared cache. Threads of one process
  that ask at once for a page nobody has rendered yet render it once between them
  (:func:`rendering_alone`).
- **Code version.** Keys also carry a fingerprint of the code and templates, so a deploy
  never serves what the previous code drew.
- **Conditional requests.** Every kept answer carries a weak ``ETag`` (a hash of its
  body) and, when it does not depend on a session, a ``Last-Modified`` (the time of the
  last content change); ``If-None-Match`` / ``If-Modified-Since`` are answered 304 by
  Django's own :func:`~django.utils.cache.get_conditional_response`, before any body is
  read. ``ConditionalGetMiddleware`` does the same for every other answer.
- **Cache-Control.** ``public, no-cache``: any cache may store the answer but must
  revalidate it (cheaply, a 304) before each use, so nobody sees a page older than the last
  edit. A page that depends on the session selection says ``Vary: Cookie``, and the answer
  to a request that carries a session says ``private``.

- **Early answers.** A hit served to a request without a session cookie, when it holds
  no token, is noted as it left the whole middleware stack; the same request again is
  answered with a copy of it by :class:`EarlyAnswerMiddleware`, first in ``MIDDLEWARE``,
  while the content version holds (see the class).

An answer is not kept when it is not a plain 200, sets a cookie, used a CSP nonce (it
differs per request), or already names a ``Content-Encoding``. A page with forms carries
the visitor's CSRF token: it is kept with a placeholder where the token was, filled with
a token of the reader's own on every hit (compressed each time then, and ``private``); a
page that uses the token anywhere else is not kept.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from functools import wraps
from pathlib import Path

from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import DisallowedHost
from django.core.signals import setting_changed
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.middleware.gzip import re_accepts_gzip
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date
from django.utils.text import compress_string

logger = logging.getLogger(__name__)

PAGE_CACHE = "default"
"""The cache alias the pages live in (Redis database ``/0`` in production)."""
VERSION_KEY = "page-cache:content-version"
PAGE_CACHE_SECONDS = 60 * 60
"""How long an unused answer is kept; changes are handled by the content version."""
CONTENT_APPS = frozenset({"catalogue", "rules"})
"""Apps whose models make up the content the cached answers are drawn from."""
MIN_COMPRESSED_LENGTH = 200
"""As GZipMiddleware: shorter bodies are not worth compressing."""
LOCAL_BYTES = 16 * 1024 * 1024
"""What each process keeps of the shared cache's answers in its own memory."""


class LocalCopies:
    """The answers this process served lately, least recently used dropped first, up to
    ``LOCAL_BYTES``: a hit then reads only the content version from the shared cache
    (a few bytes) rather than the whole answer. An entry is used only while its version
    is the current one, exactly as an entry of the shared cache."""

    def __init__(self, limit: int):
        self.limit, self.size = limit, 0
        self.entries: OrderedDict[str, dict] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str, version: int) -> dict | None:
        with self.lock:
            entry = self.entries.get(key)
            if entry is None or entry["version"] != version:
                return None
            self.entries.move_to_end(key)
            return entry

    def put(self, key: str, entry: dict) -> None:
        size = len(entry["body"]) + len(entry["gzip"] or b"")
        with self.lock:
            old = self.entries.pop(key, None)
            if old is not None:
                self.size -= old["size"]
            if size > self.limit // 4:
                return
            self.entries[key] = {**entry, "size": size}
            self.size += size
            while self.size > self.limit:
                _, dropped = self.entries.popitem(last=False)
                self.size -= dropped["size"]


local_copies = LocalCopies(LOCAL_BYTES)


def _cache():
    return caches[PAGE_CACHE]


@functools.cache
def code_version() -> str:
    """A fingerprint of the code and templates this process runs: part of every key, so
    that a deploy which changes how pages are drawn never serves what the old code drew.
    Read once per process (a few hundred ``stat`` calls)."""
    root = Path(settings.BASE_DIR)
    stamps = hashlib.sha256()
    for folder in ("carcwiki", "scoring", "templates"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in (".py", ".html", ".md") and path.is_file():
                stamps.update(f"{path.relative_to(root)}:{path.stat().st_mtime_ns}".encode())
    return stamps.hexdigest()[:16]


# -- the content version ------------------------------------------------------------------------


def content_changed(**_signal_kwargs) -> None:
    """Raise the content version: every cached answer is out of date from now on.

    The version is the time of the change in microseconds (also the ``Last-Modified`` of
    what is rendered under it), raised by at least one so two changes in the same
    microsecond still differ.
    """
    cache = _cache()
    try:
        current = cache.get(VERSION_KEY) or 0
        cache.set(VERSION_KEY, max(int(time.time() * 1_000_000), current + 1), None)
    except Exception:  # a cache that is down serves nothing stale either: log and go on
        logger.exception("Could not raise the page cache's content version")


def content_version() -> int:
    """The current content version, created (as now) if the cache has none."""
    cache = _cache()
    version = cache.get(VERSION_KEY)
    if version is None:
        cache.add(VERSION_KEY, int(time.time() * 1_000_000), None)
        version = cache.get(VERSION_KEY)
    return version


def _model_changed(sender, **kwargs) -> None:
    if sender._meta.app_label not in CONTENT_APPS:
        return
    # Now, so that this process never serves the old page again, and after the commit,
    # so that a page rendered from the old rows in the meantime is not kept either.
    content_changed()
    transaction.on_commit(content_changed, using=kwargs.get("using"))


def connect_signals() -> None:
    """Called once from :class:`carcwiki.api.apps.ApiConfig`."""
    from carcwiki.catalogue.signals import catalogue_loaded

    catalogue_loaded.connect(content_changed, dispatch_uid="page_cache.catalogue_loaded")
    for signal in (post_save, post_delete, m2m_changed):
        signal.connect(_model_changed, dispatch_uid=f"page_cache.{id(signal)}")


# -- the decorator -----------------------------------------------------------------------------


def _accepts_gzip(request) -> bool:
    return bool(re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")))


def _session_part(request, session_key: str) -> tuple[str, bool]:
    """What the page reads from the session (the saved value, or ``""``) and whether the
    request carries a session at all."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return "", False
    saved = request.session.get(session_key)
    return (saved if isinstance(saved, str) else ""), True


def _keepable(request, response) -> bool:
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and not response.has_header("Content-Encoding")
        and not getattr(request, "_csp_nonce", None)
    )


CSRF_FIELD = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]{64})"')
CSRF_PLACEHOLDER = b"carcwiki-page-cache-csrf-token-placeholder"


def _without_token(request, body: bytes) -> bytes | None:
    """The body with this request's CSRF token (the hidden field of its forms) replaced by
    a placeholder, which every later request fills with a token of its own: a kept page
    never hands one visitor's token to another. ``None`` when the token is used in a way
    this cannot follow (not only in those fields): such a page is not kept."""
    if not request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):
        return body
    tokens = set(CSRF_FIELD.findall(body))
    secret = request.META.get("CSRF_COOKIE") or ""
    if len(tokens) != 1 or (secret and secret.encode() in body):
        return None
    token = tokens.pop()
    return body.replace(token, CSRF_PLACEHOLDER)


def _finish(request, response, *, last_modified: str | None, private: bool, vary_cookie: bool):
    if private:
        patch_cache_control(response, private=True, no_cache=True)
    elif not response.has_header("Cache-Control"):  # a view's own policy stands (pictures)
        patch_cache_control(response, public=True, no_cache=True)
    vary = ["Accept-Encoding"] + (["Cookie"] if vary_cookie else [])
    patch_vary_headers(response, vary)
    if last_modified and not response.has_header("Last-Modified"):
        response["Last-Modified"] = last_modified
    return response


_renders: dict[str, threading.Lock] = {}
_renders_lock = threading.Lock()


@contextmanager
def rendering_alone(key: str) -> Iterator[None]:
    """Hold the block while no other thread of this process renders the page ``key``.

    When a crowd asks for a page nobody has rendered yet (a new content version, a fresh
    worker), its threads would each render it at once, and on a busy machine all of them
    slowly: the first renders, the others wait and take its copy."""
    with _renders_lock:
        lock = _renders.setdefault(key, threading.Lock())
    try:
        with lock:
            yield
    finally:
        with _renders_lock:
            if not lock.locked() and _renders.get(key) is lock:
                del _renders[key]


def cached_page(*, query_keys=(), session_key: str | None = None,
                timeout: int = PAGE_CACHE_SECONDS):
    """Keep the view's answers in the page cache (see the module's docstring).

    ``query_keys``: the query parameters the view reads; an address with any other is not
    kept. ``session_key``: the session entry the page depends on (the saved selection), if
    any; such pages vary on ``Cookie``.
    """
    allowed = frozenset(query_keys)

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method not in ("GET", "HEAD") or not set(request.GET) <= allowed:
                return view(request, *args, **kwargs)
            saved, has_session = ("", False)
            if session_key is not None:
                saved, has_session = _session_part(request, session_key)
            variant = f"{request.build_absolute_uri()}\n{saved}"
            key = f"page:{code_version()}:" + hashlib.sha256(variant.encode()).hexdigest()
            cache = _cache()
            try:
                version = cache.get(VERSION_KEY) or content_version()
                entry = local_copies.get(key, version)
                if entry is None:
                    entry = cache.get(key)
                    if entry is not None and entry["version"] == version:
                        local_copies.put(key, entry)
            except Exception:
                logger.exception("The page cache cannot be read")
                return view(request, *args, **kwargs)
            # Last-Modified only where the URL alone decides the page: a session's
            # selection can change without the content changing.
            last_modified = None if has_session else http_date(version / 1_000_000)
            finish = {"last_modified": last_modified, "private": has_session,
                      "vary_cookie": session_key is not None}
            if entry is None or entry["version"] != version:
                with rendering_alone(key):
                    # A thread that waited while another rendered the page takes its copy.
                    entry = local_copies.get(key, version)
                    if entry is None:
                        response = view(request, *args, **kwargs)
                        if hasattr(response, "render") and callable(response.render):
                            response = response.render()
                        body = _without_token(request, response.content) \
                            if _keepable(request, response) else None
                        if body is None:
                            return response
                        entry = _entry(response, body, version)
                        local_copies.put(key, entry)
                        try:
                            cache.set(key, entry, timeout)
                        except Exception:
                            logger.exception("The page cache cannot be written")
            response = _response(entry, request)
            if not entry["csrf"] and not has_session:  # the same for every cookie-less reader
                request._page_cache_replayable = version
            if entry["csrf"]:  # a token of this visitor's own: for them alone
                finish.update(private=True, vary_cookie=True)
            _finish(request, response, **finish)
            return get_conditional_response(
                request, etag=response["ETag"], last_modified=version // 1_000_000
                if last_modified else None, response=response,
            )

        return wrapped

    return decorator


def _entry(response, body: bytes, version: int) -> dict:
    csrf = CSRF_PLACEHOLDER in body
    # A page with a token differs for each visitor: GZipMiddleware compresses it each time.
    compressed = compress_string(body) if len(body) >= MIN_COMPRESSED_LENGTH and not csrf \
        else None
    if compressed is not None and len(compressed) >= len(body):
        compressed = None
    etag = response.get("ETag") or '"' + hashlib.md5(body, usedforsecurity=False).hexdigest() + '"'
    if not etag.startswith("W/"):
        etag = "W/" + etag  # the same for the compressed body: equivalent, not identical
    headers = {name: value for name, value in response.items()
               if name.lower() not in ("etag", "content-length", "vary")}
    vary = response.get("Vary")
    return {"version": version, "body": body, "gzip": compressed, "etag": etag,
            "headers": headers, "vary": vary, "csrf": csrf}


def _response(entry: dict, request) -> HttpResponse:
    compressed = _accepts_gzip(request) and entry["gzip"] is not None
    body = entry["gzip"] if compressed else entry["body"]
    if entry["csrf"]:
        body = body.replace(CSRF_PLACEHOLDER, get_token(request).encode())
    response = HttpResponse(body)
    for name, value in entry["headers"].items():
        response[name] = value
    if entry["vary"]:
        response["Vary"] = entry["vary"]
    response["ETag"] = entry["etag"]
    if compressed:
        response["Content-Encoding"] = "gzip"
    response["Content-Length"] = str(len(response.content))
    return response


class CachedAnswersMixin:
    """For DRF views: their GET answers are kept by :func:`cached_page`, for addresses whose
    query keys are all in ``cache_query_keys`` (sessions play no part in the API)."""

    cache_query_keys: frozenset[str] = frozenset({"page", "page_size"})

    def dispatch(self, request, *args, **kwargs):
        keep = cached_page(query_keys=self.cache_query_keys)
        return keep(super().dispatch)(request, *args, **kwargs)


# -- early answers ----------------------------------------------------------------------------

REPLAY_VARY = frozenset({"accept-encoding", "cookie", "origin"})
"""The request headers an early answer may vary on: those in its key (Accept-Encoding,
Origin) and Cookie, since early answers go only to requests without a session."""


class EarlyAnswerMiddleware:
    """Answers a repeated request for a kept page before any other middleware runs.

    When a kept answer was served through the whole stack to a request without a session
    cookie, and does not depend on the reader (no CSRF token in it, no cookie set, not
    conditional), the finished answer (every header the other middleware added:
    security headers, CSP, Permissions-Policy, CORS, Vary, ETag, Cache-Control, the gzip
    body) is noted in this process's memory, under the request's method, absolute
    address, whether it accepts gzip and its ``Origin``. The next such request is answered
    with a copy while the content version is still the one it was drawn under: one small
    read of the shared cache, no session, CSRF, CSP or URL resolution. Anything else (a
    session cookie, a conditional request, a request with a body, a changed content
    version, settings changed in tests) goes the normal way, which notes the answer again.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    @staticmethod
    def _key(request) -> str | None:
        if request.method not in ("GET", "HEAD") or request.path_info.startswith(
                settings.STATIC_URL):  # whitenoise's: not kept here, and it does not ask the host
            return None
        meta = request.META
        if (settings.SESSION_COOKIE_NAME in request.COOKIES or "HTTP_IF_NONE_MATCH" in meta
                or "HTTP_IF_MODIFIED_SINCE" in meta or "HTTP_AUTHORIZATION" in meta
                # a body, even on a GET, is for ChunkedBodyMiddleware to judge
                or "HTTP_TRANSFER_ENCODING" in meta or meta.get("CONTENT_LENGTH") not in (
                    None, "", "0")):
            return None
        try:
            address = request.build_absolute_uri()
        except DisallowedHost:  # refused further down, as usual
            return None
        return "\n".join((request.method, address,
                          "gzip" if _accepts_gzip(request) else "",
                          meta.get("HTTP_ORIGIN", "")))

    def __call__(self, request):
        key = self._key(request)
        version = None
        if key is not None and early_answers.entries:
            try:
                version = _cache().get(VERSION_KEY)
            except Exception:
                version = None
            entry = early_answers.get(key, version) if version is not None else None
            if entry is not None:
                early_answers.served += 1
                response = HttpResponse(entry["body"], status=entry["status"])
                for name, value in entry["headers"]:
                    response[name] = value
                return response
        response = self.get_response(request)
        replayable = getattr(request, "_page_cache_replayable", None)
        if key is not None and replayable is not None and _replayable(response):
            early_answers.put(key, {
                "version": replayable, "body": response.content, "gzip": None,
                "status": response.status_code, "headers": list(response.items()),
            })
        return response


def _replayable(response) -> bool:
    vary = {part.strip().lower() for part in response.get("Vary", "").split(",") if part.strip()}
    return (response.status_code == 200 and not response.streaming and not response.cookies
            and vary <= REPLAY_VARY)


early_answers = LocalCopies(LOCAL_BYTES)
early_answers.served = 0


def _forget_early_answers(**_kwargs) -> None:
    """Settings changed (tests): the headers noted may no longer be the ones given."""
    with early_answers.lock:
        early_answers.entries.clear()
        early_answers.size = 0


setting_changed.connect(_forget_early_answers, dispatch_uid="page_cache.early_answers")
