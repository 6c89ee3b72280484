import type { Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** How long a refused request's connection stays open to read what its client is still sending. */
const LINGER_MS = 2_000;

const STATUS_BY_CODE: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/**
 * A request Node's HTTP parser refuses (a head over the size limit, malformed bytes, a head that took too long) gets
 * its 4xx and then its connection is closed without a reset. Node's own handling writes the answer and destroys the
 * socket at once: a client still sending the rest of a large request then gets a TCP reset, which can throw the
 * answer away before the client reads it (it sees ECONNRESET instead of 431). Here the answer is written, the
 * sending side closed, and what the client still sends is read and dropped (the parser keeps consuming it) until the
 * client closes or LINGER_MS pass.
 */
export function answerClientErrors(server: Server): void {
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // More of a request already refused: the parser reports it again for each chunk read.
    if (answered.has(socket)) return;
    answered.add(socket);
    // An answer already under way on this connection: a status line now would corrupt it (Node's rule too).
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const status = STATUS_BY_CODE[error.code ?? ''] ?? '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}
