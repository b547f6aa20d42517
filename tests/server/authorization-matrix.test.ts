import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '../../server/lib/errors';
import { createAnomaliesService } from '../../server/modules/anomalies/service';
import { createAnomalyRequest } from '../../src/api/schemas/anomalies';
import { API_BASE } from '../../src/api/paths';
import {
  linkableCategories,
  resourceCategories,
  type ResourceCategory,
} from '../../src/domain/resources/categories';
import {
  buildAuthorizationWorld,
  COLUMNS,
  signIn,
  stockStoreShelf,
  validForm,
  type AuthorizationWorld,
  type Column,
  type StoreShelf,
} from '../helpers/authorization-world';
import { validCharacterBody } from '../helpers/characters';
import { changedTables, databaseFingerprint } from '../helpers/database-fingerprint';
import { routesOf, type ListedRoute } from '../helpers/route-list';
import { insertGame } from '../helpers/game-fixtures';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';
import { serverState } from '../helpers/table';

/**
 * The authorisation matrix over every route the server registers, read from Fastify's
 * own route tree: a route added tomorrow fails this file until its row is written in `MATRIX`.
 *
 * Anonymous callers get 401 except on the public routes; a signed-in user never crashes a route
 * with ids that name nothing. Then each column — an outsider, the game's player, a player it kicked
 * (who still owns their character), a pending invitee, the MJ of another game (twice: as is, and
 * with their own game in the paths' `:gameId`), the game's MJ and an admin — calls every route on
 * a world of its own (`buildAuthorizationWorld`), its parameters and bodies naming that game's
 * things, and gets what its row says:
 * - `allowed`: 2xx;
 * - `refused`: 401, 403 or 404 with an `error`, and the database unchanged;
 * - `found` and `hidden`, for lookups by ids: 200 with the thing named, or with an empty list since
 *   a lookup leaves out what the caller may not read (unchanged);
 * - a status: refused for a business reason after the authorisation passed, with an `error`, unchanged.
 */
type Outcome = 'allowed' | 'found' | 'refused' | 'hidden' | 400 | 409;
type Expected = Record<Column, Outcome>;

/** What a cell sends: values of the path's parameters, a body, a query, another token. */
interface Request {
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
  token?: string;
}
interface Cell {
  t: TestServer;
  world: AuthorizationWorld;
  column: Column;
  actor: RegisteredUser;
}
interface Row {
  may: Expected;
  send?: (cell: Cell) => Request | Promise<Request>;
}

const only = (...allowed: Column[]): Expected =>
  Object.fromEntries(
    COLUMNS.map((column) => [column, allowed.includes(column) ? 'allowed' : 'refused']),
  ) as Expected;
/** For lookups by ids: the others get an empty list rather than a refusal. */
const onlyElseHidden = (...allowed: Column[]): Expected =>
  Object.fromEntries(
    COLUMNS.map((column) => [column, allowed.includes(column) ? 'found' : 'hidden']),
  ) as Expected;
/** The caller's own account, lists and lobby: the same for everyone. */
const everyone = only(...COLUMNS);
/** Those who sit at the game's table (`requireSeat`): its members, and admins who oversee every table. */
const seated = only('player', 'mj', 'admin');
/** The game's members (`requireMember`). */
const members = only('player', 'mj');
/** Those who keep a character (`requireKeeper`): its owner, even gone from the game, and the MJ. */
const keepers = only('player', 'kicked', 'mj');
/**
 * For the routes whose only tie to the game is `:gameId`: the other MJ calling them with their own
 * game in the path does so as that game's MJ.
 */
const andAtHome = (expected: Expected, outcome: Outcome = 'allowed'): Expected => ({
  ...expected,
  otherMjAtHome: outcome,
});

const anomalyReport = (column: Column) => ({
  endpoint: `GET /matrice/${column}/${randomUUID()}`,
  title: 'Panne',
});

const openAnomaly = async (t: TestServer, column: Column) =>
  (await createAnomaliesService(t.database.db).create(createAnomalyRequest.parse(anomalyReport(column)))).id;

