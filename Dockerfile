# syntax=docker/dockerfile:1
#
# One multi-stage build for every process of pmbok. Each service and the gateway is a target:
#
#   docker build --target service --build-arg SERVICE=auth --build-arg GRPC_PORT=50051 -t pmbok/auth .
#   docker build --target gateway -t pmbok/gateway .  (serves the console too)
#   docker build --target embedded -t pmbok .         (everything in one process: `npm start` in a container)
#
# Images run as the unprivileged `node` user, keep their data under /data (a volume) and carry a health check.
# Docker is not available on the machines that build this repository: the file is checked statically by
# `npm test` (tools/deploy-check: BuildKit's own Dockerfile parser and linter).

# NODE_VERSION of the base images (Node 20.19 or newer).
ARG NODE_VERSION=20.19

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
# Native modules (better-sqlite3, argon2) need a toolchain when no prebuilt binary matches.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The manifests first, so that dependencies are a cached layer of their own.
COPY package.json package-lock.json ./
COPY proto/package.json proto/
COPY infra/package.json infra/
COPY runner/package.json runner/
COPY gateway/package.json gateway/
COPY console/package.json console/
COPY services/auth/package.json services/auth/
COPY services/team/package.json services/team/
COPY services/project/package.json services/project/
COPY services/task/package.json services/task/
COPY services/messaging/package.json services/messaging/
COPY services/ai/package.json services/ai/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund

# Production dependencies and the built workspaces, owned by root and read-only for the user that runs them:
# runtime is what every image shares.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
  DATA_DIR=/data \
  LOG_LEVEL=info \
  GRPC_HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/proto/package.json proto/
COPY --from=build /app/proto/dist proto/dist
COPY --from=build /app/infra/package.json infra/
COPY --from=build /app/infra/dist infra/dist
# The API test runner's library: the project service runs tests with it, the messaging service sends webhooks
# through its guarded HTTP client.
COPY --from=build /app/runner/package.json runner/
COPY --from=build /app/runner/dist runner/dist
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node

# Build arguments choose the service and its port (auth 50051, team 50052, project 50053, task 50054,
# messaging 50055, ai 50056): docker build --target service --build-arg SERVICE=auth --build-arg GRPC_PORT=50051 .

# service is the image of any one service.
FROM runtime AS service
ARG SERVICE
ARG GRPC_PORT
RUN test -n "$SERVICE" -a -n "$GRPC_PORT" || { echo 'build with --build-arg SERVICE=<name> --build-arg GRPC_PORT=<port>'; exit 1; }
COPY --from=build /app/services/${SERVICE} services/${SERVICE}
ENV SERVICE=${SERVICE} \
  GRPC_PORT=${GRPC_PORT}
EXPOSE ${GRPC_PORT}
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "infra/dist/grpc/healthcheck.js"]
CMD ["sh", "-c", "exec node services/$SERVICE/dist/main.js"]

# web is what the gateway and the embedded app share: HTTP on 8080, ready when every service is.
FROM runtime AS web
COPY --from=build /app/gateway/package.json gateway/
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/console/dist console/dist
ENV PORT=8080 \
  HOST=0.0.0.0
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

FROM web AS gateway
CMD ["node", "gateway/dist/server.js"]

# embedded is the default in one container: the gateway and all six services in one process.
FROM web AS embedded
COPY --from=build /app/services services
CMD ["node", "gateway/dist/embedded.js"]
