/**
 * A socket.io client written by hand over engine.io's HTTP long-polling, as a hostile client
 * would write one: it sends packets socket.io-client can never encode (20,000-deep payloads,
 * binary packets whose placeholder sits at the bottom of such a payload) and reads the server's
 * answers as they come.
 */
import { SOCKET_PATH } from '../../src/api/paths';

/** engine.io's separator between packets of one polling body. */
const RECORD_SEPARATOR = '\u001e';

export interface RawSocketIo {
  /** Sends socket.io packets as they are written (`42["event",…]`), in one polling request. */
  send(...packets: string[]): Promise<void>;
  /** Emits `event` with an acknowledgement id and waits for that acknowledgement's argument. */
  emitWithAck(event: string, payloadJson: string): Promise<unknown>;
  /** The same, as a binary packet: `payloadJson` holds `{"_placeholder":true,"num":0}` once. */
  emitBinaryWithAck(event: string, payloadJson: string, attachment: Buffer): Promise<unknown>;
  close(): Promise<void>;
}

/** `depth` arrays inside each other, as JSON text, around `inner`. */
export function nestedArrays(depth: number, inner = '0'): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}

/** `depth` objects inside each other (`{"a":{"a":…}}`), as JSON text, around `inner`. */
export function nestedObjects(depth: number, inner = '0'): string {
  return `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
}

/** Connects to the default namespace of the server at `url` with an access token. */
export async function connectRawSocketIo(url: string, token: string): Promise<RawSocketIo> {
  const base = `${url}${SOCKET_PATH}?EIO=4&transport=polling`;
  const opened = await (await fetch(base)).text();
  const { sid } = JSON.parse(opened.slice(1)) as { sid: string };
  const endpoint = `${base}&sid=${encodeURIComponent(sid)}`;
  const inbox: string[] = [];
  let nextAckId = 1;
  let closed = false;

  const post = async (body: string) => {
    const response = await fetch(endpoint, { method: 'POST', body });
    if (!response.ok) throw new Error(`polling POST: ${response.status} ${await response.text()}`);
  };
  const poll = async () => {
    const response = await fetch(endpoint);
    if (!response.ok) throw new Error(`polling GET: ${response.status} ${await response.text()}`);
    for (const packet of (await response.text()).split(RECORD_SEPARATOR)) {
      // engine.io's ping ('2') is answered with a pong ('3'), or the server drops the session.
      if (packet === '2') await post('3');
      else if (packet.startsWith('4')) inbox.push(packet.slice(1));
    }
  };
  const waitFor = async (matches: (packet: string) => boolean): Promise<string> => {
    for (;;) {
      const index = inbox.findIndex(matches);
      if (index >= 0) return inbox.splice(index, 1)[0]!;
      if (closed) throw new Error('raw socket closed');
      await poll();
    }
  };

  await post(`40${JSON.stringify({ token })}`);
  const connected = await waitFor((packet) => packet.startsWith('0') || packet.startsWith('4'));
  if (!connected.startsWith('0')) throw new Error(`socket.io refused the connection: ${connected}`);

  const ackOf = async (id: number) => {
    const answer = await waitFor((packet) => packet.startsWith(`3${id}[`));
    return (JSON.parse(answer.slice(`3${id}`.length)) as unknown[])[0];
  };

  return {
    send: (...packets) => post(packets.map((packet) => `4${packet}`).join(RECORD_SEPARATOR)),
    async emitWithAck(event, payloadJson) {
      const id = nextAckId++;
      await post(`42${id}[${JSON.stringify(event)},${payloadJson}]`);
      return ackOf(id);
    },
    async emitBinaryWithAck(event, payloadJson, attachment) {
      const id = nextAckId++;
      await post(
        [`451-${id}[${JSON.stringify(event)},${payloadJson}]`, `b${attachment.toString('base64')}`].join(
          RECORD_SEPARATOR,
        ),
      );
      return ackOf(id);
    },
    async close() {
      closed = true;
      await post('41').catch(() => undefined);
    },
  };
}
