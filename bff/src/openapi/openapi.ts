import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { AUTH_COOKIE } from '../auth/auth-cookie';

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
  return SwaggerModule.createDocument(app, config);
}

export function setupOpenApi(app: INestApplication, prefix: string): void {
  SwaggerModule.setup(`${prefix}/docs`, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: `${prefix}/docs-json`,
    useGlobalPrefix: false,
  });
}
