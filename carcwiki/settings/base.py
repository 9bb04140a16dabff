"""Settings shared by every environment.

Everything that differs between machines comes from the environment: ``DATABASE_URL``
selects PostgreSQL (SQLite otherwise), ``REDIS_URL`` a Redis cache (an in-process one
otherwise), ``DJANGO_TRUSTED_PROXIES`` how many proxies stand in front of the app,
``DJANGO_SECRET_KEY`` and ``DJANGO_ALLOWED_HOSTS`` are required in production (see
``prod.py``).
"""

import os
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import dj_database_url
from csp.constants import NONCE, NONE, SELF

from carcwiki.api.board_format import page_text as board_format_page

BASE_DIR = Path(__file__).resolve().parent.parent.parent
FIXTURES_DIR = BASE_DIR / "fixtures"

# prod.py insists on a real key; this one only serves development and tests.
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "insecure-development-key-not-for-production")
DEBUG = False
ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if h]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "corsheaders",
    "carcwiki.catalogue",
    "carcwiki.rules",
    "carcwiki.api",
    "scoring",
    "carcwiki.builder",
    "carcwiki.pad",
]

MIDDLEWARE = [
    # A repeated request for a kept page without a session, answered with a copy of the
    # whole finished answer before anything else runs (carcwiki.page_cache).
    "carcwiki.page_cache.EarlyAnswerMiddleware",
    # First, as django-cors-headers asks: it answers preflight requests itself and adds
    # its headers to every answer, errors included (CORS_URLS_REGEX says which).
    "corsheaders.middleware.CorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # gzip for clients that accept it, the admin excepted (carcwiki.compression: BREACH).
    "carcwiki.compression.CompressionMiddleware",
    # Answers 304 to If-None-Match / If-Modified-Since for every answer with an ETag or
    # Last-Modified, and gives an ETag to those without (carcwiki.page_cache sets its own).
    "django.middleware.http.ConditionalGetMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "carcwiki.rules.middleware.SelectionMiddleware",
    # Django's, with a 308 (method and body kept) for a POST missing its trailing slash.
    "carcwiki.slashes.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "carcwiki.headers.PermissionsPolicyMiddleware",
    "carcwiki.request_limits.UrlLengthLimitMiddleware",
    "carcwiki.request_limits.ChunkedBodyMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its answer.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    # First, so that a locked-out client is refused before its password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "carcwiki.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "carcwiki.rules.context_processors.selection",
            ],
        },
    },
]

WSGI_APPLICATION = "carcwiki.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Write-ahead logging lets readers go on while one process writes (the database
    # cache's counters, saved boards), and a write takes the lock at once rather than
    # failing halfway; NORMAL sync is safe with WAL (only the last commits of a power cut
    # can be lost, never the file).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        transaction_mode="IMMEDIATE",
        timeout=20,
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    # js/builder.bundle.js: the board builder's modules as one file, built on demand.
    "carcwiki.builder.bundle_finder.BuilderBundleFinder",
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Request size limits: a board is at most 1 MiB (see shared/spec/board-format.md).
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000

# Who the client is: X-Forwarded-For is believed only as far as this many proxies of our
# own append to it (see carcwiki.client_identity); none unless the deployment says so.
TRUSTED_PROXIES = int(os.environ.get("DJANGO_TRUSTED_PROXIES", "0") or 0)

# Caches. "default" holds pages, the API schema and sessions; "throttle" holds only the
# per-client request counters (carcwiki.throttling), so that nothing filling the page
# cache can evict them, and it never culls. With REDIS_URL every process and machine
# shares one Redis (Django's RedisCache, reusing its client: carcwiki.cache); without it
# (development, tests) each process has its own memory.
REDIS_URL = os.environ.get("REDIS_URL", "").strip()


def _next_database(url: str) -> str:
    """``url`` with the Redis database number after its own (``/0`` -> ``/1``), so that
    clearing the page cache (FLUSHDB) never touches the throttle counts."""
    parts = urlsplit(url)
    number = parts.path.strip("/")
    following = int(number) + 1 if number.isascii() and number.isdigit() else 1
    return urlunsplit(parts._replace(path=f"/{following}"))


REDIS_THROTTLE_URL = os.environ.get("REDIS_THROTTLE_URL", "").strip() or (
    _next_database(REDIS_URL) if REDIS_URL else ""
)
NEVER_CULL = {"MAX_ENTRIES": 10**9}
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "carcwiki.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "carcwiki",
        },
        "throttle": {
            "BACKEND": "carcwiki.cache.RedisCache",
            "LOCATION": REDIS_THROTTLE_URL,
            "KEY_PREFIX": "carcwiki-throttle",
        },
    }
    # Sessions read from Redis and survive its restart in the database.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                    "LOCATION": "carcwiki-default"},
        "throttle": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                     "LOCATION": "carcwiki-throttle", "OPTIONS": NEVER_CULL},
    }