/**
 * The anomaly the refused columns name, opened once before any batch: their refusal must leave it
 * untouched. The admin acts on one opened for the call (allowed calls play after the batch).
 */
let standingAnomaly = '';
const anomalyFor = async ({ t, column }: Cell) =>
  column === 'admin' ? openAnomaly(t, column) : standingAnomaly;

/** The character a column names: its own in the game if it has one, else the player's. */
const characterOf = ({ world, column }: Cell) =>
  column === 'kicked' ? world.characters.kicked : world.characters.player;

/** Rows of one resource category; the store and the admin page repeat them for each. */
function categoryRows(category: ResourceCategory): Record<string, Row> {
  const ids = ({ world }: Cell) => world.resources[category];
  /** What the table shows every member; monster stat blocks and the rest stay the MJ's (and holders'). */
  const readers =
    category === 'monster'
      ? only('mj', 'admin')
      : category === 'map'
        ? seated
        : category === 'attack' || category === 'enchantment'
          ? members
          : only('player', 'mj');
  const rows: Record<string, Row> = {
    [`GET /game-data/:gameId/${category}`]: {
      // An admin overseeing the table reads the lists it offers: maps and monsters.
      may: andAtHome(category === 'map' || category === 'monster' ? only('mj', 'admin') : only('mj')),
    },
    [`POST /game-data/:gameId/${category}`]: {
      may: andAtHome(only('mj')),
      send: () => ({ body: validForm(category, 'Neuf') }),
    },
    [`PUT /game-data/:gameId/${category}/:resourceId`]: {
      may: only('mj'),
      send: (cell) => ({ params: { resourceId: ids(cell).held }, body: validForm(category, 'Renommé') }),
    },
    [`DELETE /game-data/:gameId/${category}/:resourceId`]: {
      may: only('mj'),
      send: (cell) => ({ params: { resourceId: ids(cell).spare } }),
    },
    [`POST /game-data/:gameId/${category}/export`]: {
      may: only('mj'),
      send: (cell) => ({ body: { resourceId: ids(cell).spare } }),
    },
    [`POST /game-data/:gameId/${category}/import`]: {
      may: andAtHome(only('mj')),
      send: (cell) => ({ body: { resourceId: ids(cell).otherEntry } }),
    },
    [`DELETE /game-data/:gameId/${category}/import/:resourceId`]: {
      may: only('mj'),
      send: (cell) => ({ params: { resourceId: ids(cell).imported } }),
    },
    [`GET /${category}/:id`]: { may: readers, send: (cell) => ({ params: { id: ids(cell).held } }) },
    [`GET /global-store/${category}`]: { may: everyone },
    [`GET /global-store/${category}/:resourceId`]: {
      may: everyone,
      send: (cell) => ({ params: { resourceId: ids(cell).ownEntry } }),
    },
    // The entry's creator (the MJ, who made the resource), or an admin.
    [`DELETE /global-store/${category}/:resourceId`]: {
      may: only('mj', 'admin'),
      send: (cell) => ({ params: { resourceId: ids(cell).ownEntry } }),
    },
  };
  if (!(linkableCategories as readonly string[]).includes(category)) return rows;
  return {
    ...rows,
    [`POST /game-data/:gameId/assign/${category}`]: {
      may: only('mj'),
      send: (cell) => ({ body: { resourceId: ids(cell).spare, playerId: characterOf(cell), quantity: 1 } }),
    },
    [`DELETE /game-data/:gameId/unassign/${category}/:resourceId/:playerId`]: {
      may: only('mj'),
      send: (cell) => ({ params: { resourceId: ids(cell).held } }),
    },
    [`POST /game-data/:gameId/add-to-all/${category}`]: {
      may: only('mj'),
      send: (cell) => ({ body: { resourceId: ids(cell).spare, quantity: 1 } }),
    },
  };
}

