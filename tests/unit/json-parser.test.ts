import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';
import { jsonParser } from '../../server/realtime/json-parser';

const json = fc.jsonValue().filter((value) => value !== null);
const packet: fc.Arbitrary<Packet> = fc.record(
  {
    type: fc.constantFrom(
      PacketType.CONNECT,
      PacketType.DISCONNECT,
      PacketType.EVENT,
      PacketType.ACK,
      PacketType.CONNECT_ERROR,
    ),
    nsp: fc.constantFrom('/', '/admin'),
    id: fc.nat(),
    data: fc.oneof(json, fc.tuple(fc.constantFrom('itemUpdate', 'error'), json)),
  },
  { requiredKeys: ['type', 'nsp'] },
);

describe("the server's JSON encoder", () => {
  it("writes every JSON packet as socket.io's own encoder does", () => {
    const encoder = new jsonParser.Encoder();
    const theirs = new Encoder();
    fc.assert(
      fc.property(packet, (each) => {
        expect(encoder.encode(each)).toEqual(theirs.encode(each));
      }),
    );
  });

  it("is read back by socket.io's decoder as what was sent", () => {
    const encoder = new jsonParser.Encoder();
    const decoder = new Decoder();
    const decoded: Packet[] = [];
    decoder.on('decoded', (each: Packet) => decoded.push(each));
    const sent: Packet = {
      type: PacketType.EVENT,
      nsp: '/',
      id: 7,
      data: ['itemUpdate', { seq: 3, x: 12.5 }],
    };
    for (const text of encoder.encode(sent)) decoder.add(text);
    expect(decoded).toEqual([sent]);
  });
});
