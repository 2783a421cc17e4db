# KernelJudge CPU judging worker: `python manage.py judge_worker --device-kind cpu` (Celery,
# the reconciler) spawning a sandboxed `python -m runner job` child per submission. Also the
# per-job image of the docker sandbox backend for CPU jobs (KERNELJUDGE_SANDBOX=docker).
# Debian bookworm's Python 3.11; torch's CPU build, triton (its interpreter) and JAX's CPU
# build; g++ and Boost.Context for CUDA C++ judged on the CPU through the project's emulation;
# bubblewrap for the process sandbox. The languages it claims: docker/images.toml.
# Build from the repository root:
#   docker build -f docker/worker-cpu.Dockerfile -t kerneljudge/worker-cpu:local .
# No registry: --build-arg BASE_IMAGE=kj-base:bookworm (scripts/docker-base.sh), and
# --build-arg TORCH_INDEX_URL= with torch's CPU wheel in docker/wheels/ (scripts/docker-build.sh).

ARG BASE_IMAGE=debian:12.11-slim
FROM ${BASE_IMAGE}

ARG TORCH_VERSION=2.13.0
# Where torch's CPU build comes from; empty: only the wheels in docker/wheels/.
ARG TORCH_INDEX_URL=https://download.pytorch.org/whl/cpu
# true: also the Docker CLI, for KERNELJUDGE_SANDBOX=docker (a container per job through the
# host engine's socket)
ARG WITH_DOCKER_CLI=false

SHELL ["/bin/bash", "-o", "pipefail", "-c"]
ENV DEBIAN_FRONTEND=noninteractive \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH \
    DJANGO_SETTINGS_MODULE=config.settings \
    KJ_VAR_DIR=/var/lib/kerneljudge \
    KJ_RUNNER_CWD=/app \
    HOME=/var/lib/kerneljudge \
    KERNELJUDGE_CACHE=/var/lib/kerneljudge/cache \
    KJ_IMAGE_LANGUAGES=cuda,pytorch,triton,jax

# Debian packages are not version-pinned: the archive drops superseded versions, so exact pins
# break rebuilds; the base image pins the release.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
        python3 python3-venv python3-dev bubblewrap util-linux tini ca-certificates \
        g++ libboost-context-dev \
 && if [ "${WITH_DOCKER_CLI}" = "true" ]; then \
        apt-get install -y --no-install-recommends docker.io; \
    fi \
 && rm -rf /var/lib/apt/lists/*

COPY requirements.txt docker/worker-cpu-constraints.txt /tmp/
COPY docker/wheels/ /tmp/wheels/
# Extra certificate authorities for the package downloads only (a host whose HTTPS goes through
# an inspecting proxy: docker/ca-certificates/README.md); removed after them.
COPY docker/ca-certificates/ /tmp/ca/
# 1) torch's CPU build alone (its dependencies come with step 2), from the wheels folder and,
#    when TORCH_INDEX_URL is set, the PyTorch CPU index;
# 2) everything else from PyPI at the exact versions of docker/worker-cpu-constraints.txt
#    (regenerate with docker/make-constraints.py); torch==... is already satisfied.
# Bytecode is compiled once here: PYTHONDONTWRITEBYTECODE keeps processes from writing it.
# (hadolint takes "${source}" for an unpinned package; torch is pinned by TORCH_VERSION)
# hadolint ignore=DL3013
RUN cat /etc/ssl/certs/ca-certificates.crt /tmp/ca/*.crt > /tmp/ca.pem 2>/dev/null || true \
 && export PIP_CERT=/tmp/ca.pem \
 && python3 -m venv /opt/venv \
 && if [ -n "${TORCH_INDEX_URL}" ]; then source="--index-url=${TORCH_INDEX_URL}"; \
    else source="--no-index"; fi \
 && pip install --no-cache-dir --no-deps --find-links /tmp/wheels "${source}" \
        "torch==${TORCH_VERSION}" \
 && pip install --no-cache-dir -r /tmp/requirements.txt -c /tmp/worker-cpu-constraints.txt \
 && rm -rf /tmp/wheels /tmp/ca /tmp/ca.pem
# (torch ships one test helper written for Python 3.12 only)
RUN python -m compileall -q -j 0 -x 'py312_intrinsics[.]py$' /opt/venv/lib \
 && python -c "import torch, triton, jax, numpy; print('torch', torch.__version__, 'triton', triton.__version__, 'jax', jax.__version__, 'numpy', numpy.__version__)"

RUN groupadd --system --gid 10001 kj \
 && useradd --system --uid 10001 --gid kj --home-dir /app --no-create-home \
        --shell /usr/sbin/nologin kj \
 && install -d -o kj -g kj -m 0750 /var/lib/kerneljudge
WORKDIR /app
COPY manage.py ./
COPY config/ config/
COPY accounts/ accounts/
COPY judge/ judge/
COPY contests/ contests/
COPY problems/ problems/
COPY runner/ runner/
COPY web/ web/
COPY docker/healthcheck.py docker/
RUN rm -rf web/frontend && python -m compileall -q -j 0 config accounts judge contests problems runner web

USER 10001:10001
HEALTHCHECK --interval=10s --timeout=30s --start-period=120s --retries=3 \
    CMD ["python", "/app/docker/healthcheck.py", "worker"]
# tini reaps the orphans of killed judging jobs and forwards SIGTERM to judge_worker, which
# stops its Celery workers warmly (acks_late: an unfinished job is redelivered).
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["python", "manage.py", "judge_worker", "--device-kind", "cpu"]