/** `GET /player-…/{id}/players`: who holds a resource, for the game's MJ. */
const holderPaths = {
  memory: 'player-memories',
  item: 'player-items',
  rune: 'player-runes',
  echo: 'player-echoes',
};

/**
 * Every API route, by method and Fastify's template (two routes sharing a segment show both
 * parameter names, `:playerId|:id`): a new route gets its row here (the first test names the
 * missing ones). A parameter a row does not name is filled by its name: `:gameId` the game,
 * `:playerId` the column's character, `:memoryId` the held memory, `:userId` and `:friendId` the MJ.
 */
const MATRIX: Record<string, Row> = {
  'GET /health': { may: everyone },
  'GET /config': { may: everyone },
  'GET /docs': { may: everyone },
  'GET /docs/openapi.json': { may: everyone },
  'GET /docs/asyncapi.json': { may: everyone },
  'GET /metrics': { may: only('admin') },
  // The operator's BACKUP_TOKEN alone, no web account (decision 0038).
  'GET /operations/backup': { may: only() },
  'GET /monitoring/metrics': { may: only('admin') },
  'POST /monitoring/metrics/reset': { may: only('admin') },
  'GET /monitoring/analysis': { may: only('admin') },
  'GET /monitoring/optimization-report': { may: only('admin') },
  'GET /monitoring/redundancies': { may: only('admin') },
  'POST /monitoring/create-anomalies': { may: only('admin') },
  'POST /monitoring/web-vitals': {
    may: everyone,
    send: () => ({ body: { page: '/game', metrics: [{ name: 'LCP', value: 1800 }] } }),
  },
  'GET /anomalies': { may: only('admin') },
  'GET /anomalies/stats': { may: only('admin') },
  'POST /anomalies': { may: only('admin'), send: ({ column }) => ({ body: anomalyReport(column) }) },
  // The server saw no error on the endpoint: an admin's report of it is refused, not invented.
  'POST /anomalies/from-metrics': {
    may: { ...only('admin'), admin: 409 },
    send: ({ column }) => ({ body: anomalyReport(column) }),
  },
  'PUT /anomalies/:id/status': {
    may: only('admin'),
    send: async (cell) => ({ params: { id: await anomalyFor(cell) }, body: { status: 'En cours' } }),
  },
  'PUT /anomalies/:id/resolve': {
    may: only('admin'),
    send: async (cell) => ({
      params: { id: await anomalyFor(cell) },
      body: { resolution: 'Résolu automatiquement' },
    }),
  },
  'DELETE /anomalies/:id': {
    may: only('admin'),
    send: async (cell) => ({ params: { id: await anomalyFor(cell) } }),
  },

  'POST /auth/register': {
    may: everyone,
    send: () => ({
      body: {
        email: `${randomUUID()}@example.com`,
        password: 'motdepasse',
        displayName: `n${randomUUID().slice(0, 8)}`,
      },
    }),
  },
  'POST /auth/login': {
    may: everyone,
    send: ({ actor }) => ({ body: { email: actor.email, password: actor.password } }),
  },
  'POST /auth/refresh': {
    may: everyone,
    send: ({ actor }) => ({ body: { refreshToken: actor.refreshToken } }),
  },
  'GET /auth/verify': { may: everyone },
  'GET /auth/profile': { may: everyone },
  'GET /auth/account/data': { may: everyone },
  'PUT /auth/profile': {
    may: everyone,
    send: ({ actor }) => ({ body: { displayName: actor.displayName, email: actor.email } }),
  },
  'GET /auth/check-display-name': { may: everyone, send: () => ({ query: { displayName: 'Personne' } }) },
  // A session of its own: the column's other calls keep theirs.
  'POST /auth/logout': {
    may: everyone,
    send: async ({ t, actor }) => ({ token: (await signIn(t, actor)).token }),
  },
  'POST /auth/change-password': {
    may: everyone,
    send: ({ actor }) => ({ body: { currentPassword: actor.password, newPassword: 'nouveau-secret' } }),
  },
  'DELETE /auth/account': { may: everyone, send: () => ({ body: { password: 'nouveau-secret' } }) },

  'GET /users/search': { may: everyone, send: () => ({ query: { username: 'Personne' } }) },
  'GET /users/:id': { may: everyone, send: ({ world }) => ({ params: { id: world.actors.mj.userId } }) },
  'GET /users/friends': { may: everyone },
  'POST /users/friends': {
    may: everyone,
    send: ({ world }) => ({ body: { friendId: world.stranger.userId } }),
  },
  // The MJ's friend is the player.
  'DELETE /users/friends/:friendId': { may: only('player') },
  'GET /users/invitations': { may: everyone },
  'GET /users/invitations/sent': { may: everyone },
  'POST /users/invitations/:invitationId/accept': {
    may: only('mj'),
    send: ({ world }) => ({ params: { invitationId: world.friendInvitations.fromOtherMj } }),
  },
  'POST /users/invitations/:invitationId/decline': {
    may: only('mj'),
    send: ({ world }) => ({ params: { invitationId: world.friendInvitations.fromOutsider } }),
  },
  // The other MJ sent it, whatever game they act from.
  'DELETE /users/invitations/:invitationId/cancel': {
    may: only('otherMj', 'otherMjAtHome'),
    send: ({ world }) => ({ params: { invitationId: world.friendInvitations.fromOtherMj } }),
  },

  // Private messages with the MJ, whose friend the player is (the MJ is no friend of their own).
  'POST /message': {
    may: only('player'),
    send: ({ world }) => ({ body: { content: 'Bonjour', receiverId: world.actors.mj.userId } }),
  },
  'GET /message/conversation/:friendId': { may: only('player') },
  'POST /message/conversation/:friendId/read': { may: only('player') },
  // The game's chat.
  'GET /message': { may: seated, send: ({ world }) => ({ query: { gameId: world.gameId } }) },

  'POST /macro': {
    may: everyone,
    send: () => ({ body: { title: 'Soin', content: '/r 1d8', visible: true } }),
  },
  'GET /macro/user/:userId': { may: only('mj') },
  'PUT /macro/:id': {
    may: only('mj'),
    send: ({ world }) => ({
      params: { id: world.macroId },
      body: { title: 'Parade', content: '/r 1d20', visible: false },
    }),
  },
  'DELETE /macro/:id': { may: only('mj'), send: ({ world }) => ({ params: { id: world.macroId } }) },

  // A game's replay: whoever sits at its table, each as they saw it.
  'GET /game-data/:gameId/history': { may: andAtHome(seated) },
  'GET /game-data/:gameId/history/state': { may: andAtHome(seated) },
  'GET /game-data/:gameId/history/events': {
    may: andAtHome(seated),
    send: () => ({ query: { after: '0' } }),
  },
  'GET /game-data/:gameId/history/maps/:mapId/picture': {
    may: seated,
    send: async ({ t, world }) => ({
      params: { mapId: world.storedMap },
      query: { seq: String((await serverState(t, world.gameId)).lastSeq), width: '256' },
    }),
  },

  // The journal: the shared page players may write; the private one is for the MJ alone.
  'GET /game-data/:gameId/journal': { may: andAtHome(members) },
  'POST /game-data/:gameId/journal': {
    may: andAtHome(only('mj')),
    send: () => ({ body: { title: 'Nouvelle page', shared: true } }),
  },
  'GET /journal/:id': { may: members, send: ({ world }) => ({ params: { id: world.journal.shared } }) },
  'PUT /journal/:id': {
    may: members,
    send: ({ world }) => ({
      params: { id: world.journal.shared },
      body: {
        title: 'Chronique',
        body: 'Séance 2',
        base: { version: 1, title: 'Chronique', body: 'Séance 1' },
      },
    }),
  },
  'PUT /journal/:id/sharing': {
    may: only('mj'),
    send: ({ world }) => ({
      params: { id: world.journal.private },
      body: { shared: true, playersMayWrite: false },
    }),
  },
  'DELETE /journal/:id': {
    may: only('mj'),
    send: ({ world }) => ({ params: { id: world.journal.private } }),
  },

  // The recap: those seated read the game's one evening; the MJ and admins write its lines. The
  // other MJ's own game has no evening to read.
  'GET /game-data/:gameId/recap/evenings': { may: andAtHome(seated) },
  'GET /game-data/:gameId/recap': { may: seated },
  'GET /game-data/:gameId/recap/export.md': { may: seated },
  'GET /game-data/:gameId/recap/export.json': { may: seated },
  'PUT /game-data/:gameId/recap/notes': {
    may: only('mj', 'admin'),
    send: () => ({ body: { evening: 1, notes: 'Une ombre suit le groupe.' } }),
  },
  'GET /game-data/:gameId/recap/last-time': { may: andAtHome(seated) },
  'PUT /game-data/:gameId/recap/last-time': {
    may: andAtHome(seated),
    send: () => ({ body: { firstSeq: 1 } }),
  },

  // Any bytes a browser sends: these are an Ogg sound's.
  'POST /game-data/:gameId/files': {
    may: andAtHome(only('mj')),
    send: ({ column }) => ({ query: { kind: 'audio' }, body: `OggS ${column}` }),
  },
  'GET /game-data/:gameId/files': { may: andAtHome(only('mj')) },
  'DELETE /game-data/:gameId/files/:id': {
    may: only('mj'),
    send: ({ world }) => ({ params: { id: world.files.spare } }),
  },
  'GET /files/:id': { may: seated, send: ({ world }) => ({ params: { id: world.files.read } }) },
  'GET /game-data/:gameId/maps/:mapId/picture': {
    may: seated,
    send: ({ world }) => ({ params: { mapId: world.storedMap }, query: { width: '256' } }),
  },
  // A sound's link is the bearer's stand-in: whoever holds one plays the file while its session
  // and seat hold. Those who may not ask one send a forged one.
  'GET /game-data/:gameId/files/:id/stream-url': {
    may: seated,
    send: ({ world }) => ({ params: { id: world.files.read } }),
  },
  'GET /files/:id/stream': {
    may: seated,
    send: async ({ t, world, actor }) => {
      const asked = await t.api<{ url?: string }>(
        'GET',
        `/game-data/${world.gameId}/files/${world.files.read}/stream-url`,
        undefined,
        actor.token,
      );
      const token = asked.body.url
        ? new URL(asked.body.url, 'http://localhost').searchParams.get('token')!
        : `${actor.userId}.session.${Date.now() + 60_000}.forged`;
      return { params: { id: world.files.read }, query: { token } };
    },
  },
  'GET /files/:id/:variant': {
    may: seated,
    send: ({ world }) => ({ params: { id: world.files.read, variant: 'original' } }),
  },

  'GET /game-data/:gameId/handouts': { may: andAtHome(only('mj')) },
  'POST /game-data/:gameId/handouts': {
    may: andAtHome(only('mj')),
    send: () => ({ body: { title: 'Lettre', text: 'Le pont est tombé.' } }),
  },
  'POST /game-data/:gameId/handouts/:id/show': {
    may: only('mj'),
    send: ({ world }) => ({ params: { id: world.handouts.shown }, body: { to: 'all' } }),
  },
  'POST /game-data/:gameId/handouts/:id/take-back': {
    may: only('mj'),
    send: ({ world }) => ({ params: { id: world.handouts.shown } }),
  },
  'DELETE /game-data/:gameId/handouts/:id': {
    may: only('mj'),
    send: ({ world }) => ({ params: { id: world.handouts.spare } }),
  },
  'GET /game-data/:gameId/documents': { may: andAtHome(seated) },

  'POST /game-data': { may: everyone, send: () => ({ body: { name: 'Une autre partie' } }) },
  'GET /game-data/owned': { may: everyone },
  'GET /game-data/:gameId': { may: andAtHome(seated) },
  'GET /game-data/:gameId/players': { may: andAtHome(seated) },
  'DELETE /game-data/:gameId': { may: andAtHome(only('mj')) },
  'POST /game-data/:gameId/leave': { may: andAtHome({ ...only('player'), mj: 400 }, 400) },

  'POST /game-invitations': {
    may: only('mj'),
    send: ({ world }) => ({ body: { gameId: world.gameId, playerId: world.stranger.userId } }),
  },
  'GET /game-invitations': { may: everyone },
  'GET /game-invitations/sent': {
    may: only('mj'),
    send: ({ world }) => ({ query: { gameId: world.gameId } }),
  },
  'GET /game-invitations/candidates': {
    may: only('mj'),
    send: ({ world }) => ({ query: { gameId: world.gameId, q: 'Personne' } }),
  },
  'POST /game-invitations/:invitationId|:id/accept': {
    may: only('invitee'),
    send: ({ world }) => ({ params: { invitationId: world.gameInvitations.invitee } }),
  },
  'POST /game-invitations/:invitationId|:id/decline': {
    may: only('invitee'),
    send: ({ world }) => ({ params: { invitationId: world.gameInvitations.inviteeElsewhere } }),
  },
  'DELETE /game-invitations/:invitationId|:id/revoke': {
    may: only('mj'),
    send: ({ world }) => ({ params: { invitationId: world.gameInvitations.invitee } }),
  },
  'POST /game-invitations/:invitationId|:id/kick': {
    may: only('mj'),
    send: ({ world }) => ({ params: { invitationId: world.gameInvitations.player } }),
  },

  'POST /players': {
    may: members,
    send: ({ world }) => ({ body: validCharacterBody('Cyra', world.gameId) }),
  },
  // The caller's own characters; by ids, those they may see (the player's: its owner and the MJ).
  'GET /players': {
    may: onlyElseHidden('player', 'mj'),
    send: ({ world }) => ({ query: { ids: world.characters.player } }),
  },
  'GET /players/game/:gameId/characters': { may: andAtHome(members) },
  'GET /players/game/:gameId/all-characters': { may: andAtHome(members) },
  'GET /players/:playerId|:id': { may: keepers },
  'PUT /players/:playerId|:id': { may: members, send: () => ({ body: { assetLink: null } }) },
  'GET /players/:playerId|:id/game/:gameId': { may: members },
  'PUT /player-memories/equip/:playerId/:memoryId': {
    may: members,
    send: () => ({ body: { action: 'equip' } }),
  },
  'GET /player-memories/equipped/:playerId': { may: keepers },
  'GET /player-memories/isEquipped/:playerId': {
    may: keepers,
    send: ({ world }) => ({ query: { memoryId: world.resources.memory.held } }),
  },
  'POST /player-items/consume-soul-shard': {
    may: members,
    send: (cell) => ({
      body: {
        destinationId: characterOf(cell),
        selectedObjectId: cell.world.resources.item.held,
        quantity: 1,
      },
    }),
  },
  'GET /memory-enchantments/:memoryId/memory': { may: members },
  'GET /attack/memory/:memoryId': {
    may: members,
    send: (cell) => ({ query: { playerId: characterOf(cell) } }),
  },
  ...Object.fromEntries(
    Object.entries(holderPaths).map(([category, path]): [string, Row] => [
      `GET /${path}/:id/players`,
      {
        may: only('mj'),
        send: ({ world }) => ({ params: { id: world.resources[category as ResourceCategory].held } }),
      },
    ]),
  ),
  'GET /monster': {
    may: onlyElseHidden('mj', 'admin'),
    send: ({ world }) => ({ query: { ids: world.resources.monster.held } }),
  },
  'GET /map': {
    may: onlyElseHidden('player', 'mj', 'admin'),
    send: ({ world }) => ({ query: { ids: world.resources.map.held } }),
  },
  ...Object.fromEntries(resourceCategories.flatMap((category) => Object.entries(categoryRows(category)))),
};

