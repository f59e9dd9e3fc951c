# The commands of the README: `make run`, `make test`; production: `make deploy` once per install or
# upgrade, then `make serve` (docs/operations.md). All set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Where `make run` and `make dev` listen: `make run PORT=8080`, or `make run HOST=0.0.0.0:8080`
# for the other machines of the club's network (list its names in DJANGO_ALLOWED_HOSTS).
PORT ?= 8000
HOST ?= 127.0.0.1:$(PORT)

.PHONY: run dev test venv venv-dev kernels lint typecheck deploy serve serve-env bench kernel-branches load loadtest clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# $(call install,ARGS…): uv (seconds where pip takes minutes), from PATH or installed into .venv
# by pip; pip itself whenever uv cannot be had or fails.
UV_VERSION := 0.13.8
export UV_LINK_MODE ?= copy
define install
	@echo "Installing $(1) into $(VENV) …"
	@uv=$$(command -v uv || echo $(BIN)/uv); \
	{ [ -x "$$uv" ] || $(BIN)/python -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION); } \
	  && "$$uv" pip install --quiet --python $(BIN)/python $(1) \
	  || { echo "uv failed; installing with pip" >&2; $(BIN)/python -m pip install --quiet --disable-pip-version-check $(1); }
endef

# What the service needs to serve (requirements.txt); re-installed only when it changes.
$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(call install,-r requirements.txt)
	@touch $@

# Tests, types and lint (requirements-dev.txt): only `make test`, `make lint`, `make typecheck`.
$(VENV)/.installed-dev: requirements-dev.txt $(VENV)/.installed
	$(call install,-r requirements-dev.txt)
	@touch $@

