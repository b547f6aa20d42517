import { Decoder, type Packet } from 'socket.io-parser';

/**
 * socket.io's encoder for packets of JSON only: each one in the protocol's text form, as socket.io's
 * own encoder writes a packet without bytes, but without walking it first in search of bytes
 * (`hasBinary`, which went through every drop's envelope and ack, a sixth of socket.io's own work
 * per packet in the fan-out's profile). Nothing the server emits holds bytes: every socket event
 * is a JSON contract (`src/api/schemas`), and files go over HTTP.
 */
class JsonEncoder {
  encode({ type, nsp, id, data }: Packet): string[] {
    let text = String(type);
    if (nsp && nsp !== '/') text += `${nsp},`;
    if (id !== undefined && id !== null) text += id;
    if (data !== undefined && data !== null) text += JSON.stringify(data);
    return [text];
  }
}

/** The server's parser: socket.io's decoder, and the encoder above. Clients keep socket.io's own. */
export const jsonParser = { Encoder: JsonEncoder, Decoder };