/** Anonymous callers reach these; a new one fails the anonymous test until it is listed. */
const PUBLIC = new Set([
  'POST /auth/register',
  'POST /auth/login',
  'POST /auth/refresh',
  'GET /auth/check-display-name',
  'GET /health',
  'GET /config',
  'POST /monitoring/web-vitals',
  'GET /docs',
  'GET /docs/openapi.json',
  'GET /docs/asyncapi.json',
  'GET /files/:id/stream',
]);
/** Played last, in this order: they end the column's membership, game, session or account. */
const PLAYED_LAST = [
  'POST /game-data/:gameId/leave',
  'POST /game-invitations/:invitationId|:id/kick',
  'DELETE /game-data/:gameId',
  'POST /auth/logout',
  'POST /auth/change-password',
  'DELETE /auth/account',
];
/** Played with a session the logout ended, when the caller has but one. */
const AFTER_LOGOUT = PLAYED_LAST.slice(PLAYED_LAST.indexOf('POST /auth/logout') + 1);
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'DELETE'];

const bodyOf = (route: ListedRoute) => (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
const keyOf = (route: ListedRoute) => `${route.method} ${route.url.slice(API_BASE.length)}`;

function playOrder(key: string): number {
  const last = PLAYED_LAST.indexOf(key);
  return last === -1 ? METHOD_ORDER.indexOf(key.split(' ')[0]!) : METHOD_ORDER.length + last;
}

/** Every parameter (`:id`, or Fastify's merged `:invitationId|:id`) names something that does not exist. */
const pathOfNothing = (route: ListedRoute) =>
  route.url
    .slice(API_BASE.length)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? randomUUID() : segment))
    .join('/');

