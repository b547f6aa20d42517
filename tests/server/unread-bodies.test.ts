import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/api/paths';
import { serverForSuite } from '../helpers/suite-server';

/** A client that stops sending once answered must not keep a connection (and the shutdown) waiting. */
describe('a body the server answered without reading', () => {
  const t = serverForSuite();

  it('closes the connection after the answer, though the body never came whole', async () => {
    const { port } = new URL(t.url);
    const socket = connect(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    // Headers announce 200 KB; 1 KB comes, then nothing: the route refuses before reading (401).
    socket.write(
      [
        `POST ${API_BASE}/game-data HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/json',
        'Content-Length: 200000',
        '',
        `{"name":"${'x'.repeat(1000)}`,
      ].join('\r\n'),
    );
    // Kept alive, the connection would wait for the 199 KB that never come.
    const outcome = await Promise.race([
      closed.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 5000)),
    ]);
    socket.destroy();
    expect(outcome).toBe('closed');
    const answer = Buffer.concat(received).toString();
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer.toLowerCase()).toContain('connection: close');
  });
});
