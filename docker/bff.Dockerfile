# The BFF: NestJS on Node 24 (the current LTS). Build context: the repository root.
#   docker build -f docker/bff.Dockerfile -t ppl-bff .
# Runtime environment: see bff/README.md (DATABASE_URL, JWT_SECRET, ADMIN_EMAIL, ADMIN_PASSWORD, SEED_DEMO ...).
FROM node:24-bookworm-slim AS build
WORKDIR /repo
COPY package.json package-lock.json .npmrc nx.json tsconfig.base.json ./
COPY bff/package.json bff/
COPY shared-ui/package.json shared-ui/
COPY shell/package.json shell/
COPY public-site/package.json public-site/
COPY admin-console/package.json admin-console/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY bff bff
RUN npm run build -w @ppl/bff

FROM node:24-bookworm-slim AS runtime-deps
WORKDIR /repo
COPY --from=build /repo/package.json /repo/package-lock.json /repo/.npmrc ./
COPY --from=build /repo/bff/package.json bff/
COPY --from=build /repo/shared-ui/package.json shared-ui/
COPY --from=build /repo/shell/package.json shell/
COPY --from=build /repo/public-site/package.json public-site/
COPY --from=build /repo/admin-console/package.json admin-console/
COPY --from=build /repo/e2e/package.json e2e/
COPY --from=build /repo/bench/package.json bench/
# Only the BFF's production dependencies.
RUN npm ci --omit=dev --workspace @ppl/bff --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3001 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    UPLOAD_DIR=/data/uploads
WORKDIR /app
COPY --from=runtime-deps /repo/node_modules ./node_modules
COPY --from=build /repo/bff/package.json ./bff/package.json
COPY --from=build /repo/bff/dist ./bff/dist
# The demo PDFs the seed stores on a first start (made by the build; no PDF generator at run time).
COPY --from=build /repo/bff/demo-documents ./bff/demo-documents
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3001
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/backend/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The old generation capped at 192 MB: the BFF's peak stays near 300 MB under load (bench/RESULTS.md); a host with
# memory to spare raises it by overriding the command (a command-line flag wins over NODE_OPTIONS).
CMD ["node", "--max-old-space-size=192", "bff/dist/main.js"]
