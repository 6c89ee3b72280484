// @ts-check
// /backend/api proxied to the BFF (http-proxy-3: a maintained rewrite of http-proxy). Nothing here touches a header
// once a request is on its way: hop-by-hop headers are removed from the visitor's request before it is handed to the
// proxy, and the BFF's answer is written by this module (selfHandleResponse) from a filtered copy of its headers.
// When the BFF cannot be reached (stopped, restarting) the API answers 503 JSON with Retry-After at once.
// A download the BFF has authorised and counted may come back as `X-Accel-Redirect` (FILE_DELIVERY=x-accel), as it
// does behind nginx: the stored file is then sent from here (`files`), one stream from the disk instead of two.
import { Agent } from 'node:http';
import { createProxyServer } from 'http-proxy-3';
import send from 'send';

/**
 * Hop-by-hop headers (RFC 9110 7.6.1): about one connection, never forwarded by a proxy. Transfer-Encoding is
 * left to Node, which frames each side's body itself.
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade', 'transfer-encoding'];

/**
 * The header names to drop from `headers`: the hop-by-hop ones and those its Connection header names.
 * Transfer-Encoding stays on a request (Node frames the forwarded body from it) and goes from an answer.
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @returns {Set<string>}
 */
export function hopByHopNames(headers) {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return new Set([...HOP_BY_HOP, ...named]);
}

/**
 * @typedef {object} ApiProxyOptions
 * @property {string} target the BFF's origin
 * @property {string} [pathPrefix] default '/backend/api'
 * @property {number} [maxSockets] connections to the BFF at once (more requests wait for one)
 * @property {number} [timeoutMs] no answer (or no byte of it) from the BFF for this long: 504
 * @property {number} [retryAfterSeconds] said to clients while the BFF is unavailable
 * @property {InternalFiles} [files] where an answer's X-Accel-Redirect points (unset: such an answer is a 502)
 */

/**
 * The stored files the BFF may hand over with `X-Accel-Redirect: <prefix><stored path>`, as nginx's internal
 * location does (docker/nginx/edge.conf.template).
 * @typedef {object} InternalFiles
 * @property {string} prefix the BFF's X_ACCEL_PREFIX, e.g. '/_protected_files/'
 * @property {string} root the BFF's upload folder; nothing outside it is ever sent
 */

/**
 * Bytes read from the disk at a time for a handed-over file: 256 KB (four times a read stream's default: a 5 MB
 * paper in 20 turns of a busy event loop instead of 80; mixed-traffic bench, 5 MB download 0.16 of a read stream
 * against 0.06) while few files are being sent, the default 64 KB beyond that, so that many slow readers at once
 * hold a bounded amount of memory (about two reads each: one read, one in the socket).
 */
const LARGE_READ_BYTES = 256 * 1024;
const READ_BYTES = 64 * 1024;
const LARGE_READS_UP_TO = 32;
/** Files being sent from here now. */
let filesSending = 0;

/** @param {import('node:http').ServerResponse} res @param {number} status @param {string} error @param {number} [retryAfter] */
export function answerJson(res, status, error, retryAfter) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  /** @type {Record<string, string>} */
  const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
  if (retryAfter) headers['Retry-After'] = String(retryAfter);
  res.writeHead(status, headers);
  res.end(JSON.stringify({ error }));
}

const UNAVAILABLE = 'Service temporarily unavailable. Please try again shortly.';
/** Errors that mean nothing reached the BFF, or it went away before answering. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNABORTED']);

/** Headers about the BFF's empty answer, not about the file sent in its place. */
const BODY_HEADERS = ['content-length', 'content-range', 'content-encoding'];

/**
 * Sends the stored file an `X-Accel-Redirect` names, with the BFF's headers (type, disposition, validators, cache
 * and security headers): a single Range, If-Range and conditional requests are answered as nginx does (a request for
 * several ranges gets the whole file, which is what the BFF counted it as). A path outside `files.prefix`, or no
 * `files` at all, is the BFF misconfigured: 502, never the BFF's empty body. The path is resolved under `files.root`
 * only (`send` refuses `..`).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} internal
 * @param {import('node:http').OutgoingHttpHeaders} headers
 * @param {InternalFiles | undefined} files
 */
function sendInternalFile(req, res, internal, headers, files) {
  if (!files || !internal.startsWith(files.prefix)) {
    answerJson(res, 502, 'The server could not send this file. Please try again later.');
    return;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (!BODY_HEADERS.includes(name) && value !== undefined) res.setHeader(name, value);
  }
  /** `send` hands its options to the file's read stream too (highWaterMark), which its types do not say. */
  /** @type {import('send').SendOptions & { highWaterMark: number }} */
  const sendOptions = {
    root: files.root,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    // The BFF's validators are the file's (set above); `send` judges If-None-Match, If-Range... by them.
    etag: false,
    lastModified: false,
    highWaterMark: filesSending < LARGE_READS_UP_TO ? LARGE_READ_BYTES : READ_BYTES,
  };
  send(req, `/${internal.slice(files.prefix.length)}`, sendOptions)
    .on('stream', () => {
      filesSending++;
      res.once('close', () => filesSending--);
    })
    .on('error', (/** @type {{ status?: number; headers?: Record<string, string> }} */ error) => {
      // The disk failed mid-file: the answer is cut, and said so by closing the connection.
      if (res.headersSent) {
        res.destroy();
        return;
      }
      for (const name of ['content-type', 'content-disposition', 'etag', 'last-modified', 'content-length']) {
        res.removeHeader(name);
      }
      const status = error.status ?? 500;
      if (status === 416) {
        for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
        answerJson(res, 416, 'Requested range not satisfiable');
      } else if (status === 412) answerJson(res, 412, 'Precondition failed');
      else if (status < 500) answerJson(res, 404, 'File not found');
      else answerJson(res, 500, 'The server could not send this file. Please try again later.');
    })
    .on('directory', () => answerJson(res, 404, 'File not found'))
    .pipe(res);
}

