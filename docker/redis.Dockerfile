# Redis for the compose stack, from Debian's own package (bookworm: Redis 7.0), so that it
# builds where no image registry is reachable. With a registry, `redis:7.4-bookworm` can
# replace it (the compose service passes only `redis-server` arguments).

ARG BASE_IMAGE=debian:12.11-slim
FROM ${BASE_IMAGE}
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
ENV DEBIAN_FRONTEND=noninteractive
# Debian packages are not version-pinned: the base image pins the release (bookworm: 7.0).
# A fixed uid for the server's user, made before the package would pick one.
# hadolint ignore=DL3008
RUN groupadd --system --gid 10003 redis \
 && useradd --system --uid 10003 --gid redis --home-dir /var/lib/redis \
        --shell /usr/sbin/nologin redis \
 && apt-get update \
 && apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/* \
 && install -d -o redis -g redis -m 0750 /data
WORKDIR /data
USER 10003:10003
HEALTHCHECK --interval=5s --timeout=5s --retries=20 CMD ["redis-cli", "ping"]
CMD ["redis-server", "--bind", "127.0.0.1", "--appendonly", "yes", "--dir", "/data"]