# Saved boards older than this are deleted by `manage.py prune_boards` (run it daily).
BOARD_RETENTION_DAYS = int(os.environ.get("BOARD_RETENTION_DAYS", "90") or 90)
# Score-pad games untouched for this long are deleted by `manage.py prune_pad_games` (daily):
# unfinished ones (no final scoring) after a month, finished ones after a year.
PAD_UNFINISHED_RETENTION_DAYS = int(os.environ.get("PAD_UNFINISHED_RETENTION_DAYS", "30") or 30)
PAD_FINISHED_RETENTION_DAYS = int(os.environ.get("PAD_FINISHED_RETENTION_DAYS", "365") or 365)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["carcwiki.api.filters.StrictFilterBackend"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "EXCEPTION_HANDLER": "carcwiki.api.errors.exception_handler",
    "NUM_PROXIES": TRUSTED_PROXIES,
    # A rate per view's throttle_scope (the scoring endpoints: "score"); views without a
    # scope are not limited by it.
    "DEFAULT_THROTTLE_CLASSES": ["carcwiki.throttling.ScopedSlidingWindowThrottle"],
    "DEFAULT_THROTTLE_RATES": {"score": "120/min", "anon": "600/min", "save_board": "30/hour",
                               # The score pad (carcwiki.pad.throttling): new games as saved
                               # boards; entries and their changes.
                               "pad_game": "30/hour", "pad_write": "240/min"},
}

SPECTACULAR_SETTINGS = {
    "TITLE": "carcwiki API",
    # Shown at the top of /api/docs/: what the API holds, then the board format in full.
    "DESCRIPTION": (
        "Read-only data about Carcassonne editions, expansions, tiles and rules, and the "
        "final-scoring calculator. Answers may be requested from any site (CORS) and are "
        "compressed and revalidated with ETags.\n\n"
        + board_format_page()
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Error answers (400/404/405/414/429) in the one "errors" shape, on every operation.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "carcwiki.api.schema.add_error_answers",
        "carcwiki.api.schema.exact_tile_filters",
    ],
    # One enum per concept, whatever field name it appears under.
    "ENUM_NAME_OVERRIDES": {
        "PlayerColorEnum": "scoring.serializers.COLORS",
        "FeatureKindEnum": "scoring.serializers.FEATURE_KINDS",
        "FigureKindEnum": "scoring.serializers.FIGURE_KINDS",
        "ExpansionCodeEnum": "scoring.serializers.EXPANSION_CODES",
        "ScoreErrorCodeEnum": "scoring.serializers.ERROR_CODES",
        "LocationEnum": "scoring.serializers.LOCATIONS",
        "ExpansionCategoryEnum": "carcwiki.catalogue.models.Expansion.Category",
        "RulesPageCategoryEnum": "carcwiki.rules.models.RulesPage.Category",
        "NoteKindEnum": "carcwiki.rules.models.Note.Kind",
    },
}

# Cross-origin requests (django-cors-headers): a web app on any site may read the public
# API and score or check a board from the browser, without cookies (no credentials), so it
# can only do what any client of the API can, throttled per client address as usual. The
# API's documentation page, the save endpoint (/board/save/), the admin and every page stay
# same-origin: no CORS header is ever sent outside this pattern.
CORS_ALLOW_ALL_ORIGINS = True
CORS_URLS_REGEX = r"^/api/(?!docs/)"
CORS_ALLOW_METHODS = ("GET", "HEAD", "OPTIONS", "POST")
CORS_ALLOW_CREDENTIALS = False
CORS_EXPOSE_HEADERS = ("Retry-After", "ETag", "Last-Modified")
CORS_PREFLIGHT_MAX_AGE = 24 * 60 * 60

# Content-Security-Policy (django-csp): only this site's own files run or style a page;
# the few inline blocks (the API docs page's style) carry the request's nonce.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
# Powerful browser features the site never uses, refused to every frame.
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=()"
)

# Failed admin logins (django-axes): five wrong passwords lock that client out for an
# hour, the client being the same address the throttles use.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 1  # hours
AXES_CLIENT_IP_CALLABLE = "carcwiki.client_identity.client_address"
AXES_LOCKOUT_PARAMETERS = ["ip_address"]
AXES_RESET_ON_SUCCESS = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
