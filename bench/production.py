"""The production recipe on loopback, for the benches: gunicorn with
deploy/gunicorn.conf.py and the production settings on a throwaway database, optionally
behind Debian's nginx configured as the README's deployment section says, started once
they answer and stopped at the end (``served``)."""

from __future__ import annotations

import http.client
import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


NGINX_CONF = """\
worker_processes 1;
user root;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {folder}/nginx-body;
    proxy_temp_path {folder}/nginx-proxy;
    fastcgi_temp_path {folder}/nginx-fastcgi;
    uwsgi_temp_path {folder}/nginx-uwsgi;
    scgi_temp_path {folder}/nginx-scgi;
    client_max_body_size 1m;
    client_header_timeout 10s;
    client_body_timeout 10s;
    # As the README's deployment section: answers the app sends plain are compressed here.
    gzip on;
    gzip_proxied any;
    gzip_vary on;
    gzip_min_length 200;
    gzip_types text/css application/javascript application/json application/vnd.oai.openapi
               image/svg+xml text/plain;
    upstream carcwiki {{ server {app}; keepalive 32; }}
    server {{
        listen {listen};
        location / {{
            proxy_pass http://carcwiki;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
        }}
    }}
}}
"""


def wait_for(server: subprocess.Popen, port: int, *, seconds: float, name: str):
    """``server`` once it answers ``GET /rules/`` on ``port``; killed after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=2)
            connection.request("GET", "/rules/")
            if connection.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise RuntimeError(f"{name} did not answer within {seconds:g} s")


def start_nginx(folder: Path, port: int, app_port: int) -> subprocess.Popen:
    conf = folder / "nginx.conf"
    conf.write_text(NGINX_CONF.format(folder=folder, app=f"{HOST}:{app_port}",
                                      listen=f"{HOST}:{port}"))
    server = subprocess.Popen(["nginx", "-p", str(folder), "-c", str(conf),
                               "-g", "daemon off;"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    return wait_for(server, port, seconds=20, name="nginx")


def production_environment(folder: Path, port: int) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "carcwiki.settings.prod",
        "DJANGO_SECRET_KEY": secrets.token_hex(32),
        "DJANGO_ALLOWED_HOSTS": HOST,
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_HSTS_SECONDS": "0",
        "DJANGO_STATIC_ROOT": str(folder / "static"),
        "DJANGO_TRUSTED_PROXIES": "1",
        "DATABASE_URL": os.environ.get("DATABASE_URL")
        or f"sqlite:///{folder / 'bench.sqlite3'}",
        "GUNICORN_BIND": f"{HOST}:{port}",
        "GUNICORN_ACCESS_LOG": "",
    }


def serve(folder: Path, port: int, workers: int | None, proxies: int) -> subprocess.Popen:
    """gunicorn with the checked-in configuration, once it answers."""
    env = production_environment(folder, port)
    env["DJANGO_TRUSTED_PROXIES"] = str(proxies)
    if workers:
        env["GUNICORN_WORKERS"] = str(workers)
    for command in (["migrate", "--noinput", "-v0"], ["createcachetable"], ["load_catalogue"],
                    ["collectstatic", "--noinput", "-v0"]):
        subprocess.run([PYTHON, "manage.py", *command], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)
    server = subprocess.Popen(
        [str(Path(PYTHON).with_name("gunicorn")), "-c", "deploy/gunicorn.conf.py",
         "carcwiki.wsgi"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=open(folder / "gunicorn.log", "w"),
    )
    return wait_for(server, port, seconds=60, name="gunicorn")


def stop(process: subprocess.Popen, seconds: float = 30) -> None:
    """Ask ``process`` to end, and kill it if it has not within ``seconds``."""
    process.terminate()
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@dataclass(frozen=True)
class Served:
    """Where the clients talk (``port``: nginx's when it is in front) and gunicorn's own
    port."""

    port: int
    app_port: int
    nginx: bool


@contextmanager
def served(folder: Path, workers: int | None, nginx: bool) -> Iterator[Served]:
    """gunicorn on a free port (nginx in front when ``nginx``), stopped when the block
    ends, nginx first. Behind nginx, the clients' own ``X-Forwarded-For`` stands for a
    proxy's and nginx appends one more entry, so gunicorn trusts two."""
    app_port = free_port()
    server = serve(folder, app_port, workers, 2 if nginx else 1)
    proxy = None
    try:
        port = app_port
        if nginx:
            port = free_port()
            proxy = start_nginx(folder, port, app_port)
        yield Served(port=port, app_port=app_port, nginx=nginx)
    finally:
        if proxy is not None:
            stop(proxy)
        stop(server)
