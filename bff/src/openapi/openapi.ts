import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { AUTH_COOKIE } from '../auth/auth-cookie';
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
    }
  }
  return document;
}

export function setupOpenApi(app: INestApplication, prefix: string): void {
  SwaggerModule.setup(`${prefix}/docs`, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: `${prefix}/docs-json`,
    useGlobalPrefix: false,
  });
}
