# The Plant Store mock as an image. Configure it only through PLANT_MOCK_* env vars, e.g.
#   docker run --rm -p 127.0.0.1:4010:4010 -e PLANT_MOCK_MODE=dynamic -e PLANT_MOCK_SEED=42 plant-store-mock
#
# Build stage: the whole toolchain packs the npm package (`npm ci` builds dist/ through `prepare`),
# so the image holds exactly what `npm install plant-store-mock` gives. Debian rather than Alpine:
# the `node` devDependency, whose glibc binary the npm scripts run on, does not run on musl.
FROM node:24-bookworm-slim AS build
WORKDIR /src
# @scarf/scarf (a dependency of Prism) phones home from its install script.
ENV SCARF_ANALYTICS=false
COPY package.json package-lock.json tsconfig.json openapi.yaml README.md ./
COPY src ./src
# The inspector page is bundled by scripts/build-inspector.ts during `npm run build`.
COPY scripts ./scripts
COPY fixtures/plants.json ./fixtures/
COPY docker ./docker
RUN npm ci --no-audit --no-fund \
  && npm pack --silent --pack-destination /tmp \
  && mkdir /package \
  && tar -xzf /tmp/plant-store-mock-*.tgz -C /package --strip-components=1

# Runtime stage: the same steps as docker/Dockerfile (which the package ships and which
# plant-store-mock/testcontainers builds from the installed package), on the packed package.
# test/e2e/docker-image.test.ts checks that the two stay the same.
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV PLANT_MOCK_HOST=0.0.0.0 PLANT_MOCK_PORT=4010 NODE_ENV=production
# Two malloc arenas instead of one per thread: ~7 MiB less RSS under load, no measurable cost.
ENV MALLOC_ARENA_MAX=2
COPY --from=build /package/package.json /package/docker/package-lock.json ./
# Production dependencies only, exactly as locked; no install scripts (none is needed at run time,
# and @scarf/scarf's would phone home). Type declarations and docs are dropped: nothing reads them.
RUN npm ci --omit=dev --omit=peer --ignore-scripts --no-audit --no-fund \
  && npm cache clean --force \
  && find node_modules \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' \
    -o -iname 'README*' -o -iname 'CHANGELOG*' -o -name '*.md' \) -type f -delete
COPY --from=build /package/dist ./dist
COPY --from=build /package/openapi.yaml ./
COPY --from=build /package/fixtures/plants.json ./fixtures/
# Node's compile cache of the code a start runs (src/compile-cache.ts): filled once here by the
# image's user, so that containers run as that user on a machine like this one start from it;
# then root's, read-only like the code.
RUN mkdir -p node_modules/.cache/plant-store-mock && chown node node_modules/.cache/plant-store-mock \
  && runuser -u node -- node dist/prime-compile-cache.js \
  && chown -R root:root node_modules/.cache && chmod -R a=rX node_modules/.cache
# The files stay root-owned: the server only reads them, so its user cannot change its own code.
USER node
EXPOSE 4010
# No curl in slim images: node's fetch asks the server itself. It follows PLANT_MOCK_PORT, so a
# container started with another port still reports healthy.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PLANT_MOCK_PORT || 4010) + '/__admin/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself (docker stop), then exits 0.
CMD ["node", "dist/cli/main.js"]
