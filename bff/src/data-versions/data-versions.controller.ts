import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { AppConfig } from '../config/app-config';
import { ReadCache, type ContentScope } from '../read-cache/read-cache';

/** The open event streams: ended first when the process stops, so that draining the server does not wait on them. */
const openStreams = new Set<Response>();

/** Ends every open versions stream (its listener reconnects, to another instance behind the proxy). */
export function endEventStreams(): void {
  for (const res of openStreams) res.end();
  openStreams.clear();
}

/** Identifies this process's run: versions restart at 0 with the process, the boot id tells a listener so. */
const BOOT = randomUUID();
const HEARTBEAT_MS = 15_000;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * For the product's own servers only, behind INTERNAL_TOKEN (404 to anyone else, and when no token is configured).
 * `GET internal/versions`: a server-sent event stream of the data versions (content after every committed write,
 * counters after every counted download, on any instance), one event now and one per change; a content change that
 * touched only some subjects carries `scope: { subjects: [ids] }`. The shell's server drops its rendered pages on
 * each (for a scoped change, only those that may show its subjects), and caches none while `live` is false (this
 * instance's own read cache stands aside because the changes of other instances cannot reach it).
 */
@ApiExcludeController()
@Public()
@Controller('internal')
export class DataVersionsController {
  constructor(
    private readonly cache: ReadCache,
    private readonly config: AppConfig,
  ) {}

  @Get('versions')
  versions(@Req() req: Request, @Res() res: Response): void {
    const token = this.config.web.internalToken;
    const given = req.headers['x-internal-token'];
    if (!token || typeof given !== 'string' || !sameSecret(given, token)) throw new NotFoundException();
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    const send = (scope?: ContentScope) =>
      res.write(
        `data: ${JSON.stringify({ boot: BOOT, live: this.cache.live, ...this.cache.versions(), ...(scope ? { scope } : {}) })}\n\n`,
      );
    send();
    const unsubscribe = this.cache.onChange((_versions, scope) => send(scope));
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    openStreams.add(res);
    res.on('close', () => {
      openStreams.delete(res);
      clearInterval(heartbeat);
      unsubscribe();
    });
  }
}