function byName(name: string, cell: Cell): string | undefined {
  if (name === 'gameId') return cell.column === 'otherMjAtHome' ? cell.world.otherGameId : cell.world.gameId;
  if (name === 'playerId') return characterOf(cell);
  if (name === 'memoryId') return cell.world.resources.memory.held;
  if (name === 'userId' || name === 'friendId') return cell.world.actors.mj.userId;
  return undefined;
}

/** The route's path with the cell's parameters, and its query. */
function pathOf(key: string, request: Request, cell: Cell): string {
  const path = key
    .split(' ')[1]!
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const names = segment.split('|').map((name) => name.slice(1));
      const value =
        names.map((name) => request.params?.[name]).find(Boolean) ??
        names.map((name) => byName(name, cell)).find(Boolean);
      if (!value) throw new Error(`${key}: no value for ${segment}; name it in the row's send`);
      return value;
    })
    .join('/');
  return request.query ? `${path}?${new URLSearchParams(request.query).toString()}` : path;
}

function verdict(outcome: Outcome, status: number, body: unknown): boolean {
  const error = (body as { error?: unknown } | null)?.error;
  const said = typeof error === 'string' && error.length > 0;
  if (outcome === 'allowed') return status >= 200 && status < 300;
  if (outcome === 'found') return status === 200 && Array.isArray(body) && body.length === 1;
  if (outcome === 'hidden') return status === 200 && Array.isArray(body) && body.length === 0;
  if (outcome === 'refused') return [401, 403, 404].includes(status) && said;
  return status === outcome && said;
}

