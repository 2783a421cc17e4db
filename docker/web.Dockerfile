# syntax=docker/dockerfile:1
# KernelJudge web site: Django + DRF under gunicorn, static files served by whitenoise.
# No torch, numpy, triton or cupy: the site imports only runner.contract (pure Python).
# Build from the repository root:  docker build -f docker/web.Dockerfile -t kerneljudge-web .
# Entry point: docker/entrypoint-web.sh (waits for the database, migrates, syncs the problem
# catalog, then execs gunicorn). See docs/deploy.md.

ARG PYTHON_IMAGE=python:3.11.14-slim-bookworm

FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
COPY requirements-web.txt docker/web-constraints.txt /tmp/
# Exact versions: docker/web-constraints.txt (regenerate with docker/make-constraints.py).
RUN python -m venv /opt/venv \
 && /opt/venv/bin/pip install --no-cache-dir \
        -r /tmp/requirements-web.txt -c /tmp/web-constraints.txt

FROM ${PYTHON_IMAGE}
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DJANGO_SETTINGS_MODULE=config.settings \
    KJ_VAR_DIR=/var/lib/kerneljudge \
    HOME=/var/lib/kerneljudge \
    PORT=8000
RUN groupadd --system --gid 10001 kj \
 && useradd --system --uid 10001 --gid kj --home-dir /app --no-create-home \
        --shell /usr/sbin/nologin kj
COPY --from=build /opt/venv /opt/venv
WORKDIR /app
COPY manage.py ./
COPY config/ config/
COPY accounts/ accounts/
COPY judge/ judge/
COPY problems/ problems/
COPY runner/ runner/
COPY web/ web/
# the language guides, which the site serves (/languages/<name>/: what CUDA's CPU emulation runs)
COPY docs/languages/ docs/languages/
COPY docker/entrypoint-web.sh docker/healthcheck.py docker/
# collectstatic imports the settings, which want a SECRET_KEY: give this one command a
# throwaway value so that no key is generated and baked into the image.
RUN SECRET_KEY=collectstatic-only-not-a-secret python manage.py collectstatic --noinput \
 && install -d -o kj -g kj -m 0750 /var/lib/kerneljudge \
 && chmod 0755 docker/entrypoint-web.sh docker/healthcheck.py
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=10s --start-period=120s --retries=3 \
    CMD ["python", "/app/docker/healthcheck.py", "web"]
ENTRYPOINT ["/app/docker/entrypoint-web.sh"]
CMD ["serve"]