# The interface's translations (locale/<lang>/LC_MESSAGES/django.po, docs/i18n.md), compiled
# to .mo files whenever a catalogue changes. Needs GNU gettext's msgfmt (Debian: gettext).
LOCALE_PO := $(wildcard locale/*/LC_MESSAGES/django.po)
LOCALE_MO := $(LOCALE_PO:.po=.mo)
# msgfmt as `manage.py compilemessages` calls it, without starting Django once per language.
$(LOCALE_MO): %.mo: %.po
	@command -v msgfmt >/dev/null || { echo "msgfmt not found: install GNU gettext (apt-get install gettext)" >&2; exit 2; }
	msgfmt --check-format -o $@ $<

venv: $(VENV)/.installed $(LOCALE_MO)
venv-dev: venv $(VENV)/.installed-dev

# The compiled kernels (numba) in their cache, NUMBA_CACHE_DIR (var/numba-cache unless set;
# imhotep_site/kernels.py is the one place that says so): compiled when the cache does not hold
# this install's (about 40 CPU s), else nothing, so that no start and no request compiles them.
kernels: venv
	$(BIN)/python -m imhotep_site.kernels

# The suite runs in .venv-test: .venv's packages (a .pth file, nothing installed twice) plus
# the example plugin (examples/imhotep-house-rules), so the tests can show a third-party
# plugin end to end while the service that `make run` serves never has it.
EXAMPLE_PLUGIN := examples/imhotep-house-rules
TEST_VENV := .venv-test
$(TEST_VENV)/.installed: $(VENV)/.installed-dev $(wildcard $(EXAMPLE_PLUGIN)/pyproject.toml $(EXAMPLE_PLUGIN)/*/*.py $(EXAMPLE_PLUGIN)/*/templates/*/*/*.html)
	rm -rf $(TEST_VENV)
	$(PYTHON) -m venv --without-pip $(TEST_VENV)
	$(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])' \
	  > "$$($(TEST_VENV)/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/service-venv.pth"
	$(TEST_VENV)/bin/python -m pip install --quiet --disable-pip-version-check --no-deps ./$(EXAMPLE_PLUGIN)
	@touch $@

# `make run` serves a club as production does (debug pages off, the styled error pages, static
# files from whitenoise), over plain HTTP on this machine: IMHOTEP_LOCAL_SERVE (settings.py) leaves
# out what needs TLS and serves static files without collectstatic. Its secret key is made once
# per checkout (var/secret_key). `make dev` (or DJANGO_DEBUG=1) is the same with Django's debug
# pages and the auto-reloader, for developers.
SECRET_FILE := var/secret_key
$(SECRET_FILE):
	@mkdir -p $(@D)
	@$(PYTHON) -c 'import secrets; print(secrets.token_urlsafe(50))' > $@
	@chmod 600 $@

run: SERVE_ENV = DJANGO_DEBUG="$${DJANGO_DEBUG:-0}" IMHOTEP_LOCAL_SERVE=1 \
  DJANGO_ALLOWED_HOSTS="$${DJANGO_ALLOWED_HOSTS:-127.0.0.1,localhost,[::1],$(firstword $(subst :, ,$(HOST)))}"
run: RUNSERVER_ARGS = --noreload
dev: SERVE_ENV = DJANGO_DEBUG=1
# The compiled kernels are compiled into numba's cache (`make kernels`) beside the server (about
# 40 CPU s on a new checkout, nothing once cached), so that the first replay or hint does not
# wait for them; the server, the worker and this step share var/numba-cache (settings.py).
# Demo data and the demo admin (development tools, refused with debug off) are made while the
# server starts, and the admin's sign-in line is printed once the server answers, below its banner;
# a background-task worker (game analysis) runs beside the server. Ctrl-C stops them all.
run dev: venv $(SECRET_FILE)
	@mkdir -p staticfiles  # whitenoise warns when STATIC_ROOT is missing, even serving from finders
	@export $(SERVE_ENV) DJANGO_SECRET_KEY="$${DJANGO_SECRET_KEY:-$$(cat $(SECRET_FILE))}"; \
	$(BIN)/python manage.py migrate --noinput || exit $$?; \
	{ DJANGO_DEBUG=1 $(BIN)/python manage.py load_demo \
	  && signin="$$(DJANGO_DEBUG=1 $(BIN)/python manage.py demo_admin --no-color)" && echo "$$signin" \
	  && $(BIN)/python deploy/wait_up.py http://$(HOST)/healthz 120 \
	  && printf '\n%s\nServing http://%s/ (Ctrl-C stops)\n\n' "$$signin" "$(HOST)"; } & demo=$$!; \
	$(BIN)/python manage.py db_worker --no-reload --interval 2 --verbosity 0 & worker=$$!; \
	nice $(BIN)/python -m imhotep_site.kernels >/dev/null 2>&1 & warm=$$!; \
	trap 'kill $$demo $$worker $$warm 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py runserver $(RUNSERVER_ARGS) $(HOST)

# Production: gunicorn + whitenoise, DJANGO_DEBUG=0, PostgreSQL (docs/operations.md). Both need
# DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS and DATABASE_URL=postgres://….
# `make deploy`: the one-time steps of an install or upgrade, run once (from one machine) before
# the (re)start: checks, migrates, collects static files and compiles the kernels into numba's cache.
deploy: export DJANGO_DEBUG := 0
deploy: serve-env venv
	$(BIN)/python manage.py check --deploy
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/python -m imhotep_site.kernels

# `make serve` only starts gunicorn: its master loads the app, refuses to start (exit status 3,
# naming what is missing) where `make deploy` was not run, loads the kernels from the cache and
# warms the app before it listens and forks the workers (deploy/gunicorn.conf.py), so a restart
# answers in seconds. WORKERS, BIND and GUNICORN_ARGS override the defaults.
WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) * 2 + 1 )))
BIND ?= 127.0.0.1:8000
GUNICORN_ARGS ?=
serve: export DJANGO_DEBUG := 0
serve: serve-env venv
	exec $(BIN)/gunicorn imhotep_site.wsgi --bind $(BIND) --workers $(WORKERS) --config deploy/gunicorn.conf.py \
	  --access-logfile - --graceful-timeout 20 --max-requests 2000 --max-requests-jitter 200 $(GUNICORN_ARGS)

# Refuse before touching anything: production data lives in PostgreSQL, never in a SQLite
# file inside the checkout.
serve-env:
	@case "$$DATABASE_URL" in \
	  postgres://*|postgresql://*|pgsql://*) ;; \
	  "") echo "make $(firstword $(MAKECMDGOALS)): DATABASE_URL is not set; production runs on PostgreSQL," \
	         "e.g. DATABASE_URL=postgres://imhotep:SECRET@db.example.org:5432/imhotep" >&2; exit 2;; \
	  *) echo "make $(firstword $(MAKECMDGOALS)): DATABASE_URL must be a PostgreSQL URL (postgres://…), not '$${DATABASE_URL%%:*}:…';" \
	        "SQLite is for development (make run)" >&2; exit 2;; \
	esac
	@test -n "$$DJANGO_SECRET_KEY" || { echo "make $(firstword $(MAKECMDGOALS)): set DJANGO_SECRET_KEY (a long random string)" >&2; exit 2; }
	@test -n "$$DJANGO_ALLOWED_HOSTS" || { echo "make $(firstword $(MAKECMDGOALS)): set DJANGO_ALLOWED_HOSTS (the site's host names)" >&2; exit 2; }

# axe-core for the page tests' accessibility checks (tests/browser/a11y.py), pinned in
# tests/browser/package-lock.json, installed with npm (Debian: apt-get install npm). Without npm
# (or offline) the page tests that check accessibility are skipped (failed in CI), and this says so.
AXE := tests/browser/node_modules/.package-lock.json
$(AXE): tests/browser/package-lock.json
	@if ! command -v npm >/dev/null; then \
	  echo "make test: npm not found (apt-get install npm): the page tests' accessibility checks are skipped" >&2; \
	elif ! npm ci --prefix tests/browser --no-audit --no-fund; then \
	  echo "make test: npm ci failed (offline?): the page tests' accessibility checks are skipped" >&2; fi

# On every core (pytest-xdist; TEST_WORKERS=0 runs in this process). Tests that share one
# server or fixture between them carry @pytest.mark.xdist_group and run on one worker.
TEST_WORKERS ?= auto
# A PYTEST_ARGS selection that matches nothing here (pytest's exit code 5, e.g. PostgreSQL-only
# tests chosen by name in the SQLite run) is said, not failed.
test: $(TEST_VENV)/.installed $(LOCALE_MO) $(AXE)
	@$(TEST_VENV)/bin/python -m pytest -n $(TEST_WORKERS) --dist loadgroup $(PYTEST_ARGS); status=$$?; \
	$(if $(strip $(PYTEST_ARGS)),if [ $$status = 5 ]; then echo "make test: no test matched PYTEST_ARGS"; status=0; fi;) \
	exit $$status

lint: venv-dev typecheck
	$(BIN)/ruff check .
	$(BIN)/lint-imports

# The engines with mypy's strict flags (pyproject.toml), the apps with django-stubs and drf-stubs;
# new errors only (mypy-baseline.txt holds the old ones and only shrinks: after fixing some,
# `$(BIN)/mypy | $(BIN)/mypy-baseline sync`).
typecheck: venv-dev
	$(BIN)/mypy | $(BIN)/mypy-baseline filter

bench: venv
	$(BIN)/python bench/duel_engine.py
	$(BIN)/python bench/classic_engine.py
	$(BIN)/python bench/classic_scoring.py
	$(BIN)/python bench/languages.py
	$(BIN)/python bench/api_costs.py

# Branch coverage of the compiled kernels' scoring reached by the kernel-against-pure tests
# (issue #53), the kernels traced as Python (NUMBA_DISABLE_JIT=1).
kernel-branches: venv-dev
	$(BIN)/python bench/kernel_branches.py

# Cost probe on loopback (bench/load.sh): LOAD_SECONDS per endpoint, 32 connections.
LOAD_SECONDS ?= 10
load: venv
	bash bench/load.sh $(LOAD_SECONDS)

# The club-night load profile (bench/clubnight.py, docs/operations.md): what `make run` serves,
# or with CLUSTER=1 the loopback cluster (PostgreSQL, Redis, two instances, HAProxy); tables are
# stepped up until a live move's p95 passes 150 ms or a request fails. LOADTEST_ARGS: e.g.
# "--steps 10,20,30 --seconds 90".
LOADTEST_ARGS ?=
loadtest: venv-dev
	$(BIN)/python bench/clubnight.py $(if $(CLUSTER),--cluster) $(LOADTEST_ARGS)

clean:
	rm -rf $(VENV) $(TEST_VENV) staticfiles .pytest_cache
