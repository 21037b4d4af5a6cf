# The service image: `docker build -t field-service-api .` (see docs/operations.md, "Running in production").
# Multi-stage: the build stage installs the production dependencies only (tsx included: the service
# runs its TypeScript through tsx, there is no separate compile step); the runtime stage copies them
# with the sources and runs as the unprivileged `node` user.

FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY core ./core
COPY adapters ./adapters
COPY orm ./orm
COPY scripts ./scripts
# DATA_DIR holds the embedded database (without DATABASE_URL) and a generated OAuth key-encryption
# key; the only directory the service writes to.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Node's own fetch: the slim image has no curl. Health answers 503 while the database is unreachable.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# `npm start` without npm in between, so SIGTERM reaches the service and it drains in-flight requests.
CMD ["node", "--import", "tsx", "scripts/start.ts"]
