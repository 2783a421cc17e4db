# KernelJudge GPU judging worker image.
#
# One image, two uses:
#   * the worker container: `python manage.py judge_worker` (Celery; needs Django) which
#     spawns `python -m runner job` children (never import Django) for every submission;
#   * the per-job container of the docker sandbox backend (KERNELJUDGE_SANDBOX=docker).
# CUDA toolkit (nvcc) from the NVIDIA base image; torch + triton from the PyTorch CUDA 13.0
# wheel index; cupy-cuda13x, JAX's CUDA 13 build and numpy from PyPI; bubblewrap for the
# process sandbox. The languages it claims: docker/images.toml.
# Build from the repository root (docker/compose.gpu.yml, or scripts/docker-build.sh --gpu):
#   docker build -f docker/worker-gpu.Dockerfile -t kerneljudge/worker-gpu:local .
# See docs/deploy.md (GPU hosts, sandbox choice).

ARG BASE_IMAGE=nvidia/cuda:13.0.2-devel-ubuntu24.04
FROM ${BASE_IMAGE}

ARG TORCH_VERSION=2.13.0
ARG TRITON_VERSION=3.7.1
ARG TORCH_INDEX_URL=https://download.pytorch.org/whl/cu130
# true: also install the Docker CLI (docker.io), needed by KERNELJUDGE_SANDBOX=docker, which
# starts one container per job through the host's Docker socket.
ARG WITH_DOCKER_CLI=false

SHELL ["/bin/bash", "-o", "pipefail", "-c"]
ENV DEBIAN_FRONTEND=noninteractive \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:/usr/local/cuda/bin:$PATH \
    DJANGO_SETTINGS_MODULE=config.settings \
    KJ_VAR_DIR=/var/lib/kerneljudge \
    KJ_RUNNER_CWD=/app \
    HOME=/var/lib/kerneljudge \
    KERNELJUDGE_CACHE=/var/lib/kerneljudge/cache \
    KJ_IMAGE_LANGUAGES=cuda,triton,pytorch,cupy,jax

# Distribution packages are not version-pinned on purpose: Ubuntu drops superseded versions
# from its archive, so exact pins break rebuilds; the base image tag pins the release.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
        python3 python3-venv bubblewrap util-linux tini ca-certificates g++ \
 && if [ "${WITH_DOCKER_CLI}" = "true" ]; then \
        apt-get install -y --no-install-recommends docker.io; \
    fi \
 && rm -rf /var/lib/apt/lists/*

COPY requirements.txt docker/worker-gpu-constraints.txt /tmp/
# Extra certificate authorities for the package downloads only (a host whose HTTPS goes through
# an inspecting proxy: docker/ca-certificates/README.md); removed after them.
COPY docker/ca-certificates/ /tmp/ca/
# 1) torch + triton (and their CUDA 13.0 wheels) from the PyTorch index, pinned;
# 2) everything else from PyPI at the exact versions of docker/worker-gpu-constraints.txt
#    (regenerate with docker/make-constraints.py), JAX as its CUDA 13 build; torch==... in
#    requirements.txt is already satisfied by step 1.
# Bytecode is compiled here, once: PYTHONDONTWRITEBYTECODE keeps processes from writing it, and
# without it every cold `import torch` recompiles torch (runner/supervisor/bytecode.py).
# The smoke test imports torch, triton and numpy but not cupy, whose import may need the GPU driver
# (absent at build time).
RUN cat /etc/ssl/certs/ca-certificates.crt /tmp/ca/*.crt > /tmp/ca.pem 2>/dev/null || true \
 && export PIP_CERT=/tmp/ca.pem \
 && python3 -m venv /opt/venv \
 && pip install --no-cache-dir --index-url "${TORCH_INDEX_URL}" \
        "torch==${TORCH_VERSION}" "triton==${TRITON_VERSION}" \
 && grep -v '^jax' /tmp/requirements.txt > /tmp/requirements-gpu.txt \
 && pip install --no-cache-dir -r /tmp/requirements-gpu.txt -c /tmp/worker-gpu-constraints.txt \
        cupy-cuda13x numpy "jax[cuda13]" \
 && rm -rf /tmp/ca /tmp/ca.pem \
 && python -m compileall -q -j 0 /opt/venv/lib \
 && python -c "import torch, triton, numpy; print('torch', torch.__version__, 'cuda', torch.version.cuda, 'triton', triton.__version__, 'numpy', numpy.__version__)" \
 && python -c "from importlib.metadata import version; print('cupy-cuda13x', version('cupy-cuda13x'))"

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
RUN python -m compileall -q -j 0 config accounts judge contests problems runner web

USER 10001:10001
HEALTHCHECK --interval=60s --timeout=30s --start-period=120s --retries=3 \
    CMD ["python", "/app/docker/healthcheck.py", "worker"]
# tini reaps the orphans of killed judging jobs and forwards SIGTERM to judge_worker, which
# stops its Celery workers warmly (acks_late: an unfinished job is redelivered).
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["python", "manage.py", "judge_worker"]
