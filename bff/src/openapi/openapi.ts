import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { ADMIN_REQUIRED, AUTHENTICATION_REQUIRED } from '../auth/access.guard';
import { AUTH_COOKIE } from '../auth/auth-cookie';
import { AuthService } from '../auth/auth.service';
import { ErrorBody } from './responses';

/** The OpenAPI description of every endpoint: UI at /backend/api/docs, JSON at /backend/api/docs-json. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Past Paper Library API')
    .setDescription(
      'The backend-for-frontend under /backend/api. Every failure answers { "error": "message" }. ' +
        'Admin endpoints accept the login token as a bearer header or the auth_token cookie.',
    )
    .setVersion('1.0')
    .addBearerAuth()
    .addCookieAuth(AUTH_COOKIE)
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ErrorBody] });
  return withErrorAnswers(document);
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/** Every operation can fail the one way the exception filter answers: a 4xx/5xx with an ErrorBody. */
function withErrorAnswers(document: OpenAPIObject): OpenAPIObject {
  for (const path of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = path[method];
      if (!operation) continue;
      operation.responses.default = {
        description: 'A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down',
        content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorBody) } } },
      };
      if (method === 'post') {
        operation.parameters = [
          ...(operation.parameters ?? []),
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request',
            schema: { type: 'string', maxLength: 200 },
          },
        ];
      }
    }
  }
  return document;
}

/**
 * Serves the UI and the JSON. With `access: 'admin'` (the default in production, API_DOCS) only a signed-in admin
 * may read them: anyone else gets the same 401/403 as an admin endpoint.
 */
export function setupOpenApi(app: INestApplication, prefix: string, access: 'public' | 'admin' = 'public'): void {
  if (access === 'admin') {
    const auth = app.get(AuthService);
    const docs = `/${prefix}/docs`;
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (!req.path.toLowerCase().startsWith(docs)) return next();
      const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const cookie = (req as Request & { cookies?: Record<string, unknown> }).cookies?.[AUTH_COOKIE];
      const token = bearer ?? (typeof cookie === 'string' ? cookie : undefined);
      void (token ? auth.userForRawToken(token) : Promise.resolve(null)).then((user) => {
        res.setHeader('Cache-Control', 'no-store');
        if (!user) res.status(401).json({ error: AUTHENTICATION_REQUIRED });
        else if (user.role !== 'admin') res.status(403).json({ error: ADMIN_REQUIRED });
        else next();
      }, next);
    });
  }
  SwaggerModule.setup(`${prefix}/docs`, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: `${prefix}/docs-json`,
    useGlobalPrefix: false,
  });
}
