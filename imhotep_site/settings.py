"""Settings for the Imhotep service: one module, everything read from the environment.

Development needs no variables at all (debug on, embedded SQLite). Production sets
DJANGO_DEBUG=0, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS and usually DATABASE_URL; a bad
value stops start-up with a message naming the variable.
"""

import datetime
import os
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from imhotep_site import kernels
from imhotep_site.caches import caches
from imhotep_site.env import env_bool, env_int, env_list, env_names, env_positive_int

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DJANGO_DEBUG", True)
# `make run`: a club served from this machine over plain HTTP with debug off, as production serves
# it otherwise: no TLS-only cookies, redirects or HSTS, and whitenoise serves the static files from
# the apps' folders (collectstatic's compression costs a minute of CPU at every start).
LOCAL_SERVE = env_bool("IMHOTEP_LOCAL_SERVE", False)

# A fixed key is only acceptable for local development; production must bring its own.
_DEV_SECRET_KEY = "dev-only-insecure-key-never-use-in-production"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")
    SECRET_KEY = _DEV_SECRET_KEY
elif SECRET_KEY == _DEV_SECRET_KEY and not DEBUG:
    raise ImproperlyConfigured("DJANGO_SECRET_KEY is the development key; set a real secret")

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
if not DEBUG and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("DJANGO_ALLOWED_HOSTS must list the host names when DJANGO_DEBUG is off")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    # Failed-login tracking and lockout (admin, /account/login, POST /api/v1/auth/token).
    "axes",
    # Template partials ({% partialdef %}); built into Django 6, a package on Django 5.2.
    "template_partials",
    "imhotep_site",
    "games",
    "games.membership",
    "games.analysis",
    "games.events",
    "games.seasons",
    "scoring",
    # Background tasks (game analysis): django-tasks with its database backend, so a worker
    # needs no other server (`manage.py db_worker`; `make run` starts one).
    "django_tasks",
    "django_tasks_db",
]

# IMHOTEP_TASKS=rq queues them in Redis (REDIS_URL) for RQ workers (`manage.py rqworker
# default --job-class django_tasks_rq.backend.Job`), for deployments that outgrow one
# database's queue; immediate runs tasks inside the request instead (no worker; slow pages).
_TASK_BACKENDS = {
    "database": "django_tasks_db.DatabaseBackend",
    "rq": "django_tasks_rq.RQBackend",
    "immediate": "django_tasks.backends.immediate.ImmediateBackend",
}
_tasks = os.environ.get("IMHOTEP_TASKS", "database")
if _tasks not in _TASK_BACKENDS:
    raise ImproperlyConfigured(f"IMHOTEP_TASKS must be one of {', '.join(_TASK_BACKENDS)}; got {_tasks!r}")
