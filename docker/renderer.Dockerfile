# renderer: the shell's server for public pages. Renders each public page with the public site's release,
# found at run time the way the browser finds it (its mf-manifest.json, server/render.js beside it), and caches the
# rendered pages until the BFF's data versions move. nginx (the shell image) sends it every public page and falls
# back to the shell's index.html when it is away. Build context: the repository root.
#   docker build -f docker/renderer.Dockerfile -t ppl-renderer .
ARG RELEASE_VERSION=local
FROM node:24-bookworm-slim AS build
ARG RELEASE_VERSION
WORKDIR /repo
COPY package.json package-lock.json .npmrc nx.json tsconfig.base.json ./
COPY bff/package.json bff/
COPY shared-ui/package.json shared-ui/
COPY shell/package.json shell/
COPY public-site/package.json public-site/
COPY admin-console/package.json admin-console/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# express, compression, http-proxy-3 and jsdom (which a public-site release's server bundle asks its host
# for) are workspace dependencies: install the workspace whole, then keep only what the server needs.
RUN npm ci --no-audit --no-fund
COPY shared-ui shared-ui
COPY shell shell
RUN RELEASE_VERSION=${RELEASE_VERSION} npm run build -w @ppl/shell

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    BFF_URL=http://shell:8081 \
    PUBLIC_SITE_MANIFEST_URL=http://localhost:3002/mf-manifest.json \
    PUBLIC_SITE_SERVER_MANIFEST_URL=http://public-site/mf-manifest.json \
    ADMIN_CONSOLE_MANIFEST_URL=http://localhost:3003/mf-manifest.json
WORKDIR /app
COPY --from=build /repo/node_modules ./node_modules
COPY --from=build /repo/package.json ./package.json
COPY scripts ./scripts
COPY --from=build /repo/shell/dist ./shell/dist
# Loaded server bundles are written under node_modules/.cache/ppl-ssr (scripts/ssr.mjs).
RUN mkdir -p node_modules/.cache/ppl-ssr && chown -R node:node node_modules/.cache
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/remotes.json').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "scripts/serve.mjs", "--role", "shell", "--dir", "shell/dist"]
