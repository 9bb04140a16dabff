"""gunicorn settings for production: ``gunicorn -c deploy/gunicorn.conf.py carcwiki.wsgi``.

Threaded workers (``gthread``): a worker that waits on the database or on a client's
socket does not hold up the requests its other threads serve. Slow clients are still best
kept away from the app entirely by a buffering proxy (nginx) in front, which reads each
request whole before passing it on and takes each answer at once (see the README's
deployment section). Everything can be changed from the environment:

- ``GUNICORN_BIND`` (default ``127.0.0.1:8000``: loopback, where a proxy on the same
  machine expects the app; a proxy elsewhere needs a private address);
- ``GUNICORN_WORKERS`` (default ``2 × CPUs + 1``), ``GUNICORN_THREADS`` (default 4);
- ``GUNICORN_TIMEOUT`` (default 30 s for a request, after which the worker is restarted).
"""

import multiprocessing
import os


def _int_from_env(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
worker_class = "gthread"
workers = _int_from_env("GUNICORN_WORKERS", 2 * multiprocessing.cpu_count() + 1)
threads = _int_from_env("GUNICORN_THREADS", 4)

# A request that takes longer than this is stuck: the worker is replaced.
timeout = _int_from_env("GUNICORN_TIMEOUT", 30)
graceful_timeout = 30
# Idle keep-alive connections are dropped quickly: each holds a thread's slot.
keepalive = 5
# Workers are replaced now and then, with jitter so they do not all restart at once: not
# too often, since a new worker starts with empty caches of its own (a crowd reading
# cached pages and static files reaches 2,000 requests a process within seconds).
max_requests = 20000
max_requests_jitter = 2000

# The site answers overlong addresses itself (carcwiki.request_limits, 4,096 characters) in
# its own error shape; gunicorn's own limit must lie above it.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190

# Only the proxy in front may set X-Forwarded-Proto (HTTPS detection); the client
# address for limits comes from DJANGO_TRUSTED_PROXIES (carcwiki.client_identity).
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

# "-" writes the access log to standard output; an empty value turns it off.
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-") or None
errorlog = "-"
# Loads the app once in the master: workers fork with it ready, and a broken
# configuration fails at start rather than in every worker.
preload_app = True


def when_ready(server):
    """Build what every process keeps for itself once, in the master, before the workers
    fork: the scoring engine's tile set (half a second of work), the page cache's code
    fingerprint and what every search reads (seconds of work: without it, the first
    searches of every new worker took over 2 s under load). A worker that is replaced
    starts with them instead of making the first requests it takes wait. Nothing is
    required: on failure (no database yet) each worker builds them on first use."""
    from django.db import connections

    try:
        from carcwiki.page_cache import code_version
        from carcwiki.rules.search.engine import warm as warm_search
        from scoring.tileset import current_tiles

        code_version()
        current_tiles()
        warm_search()
    except Exception:
        server.log.exception("Warming the caches failed; the workers fill them on first use")
    finally:
        connections.close_all()  # never share a connection with the forked workers
