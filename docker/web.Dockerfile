# KernelJudge web site: Django + DRF under gunicorn, static files served by whitenoise.
# No torch, numpy, triton or cupy: the site imports only runner.contract (pure Python).
# Build from the repository root (the context is trimmed by .dockerignore):
#   docker build -f docker/web.Dockerfile -t kerneljudge/web:local .
#   docker build -f docker/web.Dockerfile --build-arg BASE_IMAGE=kj-base:bookworm ...
#     (no registry: scripts/docker-base.sh makes kj-base:bookworm from Debian's archive)
# Entry point: docker/entrypoint-web.sh (waits for the database, migrates, syncs the problem
# catalog, then execs gunicorn). See docs/deploy.md.

ARG BASE_IMAGE=debian:12.11-slim

FROM ${BASE_IMAGE} AS build
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
ENV DEBIAN_FRONTEND=noninteractive \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
# Debian packages are not version-pinned: the archive drops superseded versions, so exact pins
# break rebuilds; the base image pins the release. Python is bookworm's 3.11.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-venv ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY requirements-web.txt docker/web-constraints.txt /tmp/
# Extra certificate authorities for the package downloads only (a host whose HTTPS goes through
# an inspecting proxy: docker/ca-certificates/README.md); this stage is not in the image.
COPY docker/ca-certificates/ /tmp/ca/
# Exact versions: docker/web-constraints.txt (regenerate with docker/make-constraints.py).
RUN cat /etc/ssl/certs/ca-certificates.crt /tmp/ca/*.crt > /tmp/ca.pem 2>/dev/null || true \
 && python3 -m venv /opt/venv \
 && PIP_CERT=/tmp/ca.pem /opt/venv/bin/pip install --no-cache-dir \
        -r /tmp/requirements-web.txt -c /tmp/web-constraints.txt
WORKDIR /app
COPY manage.py ./
COPY config/ config/
COPY accounts/ accounts/
COPY judge/ judge/
COPY contests/ contests/
COPY problems/ problems/
COPY runner/ runner/
COPY web/ web/
# the language guides, which the site serves (/languages/<name>/: what CUDA's CPU emulation runs)
COPY docs/languages/ docs/languages/
COPY docker/entrypoint-web.sh docker/healthcheck.py docker/
# Known-correct and known-wrong solutions are for validation, never shown: not in the image
# (this stage is dropped; the final one copies /app without them).
RUN rm -rf problems/catalog/*/solutions web/frontend \
 && chmod 0755 docker/entrypoint-web.sh docker/healthcheck.py \
 && SECRET_KEY=collectstatic-only-not-a-secret /opt/venv/bin/python manage.py collectstatic --noinput \
 && /opt/venv/bin/python -m compileall -q -j 0 config accounts judge contests problems runner web

FROM ${BASE_IMAGE}
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DJANGO_SETTINGS_MODULE=config.settings \
    KJ_VAR_DIR=/var/lib/kerneljudge \
    HOME=/var/lib/kerneljudge \
    PORT=8000
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 kj \
 && useradd --system --uid 10001 --gid kj --home-dir /app --no-create-home \
        --shell /usr/sbin/nologin kj \
 && install -d -o kj -g kj -m 0750 /var/lib/kerneljudge
COPY --from=build /opt/venv /opt/venv
COPY --from=build /app /app
WORKDIR /app
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=10s --start-period=120s --retries=3 \
    CMD ["python", "/app/docker/healthcheck.py", "web"]
ENTRYPOINT ["/app/docker/entrypoint-web.sh"]
CMD ["serve"]
