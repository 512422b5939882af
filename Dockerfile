# The image of the gateway and of every service: the build arguments choose the process. From the repository root:
#   docker build --build-arg SERVICE_DIR=services/auth --build-arg PORT=4001 -t disc-platform/auth .
#   docker build --build-arg SERVICE_DIR=gateway --build-arg PORT=8080 --build-arg HEALTH_PATH=/api/health \
#     -t disc-platform/gateway .
# docker-compose.yml passes each process its arguments. The web app has its own image (web/Dockerfile).
# The build stage installs from the lockfile and compiles the process into one bundle (npm run build:bundles:
# esbuild, with a source map); the runtime stage holds that bundle, the package and its production dependencies,
# and starts with `node dist/server.mjs`, without tsx (docs/decisions/010-compiled-images.md).

FROM node:20-bookworm-slim AS build
ARG PNPM_VERSION=10.34.9
RUN npm install --global pnpm@${PNPM_VERSION} && npm cache clean --force
WORKDIR /workspace
# Fetching from the lockfile alone keeps the dependency layer cached while sources change.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
# Every workspace package is copied: pnpm deploy resolves each importer of the shared lockfile.
COPY . .
# Declared after the shared layers, so that every process reuses them.
ARG SERVICE_DIR
RUN test -n "$SERVICE_DIR" && test -f "./$SERVICE_DIR/package.json" \
 || { echo "Choose the process: --build-arg SERVICE_DIR=gateway or services/<name>" >&2; exit 1; }
# The root's devDependencies (esbuild, tsx) build the bundle; the process's own dependencies resolve its imports.
RUN pnpm install --offline --frozen-lockfile --filter "{./$SERVICE_DIR}..." --filter disc-platform \
 && node --import tsx scripts/build-bundles.ts "$SERVICE_DIR"
# --legacy: pnpm 10 otherwise deploys only from workspaces with inject-workspace-packages (docs/decisions/003-deployment.md).
# The deployed node_modules carry what the bundle leaves out (scripts/build-bundles.ts: native and optional modules).
RUN pnpm deploy --legacy --offline --prod --filter "./$SERVICE_DIR" /out \
 && rm -rf /out/dist && cp -r "./$SERVICE_DIR/dist" /out/dist

FROM node:20-bookworm-slim AS runtime
RUN groupadd --system --gid 10001 app \
 && useradd --system --uid 10001 --gid app --home-dir /app --no-create-home --shell /usr/sbin/nologin app \
 && mkdir -p /app/data && chown app:app /app/data
ARG SERVICE_DIR
ARG PORT
ARG HEALTH_PATH=/health
RUN test -n "$SERVICE_DIR" && test -n "$PORT" \
 || { echo "Build with --build-arg SERVICE_DIR=... and --build-arg PORT=<the process's port>" >&2; exit 1; }
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=${PORT} \
    DATA_DIR=/app/data \
    HEALTH_PATH=${HEALTH_PATH}
COPY --from=build /out /app/${SERVICE_DIR}
WORKDIR /app/${SERVICE_DIR}
# Code stays owned by root and read-only to the process; only DATA_DIR (and /tmp) is writable.
USER 10001:10001
EXPOSE ${PORT}
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + process.env.HEALTH_PATH).then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
# libuv's thread pool (auth hashes passwords on it) is sized once, when the process starts: unless the operator
# set UV_THREADPOOL_SIZE, one thread per CPU the container may use (its cgroup quota, else nproc), at least 4.
# exec leaves node as the container's main process, receiving its signals.
CMD ["/bin/sh", "-c", "if [ -z \"$UV_THREADPOOL_SIZE\" ]; then cpus=$(nproc); if [ -r /sys/fs/cgroup/cpu.max ] && read -r quota period < /sys/fs/cgroup/cpu.max && [ \"$quota\" != max ]; then limit=$(( (quota + period - 1) / period )); [ \"$limit\" -lt \"$cpus\" ] && cpus=$limit; fi; export UV_THREADPOOL_SIZE=$(( cpus > 4 ? cpus : 4 )); fi; exec node --max-semi-space-size=64 --enable-source-maps dist/server.mjs"]