TASKS: dict[str, dict[str, object]] = {"default": {"BACKEND": _TASK_BACKENDS[_tasks]}}
# Playouts per position of a game's analysis, and for the best-move hint at one position.
IMHOTEP_ANALYSIS_PLAYOUTS = env_positive_int("IMHOTEP_ANALYSIS_PLAYOUTS", 200)
IMHOTEP_HINT_PLAYOUTS = env_positive_int("IMHOTEP_HINT_PLAYOUTS", 300)
# "What decided this game" (games/analysis/luck.py): playouts per legal move of each decision, and
# for the leading two moves and the one played (issue #41; per position: IMHOTEP_ANALYSIS_PLAYOUTS).
IMHOTEP_LUCK_MOVE_PLAYOUTS = env_positive_int("IMHOTEP_LUCK_MOVE_PLAYOUTS", 12)
IMHOTEP_LUCK_DEEP_PLAYOUTS = env_positive_int("IMHOTEP_LUCK_DEEP_PLAYOUTS", 60)
# Analyses and luck analyses a member may have queued or running at once (games/analysis/quotas.py,
# docs/operations.md "Quotas"; 0: no limit); one more is a 429 with Retry-After of this many seconds.
IMHOTEP_QUEUED_ANALYSES_PER_MEMBER = env_int("IMHOTEP_QUEUED_ANALYSES_PER_MEMBER", 3)
IMHOTEP_QUEUED_LUCK_PER_MEMBER = env_int("IMHOTEP_QUEUED_LUCK_PER_MEMBER", 3)
IMHOTEP_QUEUE_RETRY_AFTER = env_positive_int("IMHOTEP_QUEUE_RETRY_AFTER", 30)
# Hints worked out at once on the whole service, and of those for callers not signed in
# (games/analysis/hints.py); a caller finding none free gets 429 with Retry-After.
IMHOTEP_HINT_CONCURRENCY = env_positive_int("IMHOTEP_HINT_CONCURRENCY", 2)
IMHOTEP_HINT_ANON_CONCURRENCY = env_positive_int("IMHOTEP_HINT_ANON_CONCURRENCY", 1)
# The same for the explorer's and the ratings check's answers not kept yet, per kind
# (games/read_limits.py).
IMHOTEP_READ_CONCURRENCY = env_positive_int("IMHOTEP_READ_CONCURRENCY", 2)
IMHOTEP_READ_ANON_CONCURRENCY = env_positive_int("IMHOTEP_READ_ANON_CONCURRENCY", 1)
# Seconds an analysis or import job stays a dead worker's (games/leases.py): its worker renews the
# lease every quarter of it; once it runs out the work is queued again.
IMHOTEP_TASK_LEASE_SECONDS = env_positive_int("IMHOTEP_TASK_LEASE_SECONDS", 60)

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before anything reads the body (sessions, CSRF): refuses oversized bodies with 413.
    "imhotep_lib.limits.RequestLimitsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After the session and the user: the language a user chose, else the cookie, else
    # Accept-Language (docs/i18n.md). URLs carry no language prefix.
    "imhotep_site.locale.UserLocaleMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as axes requires: turns a locked-out login into its lockout answer (429).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "imhotep_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # Each game's templates live with its web adapter (games/ui/<game>/templates, or an
            # installed plugin's folder): games.ui.loader finds them through the registry.
            "loaders": [
                ("template_partials.loader.Loader", [
                    ("django.template.loaders.cached.Loader", [
                        "django.template.loaders.filesystem.Loader",
                        "django.template.loaders.app_directories.Loader",
                        "games.ui.loader.Loader",
                    ]),
                ]),
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "games.ui.context.calculators",
                "django.contrib.messages.context_processors.messages",
                "games.membership.context.membership",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

WSGI_APPLICATION = "imhotep_site.wsgi.application"

# SQLite (the embedded default) holds a club's concurrent work: WAL lets readers go on beside the
# writer; IMMEDIATE takes the write lock when a transaction begins, so two writers queue (up to
# `timeout` seconds) instead of one failing with "database is locked" when it upgrades a read.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    "timeout": 20,
}


def database(url: str) -> dict[str, Any]:
    """A DATABASES entry for a dj-database-url URL; a SQLite one gets SQLITE_OPTIONS."""
    db: dict[str, Any] = dict(
        dj_database_url.parse(url, conn_max_age=env_int("DJANGO_DB_CONN_MAX_AGE", 60), conn_health_checks=True)
    )
    if db["ENGINE"] == "django.db.backends.sqlite3":
        db["OPTIONS"] = {**SQLITE_OPTIONS, **(db.get("OPTIONS") or {})}
    return db


