# shell: the front door (nginx): the shell's release folder, /backend/api balanced over the BFF replicas, downloads
# sent with X-Accel-Redirect from the uploads volume, public pages from the renderer (docker/renderer.Dockerfile).
# Build context: the repository root.
#   docker build -f docker/shell.Dockerfile --build-arg RELEASE_VERSION=v1 -t ppl-shell .
# Runtime environment: see docker/README.md.
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
# The build tools (rspack, Module Federation, TypeScript) are root dev dependencies: install the workspace whole.
RUN npm ci --no-audit --no-fund
COPY shared-ui shared-ui
COPY shell shell
RUN RELEASE_VERSION=${RELEASE_VERSION} npm run build -w @ppl/shell

FROM nginx:1.27-alpine
ENV BFF_UPSTREAMS=bff-1:3001,bff-2:3001 \
    RENDERER_UPSTREAM=renderer:3000 \
    PUBLIC_SITE_MANIFEST_URL=http://localhost:3002/mf-manifest.json \
    ADMIN_CONSOLE_MANIFEST_URL=http://localhost:3003/mf-manifest.json \
    WRITE_REMOTES_JSON=true \
    NGINX_LISTEN=80 \
    NGINX_INTERNAL_LISTEN=8081 \
    NGINX_ROOT=/usr/share/nginx/html \
    X_ACCEL_PREFIX=/_protected_files/ \
    UPLOADS_ROOT=/srv/uploads \
    NGINX_ENVSUBST_FILTER="^(RENDERER_UPSTREAM|NGINX_LISTEN|NGINX_INTERNAL_LISTEN|NGINX_ROOT|X_ACCEL_PREFIX|UPLOADS_ROOT)$"
COPY docker/nginx/edge.conf.template /etc/nginx/templates/default.conf.template
COPY docker/nginx/renderer-proxy.inc /etc/nginx/conf.d/renderer-proxy.inc
COPY docker/nginx/30-security-headers.sh /docker-entrypoint.d/30-security-headers.sh
COPY docker/nginx/35-bff-upstream.sh /docker-entrypoint.d/35-bff-upstream.sh
COPY docker/nginx/40-remotes-json.sh /docker-entrypoint.d/40-remotes-json.sh
COPY --from=build /repo/shell/dist /usr/share/nginx/html
RUN chmod +x /docker-entrypoint.d/30-security-headers.sh /docker-entrypoint.d/35-bff-upstream.sh \
      /docker-entrypoint.d/40-remotes-json.sh
EXPOSE 80
