# Two verbs for a fresh machine: `make run` serves the site, `make test` runs the suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: run test install db lint bench clean

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,prod]'
	touch $(STAMP)

install: $(STAMP)

db: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_catalogue --if-changed

# migrate, load_catalogue --if-changed and runserver, in one process (see the command).
run: install
	$(BIN)/python manage.py serve 127.0.0.1:$(PORT)

test:
	bash .ci/run

lint: install
	$(BIN)/ruff check .

bench: db
	$(BIN)/python bench/score_bench.py
	$(BIN)/python bench/api_bench.py
	$(BIN)/python bench/rules_bench.py
	$(BIN)/python bench/builder_bench.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
