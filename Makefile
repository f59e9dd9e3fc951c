# The two commands of the README: `make run` and `make test`. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1:8000

.PHONY: run test venv lint serve bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Re-install only when the requirements or the example plugin change. The example plugin
# (examples/imhotep-house-rules) is installed so the suite can show a third-party plugin
# end to end; the service loads no installed plugin in tests unless a test asks.
EXAMPLE_PLUGIN := examples/imhotep-house-rules
$(VENV)/.installed: requirements.txt $(wildcard $(EXAMPLE_PLUGIN)/pyproject.toml $(EXAMPLE_PLUGIN)/*/*.py) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check ./$(EXAMPLE_PLUGIN)
	touch $@

venv: $(VENV)/.installed

run: venv
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	$(BIN)/python manage.py runserver $(HOST)

test: venv
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: venv
	$(BIN)/ruff check .
	$(BIN)/lint-imports

bench: venv
	$(BIN)/python -m rules_engine.bench

clean:
	rm -rf $(VENV) staticfiles .pytest_cache
