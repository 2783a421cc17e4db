# PostgreSQL for the compose stack, from Debian's own package (bookworm: PostgreSQL 15), so
# that it builds where no image registry is reachable. docker/entrypoint-postgres.sh does what
# the official image's entry point does with POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB
# on an empty data directory. With a registry, `postgres:17-bookworm` can replace it (the
# compose service passes only those variables and `postgres -c ...` arguments).

ARG BASE_IMAGE=debian:12.11-slim
FROM ${BASE_IMAGE}
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
ENV DEBIAN_FRONTEND=noninteractive \
    PGDATA=/var/lib/postgresql/data \
    PATH=/usr/lib/postgresql/15/bin:$PATH
# Debian packages are not version-pinned: the base image pins the release (bookworm: 15).
# A fixed uid for the server's user, made before the package would pick one.
# hadolint ignore=DL3008
RUN groupadd --system --gid 10002 postgres \
 && useradd --system --uid 10002 --gid postgres --home-dir /var/lib/postgresql \
        --shell /bin/bash postgres \
 && apt-get update \
 && apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* \
 && install -d -o postgres -g postgres -m 0700 /var/lib/postgresql/data \
 && install -d -o postgres -g postgres -m 2775 /var/run/postgresql
COPY docker/entrypoint-postgres.sh /usr/local/bin/entrypoint-postgres.sh
USER 10002:10002
STOPSIGNAL SIGINT
HEALTHCHECK --interval=5s --timeout=5s --retries=20 CMD ["pg_isready", "-h", "127.0.0.1"]
ENTRYPOINT ["/usr/local/bin/entrypoint-postgres.sh"]
CMD ["postgres"]
