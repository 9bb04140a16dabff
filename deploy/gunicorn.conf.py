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

import gc
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
    fork (``carcwiki.warm``): the page cache's code fingerprint, the scoring engine's tile
    set turned every way, what every search reads and the compiled templates (seconds of
    work: without it, the first answers of every new worker took 2 to 9 s under load). A
    worker that is replaced starts with them instead of making the first requests it takes
    wait. Nothing is required: a step that fails (no database yet) is logged, and each
    worker does it on first use."""
    from django.db import connections

    from carcwiki.warm import warm_process

    try:
        failed = warm_process()
        if failed:
            server.log.warning("Not warmed: %s; the workers do it on first use",
                               ", ".join(failed))
    finally:
        connections.close_all()  # never share a connection with the forked workers
    # What the master built stays out of the collector's sweeps in the workers: a full
    # collection in a fresh worker would otherwise touch every warmed object, copying each
    # page of the master's memory that holds one into the worker (copy on write).
    gc.collect()
    gc.freeze()
