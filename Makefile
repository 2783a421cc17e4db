# KernelJudge: `make run` (site + local worker) and `make test` (lint + CPU suite).
VENV    ?= .venv
PY      := $(VENV)/bin/python
HOST    ?= 127.0.0.1
PORT    ?= 8000
PYTEST_ARGS ?=
# `make test` runs the suite in TEST_JOBS pytest-xdist workers (2: the CI box's cores; `auto`
# for one per core, 0 for none), then the tests marked `serial` alone (pyproject.toml says why).
# The test processes' own torch (the supervisors') runs one thread: on a loaded two-core box a
# two-thread OpenMP pool made their tensor operations about four times slower than one thread;
# the sandboxed children (a clean environment of their own) keep the machine's default.
TEST_JOBS ?= 2

.PHONY: run test test-gpu test-gpu-hostile docker-e2e venv deps dev-deps migrate web-assets

venv: $(PY)
$(PY):
	python3 -m venv $(VENV) || (echo "python3 -m venv failed: install python3-venv (scripts/install-system-deps.sh does)"; exit 1)

# Stamps: reinstall when a requirements file changes.
$(VENV)/.deps: requirements.txt | $(PY)
	$(PY) -m pip install -r requirements.txt
	touch $@
$(VENV)/.dev-deps: requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install -r requirements-dev.txt
	touch $@ $(VENV)/.deps

deps: $(VENV)/.deps
dev-deps: $(VENV)/.dev-deps

migrate: deps
	$(PY) manage.py migrate --noinput

# The browser bundle (CodeMirror, KaTeX) in web/static/dist/ is committed, so the site works
# without Node; with npm present it is rebuilt from web/frontend/ (npm ci + esbuild).
web-assets:
	@if command -v npm >/dev/null 2>&1; then \
	  (cd web/frontend && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; } && npm run build --silent) \
	  || echo "warning: could not rebuild the web bundle; using the committed web/static/dist/"; \
	else echo "npm not found: using the committed web bundle in web/static/dist/"; fi

run: migrate web-assets
	$(PY) manage.py sync_problems || echo "warning: some problem packages did not load (see above)"
	$(PY) manage.py run_site --host $(HOST) --port $(PORT) --demo-admin admin

test: dev-deps web-assets
	scripts/install-system-deps.sh
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	@rc=0; \
	OMP_NUM_THREADS=1 $(PY) -m pytest -m "not gpu and not serial and not docker" -n $(TEST_JOBS) --dist loadgroup $(PYTEST_ARGS) || { s=$$?; [ $$s -eq 5 ] || rc=$$s; }; \
	$(PY) -m pytest -m "not gpu and serial and not docker" $(PYTEST_ARGS) || { s=$$?; [ $$s -eq 5 ] || rc=$$s; }; \
	exit $$rc

test-gpu: dev-deps
	$(PY) -m pytest -m gpu tests/runner tests/compat $(PYTEST_ARGS)

# Every CUDA-device case of the hostile corpus, judged on this machine's GPU (one JSON report on
# stdout; fails unless every case is caught). Needs no Redis or PostgreSQL.
test-gpu-hostile: dev-deps
	$(PY) bench/trust/hostile_gpu.py

# The Docker deployment on this machine's engine: build the images, judge the CPU hostile corpus
# through the docker sandbox beside bwrap, start the compose stack, judge through it, break it,
# tear it down (scripts/docker-e2e.sh, tests/docker). Root only.
docker-e2e: dev-deps
	PY=$(PY) scripts/docker-e2e.sh $(PYTEST_ARGS)