try:
    DATABASES = {"default": database(os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
except ValueError as exc:
    raise ImproperlyConfigured(f"DATABASE_URL is not a usable database URL: {exc}") from None

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The rulebooks' languages (docs/i18n.md); names as each language writes its own.
LANGUAGES = [
    ("en", "English"),
    ("de", "Deutsch"),
    ("ru", "Русский"),
    ("hu", "Magyar"),
    ("ja", "日本語"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "imhotep_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
# English short dates are ISO (imhotep_site/formats/en/formats.py); the others are Django's.
FORMAT_MODULE_PATH = ["imhotep_site.formats"]
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG and not LOCAL_SERVE
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

WHITENOISE_USE_FINDERS = DEBUG or LOCAL_SERVE

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
LOGIN_URL = "/account/login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# Axes first: it refuses a locked-out username+address before any password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

# One cache for every worker process (imhotep_site/caches.py, docs/operations.md "Caching"): Redis
# at REDIS_URL (redis://host:6379/0) for deployments of several machines, else diskcache's SQLite
# files in IMHOTEP_CACHE_DIR (default var/cache), every alias behind the cache guard.
REDIS_URL = os.environ.get("REDIS_URL", "")
# A benchmark's switch (bench/clubnight.py --uncached, docs/operations.md "Caching"), read once here
# into the two settings the service reads: "tables" keeps the games list and standings (and the
# ratings check) in the "uncached" alias, a dummy cache; "replays": no process keeps a replay.
IMHOTEP_UNCACHED = env_names("IMHOTEP_UNCACHED", {"tables", "replays"})
CACHES = caches(REDIS_URL, os.environ.get("IMHOTEP_CACHE_DIR", str(BASE_DIR / "var" / "cache")))
# numba's compiled kernels (imhotep_site/kernels.py, docs/operations.md "The compiled playouts"):
# NUMBA_CACHE_DIR, default var/numba-cache, set here before any app imports numba, so the server,
# the task workers and `make deploy`'s compile step share one cache.
NUMBA_CACHE_DIR = kernels.cache_dir()
IMHOTEP_TABLES_CACHE = "uncached" if "tables" in IMHOTEP_UNCACHED else "default"
IMHOTEP_KEEP_REPLAYS = "replays" not in IMHOTEP_UNCACHED  # games/ui/timeline.py

# Background tasks in Redis (IMHOTEP_TASKS=rq, above): RQ's queues live at REDIS_URL.
if _tasks == "rq":
    if not REDIS_URL:
        raise ImproperlyConfigured("IMHOTEP_TASKS=rq needs REDIS_URL (redis://host:6379/0)")
    INSTALLED_APPS.append("django_rq")
    TASKS["default"]["QUEUES"] = ["default"]
    RQ_QUEUES = {"default": {"URL": REDIS_URL}}

# Mail: invitations and password resets. Without EMAIL_HOST mails are printed on the console
# (development); with it they go out by SMTP.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = env_positive_int("EMAIL_PORT", 587)
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "imhotep@localhost")
# How long an invitation link works; a password-reset link works for PASSWORD_RESET_TIMEOUT.
IMHOTEP_INVITE_DAYS = env_positive_int("IMHOTEP_INVITE_DAYS", 7)
PASSWORD_RESET_TIMEOUT = env_positive_int("IMHOTEP_PASSWORD_RESET_SECONDS", 3 * 24 * 3600)

# Standings and player pages: rated games before a player is ranked (fewer: listed apart), and
# games against an opponent before they can be someone's nemesis or favourite opponent.
IMHOTEP_MIN_RANKED_GAMES = env_positive_int("IMHOTEP_MIN_RANKED_GAMES", 5)
IMHOTEP_MIN_OPPONENT_GAMES = env_positive_int("IMHOTEP_MIN_OPPONENT_GAMES", 3)

# Request limits (docs/security.md). Bodies: JSON endpoints and form posts, and the bulk import
# page's upload; counts: records per bulk import, moves per record (far above any real game).
IMHOTEP_MAX_JSON_BYTES = env_positive_int("IMHOTEP_MAX_JSON_BYTES", 1024 * 1024)
IMHOTEP_MAX_IMPORT_BYTES = env_positive_int("IMHOTEP_MAX_IMPORT_BYTES", 20 * 1024 * 1024)
IMHOTEP_MAX_IMPORT_RECORDS = env_positive_int("IMHOTEP_MAX_IMPORT_RECORDS", 1000)
IMHOTEP_MAX_MOVES = env_positive_int("IMHOTEP_MAX_MOVES", 2000)
# Games per request of a whole-history download (export.ndjson, results.csv); ?page=2… for more.
IMHOTEP_EXPORT_PAGE_GAMES = env_positive_int("IMHOTEP_EXPORT_PAGE_GAMES", 1000)
# Django's own cap on non-file form data, kept equal so both answer the same limit.
DATA_UPLOAD_MAX_MEMORY_SIZE = IMHOTEP_MAX_JSON_BYTES

# Proxies in front of the service that append to X-Forwarded-For (0: none, the address is the
# peer's). Throttles and login lockout identify callers by it; trusting X-Forwarded-For without
# a proxy would let any caller pick a fresh address per request.
IMHOTEP_NUM_PROXIES = env_int("IMHOTEP_NUM_PROXIES", 0)

# Login throttling (django-axes): after this many failures a username is locked out from the
# address that failed, for the cool-off time; a success resets the count. An address that failed
# IMHOTEP_LOGIN_ADDRESS_FAILURE_LIMIT times, whatever the usernames, is locked out for every
# username (imhotep_site/lockout.py gives the address its own, higher limit).
AXES_FAILURE_LIMIT = env_positive_int("IMHOTEP_LOGIN_FAILURE_LIMIT", 5)
IMHOTEP_LOGIN_ADDRESS_FAILURE_LIMIT = env_positive_int("IMHOTEP_LOGIN_ADDRESS_FAILURE_LIMIT", 20)
AXES_COOLOFF_TIME = datetime.timedelta(minutes=env_positive_int("IMHOTEP_LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_HANDLER = "imhotep_site.lockout.UserAndAddressHandler"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False  # no start-up banner on every manage.py command
AXES_CLIENT_IP_CALLABLE = "imhotep_lib.limits.client_address"
AXES_LOCKOUT_CALLABLE = "imhotep_site.tokens.lockout_response"

# Production hardening: on whenever debug is off (but for `make run`'s plain HTTP), each switch
# overridable for setups behind a TLS-terminating proxy.
if not DEBUG and not LOCAL_SERVE:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Plugins (entry-point group "imhotep"): load installed ones unless switched off; an allow
# list, when set, loads only the plugins it names; a block list never loads them.
IMHOTEP_PLUGINS_LOAD = env_bool("IMHOTEP_PLUGINS_LOAD", True)
IMHOTEP_PLUGINS_ALLOW = env_list("IMHOTEP_PLUGINS_ALLOW", []) or None
IMHOTEP_PLUGINS_BLOCK = env_list("IMHOTEP_PLUGINS_BLOCK", [])

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Token first: a refused caller gets 401 with "WWW-Authenticate: Token", as the schema says
    # (DRF answers 403 when the first authenticator, session auth, has no challenge to send).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["games.membership.access.IsMemberOrReadOnly"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    # DRF's JSON parser, also refusing too-deep nesting and lone surrogates with a 400 (not a 500).
    "DEFAULT_PARSER_CLASSES": ["scoring.parsers.StrictJSONParser"],
    "DEFAULT_THROTTLE_RATES": {
        # The stateless scoring endpoints; raise or lower per deployment.
        "anon": os.environ.get("IMHOTEP_THROTTLE_ANON", "120/min"),
        "user": os.environ.get("IMHOTEP_THROTTLE_USER", "600/min"),
        # POST /api/v1/auth/token (password in, token out), per address.
        "auth": os.environ.get("IMHOTEP_THROTTLE_AUTH", "10/min"),
        # Downloads (/games/export.ndjson, /games/results.csv, one game's files), per address
        # for callers not signed in, per user otherwise (games/export_limits.py).
        "export_anon": os.environ.get("IMHOTEP_THROTTLE_EXPORT_ANON", "10/min"),
        "export_user": os.environ.get("IMHOTEP_THROTTLE_EXPORT_USER", "60/min"),
        # The explorer and the ratings check (pages and API), per address, for callers not
        # signed in (games/read_limits.py).
        "explorer_anon": os.environ.get("IMHOTEP_THROTTLE_EXPLORER_ANON", "60/min"),
        "ratings_check_anon": os.environ.get("IMHOTEP_THROTTLE_RATINGS_CHECK_ANON", "60/min"),
    },
    "NUM_PROXIES": IMHOTEP_NUM_PROXIES,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Imhotep score & game-record API",
    "DESCRIPTION": "Scoring and game records for Imhotep: The Duel and Imhotep: Builder of Egypt.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI served from our own static files (no CDN).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # One name for the ratings check's better/worse/unclear, used by three fields.
    "ENUM_NAME_OVERRIDES": {"PredictionVerdictEnum": "games.api.serializers.VERDICTS"},
    # The default enum hook, then 401/403/413/429 documented on every operation they apply to.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        # Every registered game's boards, records and scores, after the enum hook (their enums stay inline).
        "imhotep_site.openapi_games.document_games",
        "imhotep_site.openapi.document_refusals",
    ],
}

_LOG_LEVEL = os.environ.get("DJANGO_LOG_LEVEL", "INFO")
# One console handler, on the root logger; Django's default configuration gives the `django` logger
# its own, which printed every line of it twice.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": _LOG_LEVEL},
    "loggers": {"django": {"handlers": [], "level": _LOG_LEVEL, "propagate": True}},
}