describe.each(drivers)('authorisation matrix over the route table (%s)', (driver) => {
  let t: TestServer;
  let routes: ListedRoute[];
  let user: RegisteredUser;
  let shelf: StoreShelf;
  beforeAll(async () => {
    t = await startTestServer({ driver });
    routes = routesOf(t.app).filter((route) => route.url.startsWith(`${API_BASE}/`));
    user = await t.register();
    const exporter = await t.register();
    shelf = await stockStoreShelf(
      t,
      exporter,
      await insertGame(t.database.db, exporter.userId, 'Le Comptoir'),
    );
    standingAnomaly = await openAnomaly(t, 'outsider');
  });
  afterAll(() => t.close());

  it('has one row for every route the server registers, and none for a route it does not', () => {
    const keys = routes.map(keyOf);
    expect(keys.length).toBeGreaterThan(150);
    expect(keys.filter((key) => !Object.hasOwn(MATRIX, key))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !keys.includes(key))).toEqual([]);
    for (const listed of [...PUBLIC, ...PLAYED_LAST]) expect(keys).toContain(listed);
  });

  it('refuses every route but the public ones to an anonymous caller, in French, and crashes none', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const response = await t.api<{ error?: string }>(route.method, pathOfNothing(route), bodyOf(route));
      const key = keyOf(route);
      const expected = PUBLIC.has(key)
        ? response.status !== 401 && response.status < 500
        : response.status === 401 && response.body.error === commonMessages.authenticationRequired;
      if (!expected) wrong.push(`${key} → ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers a signed-in user on every route with ids naming nothing without a 5xx, an error said on every refusal', async () => {
    const ordered = [...routes].sort((a, b) => playOrder(keyOf(a)) - playOrder(keyOf(b)));
    const wrong: string[] = [];
    for (const route of ordered) {
      const response = await t.api<{ error?: string }>(
        route.method,
        pathOfNothing(route),
        bodyOf(route),
        user.token,
      );
      const key = keyOf(route);
      if (response.status >= 500) wrong.push(`${key} → ${response.status}`);
      else if (!AFTER_LOGOUT.includes(key) && response.status === 401)
        wrong.push(`${key} → 401 for a signed-in user`);
      else if (response.status >= 400 && typeof response.body.error !== 'string')
        wrong.push(`${key} → ${response.status} without an error`);
    }
    expect(wrong).toEqual([]);
  });

  /** The column's calls in play order, on a world of its own. */
  async function cellsOf(column: Column) {
    const world = await buildAuthorizationWorld(t, shelf);
    const cell: Cell = { t, world, column, actor: world.actors[column] };
    const calls = routes
      .map(keyOf)
      .map((key) => ({ key, row: MATRIX[key]!, outcome: MATRIX[key]!.may[column] }))
      .sort((a, b) => playOrder(a.key) - playOrder(b.key));
    return { cell, calls };
  }

  /** Plays one call; what went against its row, if anything. */
  async function play(cell: Cell, key: string, row: Row, outcome: Outcome): Promise<string | null> {
    const request = (await row.send?.(cell)) ?? {};
    const method = key.split(' ')[0]!;
    const response = await t.api(
      method,
      pathOf(key, request, cell),
      request.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}),
      request.token ?? cell.actor.token,
    );
    if (verdict(outcome, response.status, response.body)) return null;
    return `${key}: ${String(outcome)} expected, got ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`;
  }

  for (const column of COLUMNS) {
    it(`gives the ${column} what each route's row says, and whatever it may not do changes nothing`, async () => {
      const { cell, calls } = await cellsOf(column);
      const unchanging = calls.filter((call) => call.outcome !== 'allowed');
      const wrong: string[] = [];
      const note = (failure: string | null) => failure && wrong.push(failure);
      // What must change nothing plays first, the whole database compared around the batch.
      const before = await databaseFingerprint(t.database.db);
      for (const { key, row, outcome } of unchanging) note(await play(cell, key, row, outcome));
      const changed = changedTables(before, await databaseFingerprint(t.database.db));
      if (changed.length > 0) {
        // Named call by call, on a fresh world: the batch only says that something moved.
        const replay = await cellsOf(column);
        for (const { key, row, outcome } of replay.calls.filter((call) => call.outcome !== 'allowed')) {
          const one = await databaseFingerprint(t.database.db);
          await play(replay.cell, key, row, outcome);
          const moved = changedTables(one, await databaseFingerprint(t.database.db));
          if (moved.length > 0) wrong.push(`${key}: ${String(outcome)}, yet ${moved.join(', ')} changed`);
        }
      }
      for (const { key, row, outcome } of calls.filter((call) => call.outcome === 'allowed')) {
        note(await play(cell, key, row, outcome));
      }
      expect(wrong).toEqual([]);
    });
  }
});
