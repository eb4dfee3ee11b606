# make test  — create .venv, install the package with its test extras, the npm test deps and Chromium, run the suite
# make demo  — install the package (no browser, no npm), then build the bundled demo site with house-tables
# make fuzz  — the long differential runs (>= 20,000 documents per dialect)
# make bench — the benchmarks in bench/
# make fixtures — rewrite tests/fixtures/diagnostics/*.warnings and tests/fixtures/conformance/*.expected (then review the diff)
# make cases — regenerate tests/engine_matrix/cases.json from the pinned engines (make cases-check: compare only)
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
NODE_DEPS := tests/node_modules/.installed

.PHONY: install browser test fuzz demo bench lint clean matrix-engines cases cases-check fixtures

$(VENV)/.installed: setup.py pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

$(NODE_DEPS): tests/package.json tests/package-lock.json
	cd tests && npm ci --no-audit --no-fund --loglevel=error
	touch $@

CHROMIUM := /usr/bin/chromium

# Debian's Chromium for the browser test (as root, as CI runs; otherwise install it yourself).
# Only the targets that run that test depend on it: `make demo` needs no browser.
$(CHROMIUM):
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null

install: $(VENV)/.installed $(NODE_DEPS)

browser: $(CHROMIUM)

lint: $(VENV)/.installed
	$(PY) -m ruff check plugin tests bench setup.py

test: install browser lint
	$(PY) -m pytest -q

fuzz: install
	HOUSE_TABLES_FUZZ=20000 $(PY) -m pytest -q -p no:cacheprovider tests/test_differential.py tests/test_convert_property.py \
		tests/test_extension_property.py tests/test_plugin_site_property.py tests/test_lsp_property.py

demo: $(VENV)/.installed
	$(VENV)/bin/mkdocs build -f mkdocs.yml 2>&1 | { grep -v '^INFO' || true; }
	@echo "Preview: $(VENV)/bin/mkdocs serve  (then open http://127.0.0.1:8000/)"

bench: install
	$(PY) bench/run_all.py

# Never part of a test run: a test compares with these files and must not write them.
fixtures: $(VENV)/.installed
	$(PY) tests/diagnostics_fixtures.py
	$(PY) tests/conformance_fixtures.py

# The engine matrix is recorded by its own pinned engines, apart from the suite's: no Pygments in this venv
# (pymd_mkdocs' code blocks were recorded without it) and rehype-raw for the remark_md engine.
MATRIX := tests/engine_matrix
MATRIX_VENV := .venv-cases
MATRIX_PY := $(MATRIX_VENV)/bin/python

$(MATRIX_VENV)/.installed: $(MATRIX)/requirements.txt
	$(PYTHON) -m venv $(MATRIX_VENV)
	$(MATRIX_PY) -m pip install --quiet -r $(MATRIX)/requirements.txt
	touch $@

$(MATRIX)/node_modules/.installed: $(MATRIX)/package.json $(MATRIX)/package-lock.json
	cd $(MATRIX) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

matrix-engines: $(MATRIX_VENV)/.installed $(MATRIX)/node_modules/.installed

cases: matrix-engines
	$(MATRIX_PY) $(MATRIX)/regen.py

# Regenerate into a temporary file and compare it with the committed matrix, byte for byte.
cases-check: matrix-engines
	d=$$(mktemp -d) && trap 'rm -rf "$$d"' EXIT && $(MATRIX_PY) $(MATRIX)/regen.py --out "$$d/cases.json" \
		&& cmp "$$d/cases.json" $(MATRIX)/cases.json && echo "cases.json: reproduced byte for byte"

clean:
	rm -rf $(VENV) tests/node_modules site $(MATRIX_VENV) $(MATRIX)/node_modules
