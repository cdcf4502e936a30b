# The Plant Store mock as an image. Configure it only through PLANT_MOCK_* env vars, e.g.
#   docker run --rm -p 4010:4010 -e PLANT_MOCK_MODE=dynamic -e PLANT_MOCK_SEED=42 plant-store-mock
# test/docker-image.test.ts reads this file and runs the runtime stage's steps on the host, so keep
# its instructions to the forms that test understands (it fails loudly on anything else).

# Build stage: the whole toolchain, compiles src/ to dist/.
# Debian rather than Alpine: `npm ci` installs the `node` devDependency, whose glibc binary is what
# the npm scripts (`npm run build`) run on, and it does not run on musl.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# @scarf/scarf (a dependency of Prism) phones home from its install script.
ENV SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
RUN npm run build

# Runtime stage: production dependencies, the compiled code and the bundled contract. The `node`
# devDependency is not installed here; the image's own Node 24 runs the server.
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV PLANT_MOCK_HOST=0.0.0.0 PLANT_MOCK_PORT=4010 NODE_ENV=production
# Two malloc arenas instead of one per thread: ~7 MiB less RSS under load, no measurable cost.
ENV MALLOC_ARENA_MAX=2
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY openapi.yaml ./
COPY fixtures/plants.json ./fixtures/
# The files stay root-owned: the server only reads them, so its user cannot change its own code.
USER node
EXPOSE 4010
# No curl in slim images: node's fetch asks the server itself. It follows PLANT_MOCK_PORT, so a
# container started with another port still reports healthy.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PLANT_MOCK_PORT || 4010) + '/__admin/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself (docker stop), then exits 0.
CMD ["node", "dist/cli/main.js"]
