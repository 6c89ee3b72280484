import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { answerClientErrors } from './client-errors';

/**
 * Sends `head`, waits for the server's first answer bytes, then sends `more` (the rest of a large request still on its
 * way), and reports what came back and how the connection ended.
 */
async function refusedRequest(port: number, head: string, more: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  let failure: string | null = null;
  socket.on('error', (error: NodeJS.ErrnoException) => {
    failure = error.code ?? error.message;
  });
  const closed = once(socket, 'close');
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  socket.write(head);
  await once(socket, 'data');
  socket.write(more);
  // The client is done sending: it closes its side and reads to the end.
  socket.end();
  await closed;
  return { received, failure };
}

describe('requests the HTTP parser refuses', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    answerClientErrors(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });

  it('answers a head over the size limit with 431 and closes without a reset while the client is still sending', async () => {
    const longLine = `DELETE /papers/1/questions/edits?variant=${'x'.repeat(20_000)}`;
    const { received, failure } = await refusedRequest(port, longLine, `${'y'.repeat(64 * 1024)} HTTP/1.1\r\n\r\n`);
    expect(failure).toBeNull();
    expect(received).toBe(
      'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
    );
  });

  it('answers malformed bytes with 400, once, however much more arrives', async () => {
    const { received, failure } = await refusedRequest(
      port,
      'GET / HTTP/1.1\r\nBad Header\r\n\r\n',
      'z'.repeat(200_000),
    );
    expect(failure).toBeNull();
    expect(received).toBe('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  it('still serves well-formed requests', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    expect(await answer.text()).toBe('ok');
  });
});
