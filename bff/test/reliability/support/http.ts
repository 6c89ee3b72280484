import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';

export interface HttpRequest {
  method: string;
  /** Path and query, e.g. /backend/api/settings.php */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface HttpAnswer {
  /** 0 when no answer came (network error or timeout). */
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** Milliseconds from sending to the end of the answer (or the error). */
  ms: number;
  /** ECONNRESET, ECONNREFUSED, TIMEOUT ... when no answer came. */
  error?: string;
}

/** One HTTP exchange. Never rejects: failures come back as status 0 with an error code. */
export function send(
  origin: string,
  req: HttpRequest,
  options: { agent?: Agent; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  const started = performance.now();
  // The path goes out exactly as given (no URL normalisation: "../" must reach the server as sent).
  const url = new URL(origin);
  const body = typeof req.body === 'string' ? Buffer.from(req.body) : req.body;
  const headers: Record<string, string> = { ...req.headers };
  if (body && headers['Content-Length'] === undefined) headers['Content-Length'] = String(body.length);
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer: Omit<HttpAnswer, 'ms'>) => {
      if (done) return;
      done = true;
      resolve({ ...answer, ms: performance.now() - started });
    };
    const r = request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers,
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => finish({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', (error: NodeJS.ErrnoException) =>
          finish({ status: 0, headers: {}, body: Buffer.alloc(0), error: error.code ?? error.message }),
        );
      },
    );
    r.setTimeout(options.timeoutMs ?? 10_000, () => {
      finish({ status: 0, headers: {}, body: Buffer.alloc(0), error: 'TIMEOUT' });
      r.destroy();
    });
    r.on('error', (error: NodeJS.ErrnoException) =>
      finish({ status: 0, headers: {}, body: Buffer.alloc(0), error: error.code ?? error.message }),
    );
    r.end(body);
  });
}

/** The answer's JSON body, or undefined when it is not JSON. */
export function jsonOf(answer: HttpAnswer): unknown {
  if (!String(answer.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Bytes straight onto a socket, for requests no HTTP client would send (an unknown method, broken framing).
 * Resolves with the status of the first answer, 0 when the server closed without answering.
 */
export function sendRaw(origin: string, bytes: Buffer, timeoutMs = 5000): Promise<{ status: number; text: string }> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text });
    };
    socket.setTimeout(timeoutMs, finish);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // One answer is all we want: stop once its head has arrived.
      if (Buffer.concat(chunks).includes('\r\n\r\n')) setTimeout(finish, 50);
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', finish);
    socket.write(bytes, () => socket.end());
  });
}

export type MultipartPart =
  { name: string; value: string } | { name: string; filename: string; data: Buffer; contentType?: string };

/** A multipart/form-data body. */
export function multipart(
  parts: MultipartPart[],
  boundary = `----reliability${randomBytes(8).toString('hex')}`,
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

export const jsonBody = (value: unknown): { headers: Record<string, string>; body: string } => ({
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(value),
});
