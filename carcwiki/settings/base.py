"""Settings shared by every environment.

Everything that differs between machines comes from the environment: ``DATABASE_URL``
selects PostgreSQL (SQLite otherwise), ``DJANGO_SECRET_KEY`` and ``DJANGO_ALLOWED_HOSTS``
are required in production (see ``prod.py``).
"""

import os
from pathlib import Path

import dj_database_url

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
    "carcwiki.catalogue",
    "carcwiki.rules",
    "carcwiki.api",
    "scoring",
    "scoring.builder",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "carcwiki.rules.middleware.SelectionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
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
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Request size limits: a board is at most 1 MiB (see shared/spec/board-format.md).
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "EXCEPTION_HANDLER": "carcwiki.api.errors.exception_handler",
    "DEFAULT_THROTTLE_RATES": {"score": "120/min", "anon": "600/min", "save_board": "30/hour"},
}

SPECTACULAR_SETTINGS = {
    "TITLE": "carcwiki API",
    "DESCRIPTION": (
        "Read-only data about Carcassonne editions, expansions, tiles and rules, and the "
        "final-scoring calculator. Tile locations and the board format are described in the "
        "project's specification."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # One enum per concept, whatever field name it appears under.
    "ENUM_NAME_OVERRIDES": {
        "PlayerColorEnum": "scoring.serializers.COLORS",
        "FeatureKindEnum": "scoring.serializers.FEATURE_KINDS",
        "FigureKindEnum": "scoring.serializers.FIGURE_KINDS",
        "ScoreErrorCodeEnum": "scoring.serializers.ERROR_CODES",
        "LocationEnum": "scoring.serializers.LOCATIONS",
        "ExpansionCategoryEnum": "carcwiki.catalogue.models.Expansion.Category",
        "RulesPageCategoryEnum": "carcwiki.rules.models.RulesPage.Category",
        "NoteKindEnum": "carcwiki.rules.models.Note.Kind",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
