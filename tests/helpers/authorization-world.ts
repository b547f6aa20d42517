import { eq } from 'drizzle-orm';
import {
  friendInvitations,
  friendships,
  gameInvitations,
  gameResources,
  handouts,
  journalPages,
  macros,
  storeEntries,
} from '../../server/db/schema/index';
import { linkTables } from '../../server/modules/resources/links';
import { splitForm } from '../../server/modules/resources/service';
import { createUsersService } from '../../server/modules/users/service';
import { resourceForms, type ResourceForm } from '../../src/api/schemas/resources';
import {
  hasQuantity,
  linkableCategories,
  resourceCategories,
  type ResourceCategory,
} from '../../src/domain/resources/categories';
import { storedFilePath } from '../../src/api/schemas/files';
import { noisyPicture, oggSound, uploadFile } from './files';
import { insertCharacter, insertGame, insertResource } from './game-fixtures';
import { emitWithAck } from './table';
import type { RegisteredUser, TestServer } from './server';

/**
 * The people of the authorisation matrix, each standing differently to one game: a
 * stranger to it, its player, a player it kicked, an invitee who has not answered, the MJ of
 * another game — once as is, once with their own game in the paths' `:gameId` while bodies and
 * other ids name this game's things (`otherMjAtHome`) — its MJ, and an admin.
 */
export const COLUMNS = [
  'outsider',
  'player',
  'kicked',
  'invitee',
  'otherMj',
  'otherMjAtHome',
  'mj',
  'admin',
] as const;
export type Column = (typeof COLUMNS)[number];

/** The ids a game's resource category offers the matrix's routes. */
export interface CategoryIds {
  /** Held by the player's and the kicked player's characters (linkable categories). */
  held: string;
  /** Held by no one: what the routes exporting, assigning or deleting one name. */
  spare: string;
  /** A copy imported from the store, for the route removing an import. */
  imported: string;
  /** The store entry the MJ exported from `held`. */
  ownEntry: string;
  /** A store entry exported from another game (the file's `StoreShelf`), for the route importing one. */
  otherEntry: string;
}

/** One game and everyone around it, made afresh for each column (see the matrix's test). */
export interface AuthorizationWorld {
  actors: Record<Column, RegisteredUser>;
  /** Someone with no tie to anyone: the one the MJ may invite and anyone may befriend. */
  stranger: RegisteredUser;
  gameId: string;
  /** The other MJ's game. */
  otherGameId: string;
  characters: { player: string; kicked: string };
  resources: Record<ResourceCategory, CategoryIds>;
  gameInvitations: {
    /** The player's, accepted. */
    player: string;
    /** The invitee's to this game, pending. */
    invitee: string;
    /** The invitee's to the other MJ's game, pending too: declining cannot take the one accepting takes. */
    inviteeElsewhere: string;
  };
  /** Pending friend invitations to the MJ: from the other MJ, and from the outsider. */
  friendInvitations: { fromOtherMj: string; fromOutsider: string };
  /** One of the MJ's macros. The player is the MJ's friend. */
  macroId: string;
  /** Two of the game's stored sounds: one read, one deleted. */
  files: { read: string; spare: string };
  /** Two of the game's text handouts, shown to no one: one shown or taken back, one deleted. */
  handouts: { shown: string; spare: string };
  /** A map resource whose picture is stored on the server, open at the table for everyone. */
  storedMap: string;
  /** Journal pages: one shared that players may write, one the MJ keeps private. */
  journal: { shared: string; private: string };
}

/** A valid form of each category, as the admin page sends it. */
export function validForm(category: ResourceCategory, name: string): ResourceForm {
  switch (category) {
    case 'memory':
      return { name, type: 'Arme' };
    case 'map':
      return { name, link: 'https://example.com/carte.png' };
    case 'attack':
      return { name, weaponType: 'Force', damageRoll: '1d6', cost: 'AS' };
    case 'item':
      // A Soul Shard, so the character holding it may feed its core with it.
      return { name: `Dormant Soul Shard ${name}` };
    default:
      return { name };
  }
}

