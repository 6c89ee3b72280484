# admin-console: its release folder as static files behind nginx. Build context: the repository root.
#   docker build -f docker/admin-console.Dockerfile --build-arg RELEASE_VERSION=v1 -t ppl-admin-console .
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
COPY admin-console admin-console
RUN RELEASE_VERSION=${RELEASE_VERSION} npm run build -w @ppl/admin-console

FROM nginx:1.27-alpine
ENV BFF_UPSTREAM=http://bff:3001 \
    CORS_ALLOW_ORIGIN="*" \
    PUBLIC_SITE_MANIFEST_URL=http://localhost:3002/mf-manifest.json \
    ADMIN_CONSOLE_MANIFEST_URL=http://localhost:3003/mf-manifest.json \
    WRITE_REMOTES_JSON=false \
    NGINX_LISTEN=80 \
    NGINX_ROOT=/usr/share/nginx/html \
    NGINX_ENVSUBST_FILTER="^(BFF_UPSTREAM|CORS_ALLOW_ORIGIN|NGINX_LISTEN|NGINX_ROOT)$"
COPY docker/nginx/frontend.conf.template /etc/nginx/templates/default.conf.template
COPY docker/nginx/30-security-headers.sh /docker-entrypoint.d/30-security-headers.sh
COPY docker/nginx/40-remotes-json.sh /docker-entrypoint.d/40-remotes-json.sh
COPY --from=build /repo/admin-console/dist /usr/share/nginx/html
RUN chmod +x /docker-entrypoint.d/30-security-headers.sh /docker-entrypoint.d/40-remotes-json.sh
EXPOSE 80
