# The commands of the README: `make run`, `make test`, `make serve`. All set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1:8000

.PHONY: run test venv lint typecheck serve serve-env bench load loadtest clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Re-install only when the requirements change.
$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

# Development tools (requirements-dev.txt: the load profile's locust) for make test and make loadtest.
$(VENV)/.installed-dev: requirements-dev.txt $(VENV)/.installed
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

# The interface's translations (locale/<lang>/LC_MESSAGES/django.po, docs/i18n.md), compiled
# to .mo files whenever a catalogue changes. Needs GNU gettext's msgfmt (Debian: gettext).
LOCALE_PO := $(wildcard locale/*/LC_MESSAGES/django.po)
LOCALE_MO := $(LOCALE_PO:.po=.mo)
$(LOCALE_MO): %.mo: %.po | $(VENV)/.installed
	@command -v msgfmt >/dev/null || { echo "msgfmt not found: install GNU gettext (apt-get install gettext)" >&2; exit 2; }
	$(BIN)/python manage.py compilemessages --verbosity 0 --ignore ".venv*" --ignore examples --locale $(word 2,$(subst /, ,$@))

venv: $(VENV)/.installed $(LOCALE_MO)

# The suite runs in .venv-test: .venv's packages (a .pth file, nothing installed twice) plus
# the example plugin (examples/imhotep-house-rules), so the tests can show a third-party
# plugin end to end while the service that `make run` serves never has it.
EXAMPLE_PLUGIN := examples/imhotep-house-rules
TEST_VENV := .venv-test
$(TEST_VENV)/.installed: $(VENV)/.installed $(VENV)/.installed-dev $(wildcard $(EXAMPLE_PLUGIN)/pyproject.toml $(EXAMPLE_PLUGIN)/*/*.py $(EXAMPLE_PLUGIN)/*/templates/*/*/*.html)
	rm -rf $(TEST_VENV)
	$(PYTHON) -m venv --without-pip $(TEST_VENV)
	$(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])' \
	  > "$$($(TEST_VENV)/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/service-venv.pth"
	$(TEST_VENV)/bin/python -m pip install --quiet --disable-pip-version-check --no-deps ./$(EXAMPLE_PLUGIN)
	touch $@

run: venv
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	$(BIN)/python manage.py demo_admin
	@# A background-task worker (game analysis) beside the server; Ctrl-C stops both.
	$(BIN)/python manage.py db_worker --no-reload --interval 2 --verbosity 0 & \
	  $(BIN)/python manage.py runserver $(HOST); kill $$! 2>/dev/null || true

# Production: gunicorn + whitenoise, DJANGO_DEBUG=0, PostgreSQL (docs/operations.md).
# Needs DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS and DATABASE_URL=postgres://…; WORKERS, BIND
# and GUNICORN_ARGS override the defaults. Checks, migrates and collects static files first.
WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) * 2 + 1 )))
BIND ?= 127.0.0.1:8000
GUNICORN_ARGS ?=
serve: export DJANGO_DEBUG := 0
serve: serve-env venv
	$(BIN)/python manage.py check --deploy
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	exec $(BIN)/gunicorn imhotep_site.wsgi --bind $(BIND) --workers $(WORKERS) \
	  --access-logfile - --graceful-timeout 20 --max-requests 2000 --max-requests-jitter 200 $(GUNICORN_ARGS)

# Refuse before touching anything: production data lives in PostgreSQL, never in a SQLite
# file inside the checkout.
serve-env:
	@case "$$DATABASE_URL" in \
	  postgres://*|postgresql://*|pgsql://*) ;; \
	  "") echo "make serve: DATABASE_URL is not set; production runs on PostgreSQL," \
	         "e.g. DATABASE_URL=postgres://imhotep:SECRET@db.example.org:5432/imhotep" >&2; exit 2;; \
	  *) echo "make serve: DATABASE_URL must be a PostgreSQL URL (postgres://…), not '$${DATABASE_URL%%:*}:…';" \
	        "SQLite is for development (make run)" >&2; exit 2;; \
	esac
	@test -n "$$DJANGO_SECRET_KEY" || { echo "make serve: set DJANGO_SECRET_KEY (a long random string)" >&2; exit 2; }
	@test -n "$$DJANGO_ALLOWED_HOSTS" || { echo "make serve: set DJANGO_ALLOWED_HOSTS (the site's host names)" >&2; exit 2; }

test: $(TEST_VENV)/.installed $(LOCALE_MO)
	$(TEST_VENV)/bin/python -m pytest $(PYTEST_ARGS)

lint: venv typecheck
	$(BIN)/ruff check .
	$(BIN)/lint-imports

# The engines with mypy's strict flags (pyproject.toml), the apps with django-stubs and drf-stubs;
# new errors only (mypy-baseline.txt holds the old ones and only shrinks: after fixing some,
# `$(BIN)/mypy | $(BIN)/mypy-baseline sync`).
typecheck: venv
	$(BIN)/mypy | $(BIN)/mypy-baseline filter

bench: venv
	$(BIN)/python bench/duel_engine.py
	$(BIN)/python bench/classic_engine.py
	$(BIN)/python bench/classic_scoring.py
	$(BIN)/python bench/languages.py
	$(BIN)/python bench/api_costs.py

# Cost probe on loopback (bench/load.sh): LOAD_SECONDS per endpoint, 32 connections.
LOAD_SECONDS ?= 10
load: venv
	bash bench/load.sh $(LOAD_SECONDS)

# The club-night load profile (bench/clubnight.py, docs/operations.md): what `make run` serves,
# or with CLUSTER=1 the loopback cluster (PostgreSQL, Redis, two instances, HAProxy); tables are
# stepped up until a live move's p95 passes 150 ms or a request fails. LOADTEST_ARGS: e.g.
# "--steps 10,20,30 --seconds 90".
LOADTEST_ARGS ?=
loadtest: venv $(VENV)/.installed-dev
	$(BIN)/python bench/clubnight.py $(if $(CLUSTER),--cluster) $(LOADTEST_ARGS)

clean:
	rm -rf $(VENV) $(TEST_VENV) staticfiles .pytest_cache
