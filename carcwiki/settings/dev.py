"""Development settings (``make run``): local hosts only, and errors shown the way a
visitor sees them, in the site's own layout.

Django's debug pages (tracebacks, the list of URL patterns on a 404) appear only when a
developer asks for them: ``CARCWIKI_DEBUG=1 make run``.
"""

import os

from .base import *  # noqa: F403

DEBUG = os.environ.get("CARCWIKI_DEBUG", "").strip().lower() in {"1", "true", "yes", "on"}
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
INTERNAL_IPS = ["127.0.0.1"]
# Static files come straight from the source folders (no collectstatic), with or without
# DEBUG: whitenoise looks them up through the finders and sees edits at once.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
