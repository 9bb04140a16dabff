"""Production settings: refuse to start without a secret key and allowed hosts.

Run with gunicorn: ``DJANGO_SETTINGS_MODULE=carcwiki.settings.prod gunicorn carcwiki.wsgi``.
Static files are served by whitenoise after ``manage.py collectstatic``.
"""

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import BASE_DIR, NEVER_CULL, REDIS_URL


def _required(name: str) -> str:
    value = os.environ.get(name, "").strip()
    if not value:
        raise ImproperlyConfigured(f"{name} must be set in the environment for production.")
    return value


SECRET_KEY = _required("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = [h.strip() for h in _required("DJANGO_ALLOWED_HOSTS").split(",") if h.strip()]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]
DEBUG = False
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))

# gunicorn runs several processes: the throttles' counts and the cached API schema must be
# shared by all of them. With REDIS_URL they live in Redis (base.py); without it, on one
# machine, in the database (``createcachetable``), the counters in a table of their own.
if not REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "carcwiki_cache",
        },
        "throttle": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "carcwiki_throttle",
            "OPTIONS": NEVER_CULL,
        },
    }

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = os.environ.get("DJANGO_SECURE_SSL_REDIRECT", "1") == "1"
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
X_FRAME_OPTIONS = "DENY"