/**
 * @param {ApiProxyOptions} options
 */
export function createApiProxy(options) {
  const prefix = options.pathPrefix ?? '/backend/api';
  const retryAfter = options.retryAfterSeconds ?? 2;
  const timeoutMs = options.timeoutMs ?? 60_000;
  // Keep-alive to the BFF: when it answers early (401, 403, 404, 413) while a body is still arriving, it reads and
  // discards the rest on the same connection instead of closing it under the proxy's feet.
  // Idle sockets are dropped after 30 s, before the BFF's own keep-alive timeout (65 s) could close one under a new
  // request.
  const agent = new Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 256, timeout: 30_000 });
  const proxy = createProxyServer({
    target: options.target,
    xfwd: true,
    agent,
    proxyTimeout: timeoutMs,
    selfHandleResponse: true,
  });
  /** Set by the supervisor: while false the API answers 503 without trying the BFF's port. */
  let available = true;

  proxy.on('proxyRes', (proxyRes, req, res) => {
    /** @type {any} */ (req).proxyAnswered = true;
    const drop = hopByHopNames(proxyRes.headers);
    drop.add('x-accel-redirect');
    /** @type {import('node:http').OutgoingHttpHeaders} */
    const headers = {};
    for (const [name, value] of Object.entries(proxyRes.headers)) {
      if (value !== undefined && !drop.has(name)) headers[name] = value;
    }
    if (res.headersSent || res.destroyed) {
      proxyRes.destroy();
      return;
    }
    const internal = proxyRes.headers['x-accel-redirect'];
    if (internal !== undefined) {
      // The BFF's answer carries no body; its connection goes back to the pool once read.
      proxyRes.resume();
      sendInternalFile(req, res, String(internal), headers, options.files);
      return;
    }
    res.writeHead(proxyRes.statusCode ?? 502, proxyRes.statusMessage, headers);
    // The BFF stopped mid-body: the visitor's answer is cut, and said so by closing its connection.
    proxyRes.once('aborted', () => res.destroy());
    proxyRes.once('error', () => res.destroy());
    proxyRes.pipe(res);
    // An early answer: once it is sent, read and drop the rest of the client's body, so the client (still sending)
    // sees its answer and a healthy connection rather than a reset.
    res.once('finish', () => {
      if (!req.complete) {
        req.unpipe();
        req.resume();
      }
    });
  });

  /** @type {import('http-proxy-3').ErrorCallback} */
  const onError = (error, req, res) => {
    const out = /** @type {import('node:http').ServerResponse} */ (res);
    // The BFF answered and then stopped reading the body: its answer is the answer (it is being piped).
    if (/** @type {any} */ (req).proxyAnswered) {
      req.unpipe();
      req.resume();
      return;
    }
    if (typeof out.writeHead !== 'function') return;
    const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? '';
    if (code === 'ECONNRESET' && req.socket.destroyed) return; // the visitor left
    // The proxy's own timeout ends the BFF's request with a plain reset: told apart by the time it waited.
    const startedAt = /** @type {{ proxyStartedAt?: number }} */ (/** @type {unknown} */ (req)).proxyStartedAt;
    const waited = Date.now() - (startedAt ?? Date.now());
    if (UNREACHABLE.has(code) && waited < timeoutMs) answerJson(out, 503, UNAVAILABLE, retryAfter);
    else answerJson(out, 504, 'The server took too long to answer. Please try again.', retryAfter);
  };

  /** @type {import('express').RequestHandler} */
  const handle = (req, res, next) => {
    const path = req.originalUrl ?? req.url ?? '';
    if (path !== prefix && !path.startsWith(`${prefix}/`) && !path.startsWith(`${prefix}?`)) return next();
    if (!available) return answerJson(res, 503, UNAVAILABLE, retryAfter);
    // Hop-by-hop headers are about the visitor's connection: removed before the request leaves (never after).
    for (const name of hopByHopNames(req.headers)) if (name !== 'transfer-encoding') delete req.headers[name];
    // Express may have rewritten req.url under a mount; the BFF wants the full path.
    req.url = path;
    /** @type {any} */ (req).proxyStartedAt = Date.now();
    proxy.web(req, res, {}, onError);
  };

  return {
    handle,
    /** @param {boolean} up */
    setAvailable(up) {
      available = up;
      // Sockets to a BFF that went away are useless; the next ones go to the new process.
      if (!up) agent.destroy();
    },
    close() {
      proxy.close();
      agent.destroy();
    },
  };
}