/** A fresh session of `user`, as a second device would open it. */
export async function signIn(t: TestServer, user: Pick<RegisteredUser, 'email' | 'password'>) {
  const response = await t.api<{ token: string; refreshToken: string }>('POST', '/auth/login', {
    email: user.email,
    password: user.password,
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return response.body;
}

/** The resources of `category` as the admin page's form stores them, made by `createdBy`. */
function resourceRows(gameId: string, category: ResourceCategory, createdBy: string, names: string[]) {
  return names.map((name) => {
    const { common, fields } = splitForm(resourceForms[category].parse(validForm(category, name)));
    return { gameId, category, ...common, fields, createdBy };
  });
}

async function exportToStore(
  t: TestServer,
  gameId: string,
  category: string,
  resourceId: string,
  token: string,
) {
  const response = await t.api('POST', `/game-data/${gameId}/${category}/export`, { resourceId }, token);
  if (response.status !== 200)
    throw new Error(`export failed: ${response.status} ${JSON.stringify(response.body)}`);
  const [entry] = await t.database.db
    .select({ id: storeEntries.id })
    .from(storeEntries)
    .where(eq(storeEntries.sourceResourceId, resourceId));
  return entry!.id;
}

/** What the other MJ's game exported to the store, one entry per category: made once per file. */
export type StoreShelf = Record<ResourceCategory, string>;

export async function stockStoreShelf(
  t: TestServer,
  otherMj: RegisteredUser,
  otherGameId: string,
): Promise<StoreShelf> {
  const rows = await t.database.db
    .insert(gameResources)
    .values(
      resourceCategories.flatMap((category) =>
        resourceRows(otherGameId, category, otherMj.userId, ['Ailleurs']),
      ),
    )
    .returning({ id: gameResources.id, category: gameResources.category });
  const shelf = {} as StoreShelf;
  for (const row of rows) {
    const category = row.category as ResourceCategory;
    shelf[category] = await exportToStore(t, otherGameId, category, row.id, otherMj.token);
  }
  return shelf;
}

/**
 * The world of one column, written straight into the database as the calls making it would leave
 * it (a kicked player, a pending invitation, resources, links, friendships, a macro); only the
 * accounts (the column's token) and the MJ's exports (the store's own bookkeeping) go through the
 * API. The store entries to import come from `shelf`, shared by the file's worlds.
 */
export async function buildAuthorizationWorld(t: TestServer, shelf: StoreShelf): Promise<AuthorizationWorld> {
  const { db } = t.database;
  const [outsider, player, kicked, invitee, otherMj, mj, adminAccount, stranger] = await t.registerMany(8);
  await createUsersService(db).grantRole(adminAccount.email, 'admin');
  const admin = { ...adminAccount, ...(await signIn(t, adminAccount)) };

  const gameId = await insertGame(db, mj.userId, 'La Forteresse');
  const otherGameId = await insertGame(db, otherMj.userId, 'Le Marais');
  const invitations = await db
    .insert(gameInvitations)
    .values([
      { gameId, fromUserId: mj.userId, toUserId: player.userId, status: 'accepted' },
      { gameId, fromUserId: mj.userId, toUserId: kicked.userId, status: 'kicked' },
      { gameId, fromUserId: mj.userId, toUserId: invitee.userId, status: 'pending' },
      { gameId: otherGameId, fromUserId: otherMj.userId, toUserId: invitee.userId, status: 'pending' },
    ])
    .returning({ id: gameInvitations.id });
  const characters = {
    player: await insertCharacter(db, { userId: player.userId, gameId, name: 'Aelis' }),
    kicked: await insertCharacter(db, { userId: kicked.userId, gameId, name: 'Brann' }),
  };

  const made = await db
    .insert(gameResources)
    .values(
      resourceCategories.flatMap((category) => resourceRows(gameId, category, mj.userId, ['Tenu', 'Libre'])),
    )
    .returning({ id: gameResources.id, category: gameResources.category, name: gameResources.name });
  const imported = await db
    .insert(gameResources)
    .values(
      resourceCategories.flatMap((category) =>
        resourceRows(gameId, category, otherMj.userId, ['Importé']).map((row) => ({
          ...row,
          importedFromGlobal: true,
          importedAt: new Date(),
        })),
      ),
    )
    .returning({ id: gameResources.id, category: gameResources.category });
  const idOf = (category: ResourceCategory, name: string) =>
    made.find((row) => row.category === category && row.name.endsWith(name))!.id;

  const resources = {} as Record<ResourceCategory, CategoryIds>;
  for (const category of resourceCategories) {
    const held = idOf(category, 'Tenu');
    resources[category] = {
      held,
      spare: idOf(category, 'Libre'),
      imported: imported.find((row) => row.category === category)!.id,
      ownEntry: await exportToStore(t, gameId, category, held, mj.token),
      otherEntry: shelf[category],
    };
  }
  for (const category of linkableCategories) {
    await db.insert(linkTables[category]).values(
      Object.values(characters).map((characterId) => ({
        characterId,
        resourceId: resources[category].held,
        quantity: hasQuantity(category) ? 3 : 1,
      })),
    );
  }

  await db.insert(friendships).values([
    { userId: player.userId, friendId: mj.userId },
    { userId: mj.userId, friendId: player.userId },
  ]);
  const [fromOtherMj, fromOutsider] = await db
    .insert(friendInvitations)
    .values([
      { fromUserId: otherMj.userId, toUserId: mj.userId },
      { fromUserId: outsider.userId, toUserId: mj.userId },
    ])
    .returning({ id: friendInvitations.id });
  const [macro] = await db
    .insert(macros)
    .values({ userId: mj.userId, title: 'Attaque', content: '/r 1d20' })
    .returning({ id: macros.id });
  const [sharedPage, privatePage] = await db
    .insert(journalPages)
    .values([
      { gameId, title: 'Chronique', body: 'Séance 1', shared: true, playersMayWrite: true },
      { gameId, title: 'Secrets', body: 'Le traître' },
    ])
    .returning({ id: journalPages.id });
  const [read, spare] = await Promise.all(
    [1, 2].map(
      async (seed) => (await uploadFile(t, gameId, 'audio', oggSound(1024 * seed), mj.token)).body.id,
    ),
  );

  const [shownHandout, spareHandout] = await db
    .insert(handouts)
    .values(['Lettre', 'Carte au trésor'].map((title) => ({ gameId, title, text: `${title} du baron` })))
    .returning({ id: handouts.id });
  const picture = await uploadFile(t, gameId, 'map', await noisyPicture(64, 48).png().toBuffer(), mj.token);
  const storedMap = await insertResource(db, gameId, 'map', 'Carte stockée', {
    link: storedFilePath(picture.body.id),
  });
  const opener = await t.socket(mj.token);
  const opened = await emitWithAck(opener, 'mapChange', {
    gameId,
    map: { id: storedMap, width: 640, height: 480 },
    bringPlayers: true,
  });
  opener.close();
  if (!opened.ok) throw new Error(`the MJ could not open the stored map: ${opened.error}`);
  // In the log before the calls that must change nothing are played (PGlite's writer logs behind).
  await t.flushTable(gameId);

  return {
    actors: { outsider, player, kicked, invitee, otherMj, otherMjAtHome: otherMj, mj, admin },
    stranger,
    gameId,
    otherGameId,
    characters,
    resources,
    gameInvitations: {
      player: invitations[0]!.id,
      invitee: invitations[2]!.id,
      inviteeElsewhere: invitations[3]!.id,
    },
    friendInvitations: { fromOtherMj: fromOtherMj!.id, fromOutsider: fromOutsider!.id },
    macroId: macro!.id,
    files: { read: read!, spare: spare! },
    handouts: { shown: shownHandout!.id, spare: spareHandout!.id },
    storedMap,
    journal: { shared: sharedPage!.id, private: privatePage!.id },
  };
}
