# make test  — create .venv, install the package with its test extras and the npm test deps, run the suite
# make demo  — install, then run house-tables on the bundled demo site
# make fuzz  — the long differential runs (>= 20,000 documents per dialect)
# make bench — the benchmarks in bench/
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
NODE_DEPS := tests/node_modules/.installed

.PHONY: install test fuzz demo bench lint clean

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
$(CHROMIUM):
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null

install: $(VENV)/.installed $(NODE_DEPS) $(CHROMIUM)

lint: install
	$(PY) -m ruff check plugin tests bench setup.py

test: install lint
	$(PY) -m pytest -q

fuzz: install
	HOUSE_TABLES_FUZZ=20000 $(PY) -m pytest -q -p no:cacheprovider tests/test_differential.py tests/test_convert_property.py \
		tests/test_extension_property.py tests/test_plugin_site_property.py

demo: install
	$(VENV)/bin/mkdocs build -f mkdocs.yml 2>&1 | { grep -v '^INFO' || true; }
	@echo "Preview: $(VENV)/bin/mkdocs serve  (then open http://127.0.0.1:8000/)"

bench: install
	$(PY) bench/run_all.py

clean:
	rm -rf $(VENV) tests/node_modules site
