import { z } from 'zod';
import { SOCKET_PATH } from '#shared/paths';
import { socketRefusal } from '#shared/wire/realtime';
import { jsonSchemaOf } from './json-schema';
import { clientEvents, serverEvents, type ClientEvent, type ServerEvent } from './socket-events';

const CHANNEL = 'socket';
const okAlone = z.object({ ok: z.literal(true) });

/** AsyncAPI payloads are JSON Schema draft 7 unless told otherwise. */
const payloadOf = (schema: z.ZodType) => jsonSchemaOf(schema, 'draft-7');

const messageRef = (name: string) => ({ $ref: `#/channels/${CHANNEL}/messages/${name}` });
const ackName = (event: string) => `${event}.ack`;

function tagsOf(events: Record<string, ClientEvent | ServerEvent>): Array<{ name: string }> {
  return [...new Set(Object.values(events).map((event) => event.tag))].map((name) => ({ name }));
}

/**
 * The socket's AsyncAPI 3.0 document, from the zod schemas the server checks and the client parses
 * (decision 0039). The application described is the server: it receives the client events (each
 * with its acknowledgement as the reply) and sends the server events. socket.io runs every event
 * over one connection, so there is one channel, the socket's path.
 */
export function asyncApiDocument(publicUrl: string | undefined) {
  const served = publicUrl ? new URL(publicUrl) : undefined;
  const messages: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};

  for (const [name, event] of Object.entries(clientEvents)) {
    messages[name] = { name, title: name, summary: event.description, payload: payloadOf(event.payload) };
    messages[ackName(name)] = {
      name: ackName(name),
      title: `${name} (acknowledgement)`,
      summary: 'The answer in the callback: the success, or `{ ok: false, error }` with the French reason.',
      payload: payloadOf(z.union([event.answer ?? okAlone, socketRefusal])),
    };
    operations[name] = {
      action: 'receive',
      channel: { $ref: `#/channels/${CHANNEL}` },
      title: name,
      summary: event.description,
      tags: [{ name: event.tag }],
      messages: [messageRef(name)],
      reply: { channel: { $ref: `#/channels/${CHANNEL}` }, messages: [messageRef(ackName(name))] },
    };
  }
  for (const [name, event] of Object.entries(serverEvents)) {
    messages[name] = { name, title: name, summary: event.description, payload: payloadOf(event.payload) };
    operations[name] = {
      action: 'send',
      channel: { $ref: `#/channels/${CHANNEL}` },
      title: name,
      summary: event.description,
      tags: [{ name: event.tag }],
      messages: [messageRef(name)],
    };
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Shattered Realms — realtime',
      version: '1',
      description:
        'The socket.io events of Shattered Realms. A client event is `socket.emit(name, payload, callback)`: the callback receives `{ ok: true, … }` or `{ ok: false, error }` with the French reason; sent without a callback, a refusal comes back as an `error` event. The REST API is in the OpenAPI document beside this one.',
      tags: [...tagsOf(clientEvents), ...tagsOf(serverEvents)].filter(
        (tag, index, all) => all.findIndex((other) => other.name === tag.name) === index,
      ),
    },
    defaultContentType: 'application/json',
    servers: {
      app: {
        host: '{host}',
        protocol: served?.protocol === 'https:' ? 'wss' : 'ws',
        pathname: SOCKET_PATH,
        description: 'socket.io 4 (polling, then WebSocket).',
        variables: { host: { default: served?.host ?? 'localhost:3000' } },
        security: [{ $ref: '#/components/securitySchemes/accessToken' }],
      },
    },
    channels: {
      [CHANNEL]: {
        address: SOCKET_PATH,
        title: 'The socket',
        messages: Object.fromEntries(
          Object.keys(messages).map((name) => [name, { $ref: `#/components/messages/${name}` }]),
        ),
      },
    },
    operations,
    components: {
      messages,
      securitySchemes: {
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "The REST API's access token, as `auth: { token }` in the socket.io handshake or an `Authorization: Bearer` header; renewed on an open socket with `authenticateUser`.",
        },
      },
    },
  };
}

export type AsyncApiDocument = ReturnType<typeof asyncApiDocument>;
