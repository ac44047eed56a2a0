# syntax=docker/dockerfile:1
# Billbridge: one image for every process (web, worker, sandbox, admin), chosen by the command.
#   docker build -t billbridge:$(npm pkg get version | tr -d '"') .   tagged with the release (CHANGELOG.md)
#   docker run -e DATABASE_URL=… -e SECRET=… -e SMTP_URL=… billbridge              web (npm run server)
#   docker run … billbridge node apps/server/dist/main/worker.js                       worker
# Configuration is environment only (.env.example lists every variable).
ARG NODE_VERSION=24.21.0

# 1. The workspace's manifests: what `npm ci` needs, so its layer is cached until they change.
FROM node:${NODE_VERSION}-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/sandbox/package.json packages/sandbox/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# 2. Build: all dependencies, then the web app and the compiled server (npm run build).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 3. Production dependencies only (no TypeScript, Vite, test tools or the `node` package).
FROM manifests AS deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 4. Runtime: compiled JavaScript, migrations and the built web app, run as the unprivileged `node`.
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=root:root /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/packages/sandbox/dist packages/sandbox/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Ready = migrated and the database answers. A worker answers it only when METRICS_TOKEN is set
# (its one HTTP listener); without it, disable the check for workers.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node itself (exec form, no shell): it finishes what it holds and exits within 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main/server.js"]
