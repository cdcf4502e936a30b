# Debian's redis-server on the Node image the mock is built from (the only base image the stack
# needs). Append-only persistence, so that the mock's state outlives a restart of Redis.
FROM node:24-bookworm-slim
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server \
  && rm -rf /var/lib/apt/lists/*
USER redis
WORKDIR /var/lib/redis
EXPOSE 6379
CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--appendonly", "yes", "--dir", "/var/lib/redis"]
