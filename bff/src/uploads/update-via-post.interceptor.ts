import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { map, type Observable } from 'rxjs';
import { isUpdateRequest } from './form-protocol';

/**
 * A POST answers 201 Created, but a POST carrying `_method=PUT` is an update and answers 200. Nest fixes a route's
 * status when it replies, so the update's answer is handed over as a web Response, whose status wins.
 */
@Injectable()
export class UpdateViaPost implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      map((body: unknown) =>
        req.method === 'POST' && isUpdateRequest(req)
          ? new Response(JSON.stringify(body), {
              status: 200,
              headers: { 'Content-Type': 'application/json; charset=utf-8' },
            })
          : body,
      ),
    );
  }
}
