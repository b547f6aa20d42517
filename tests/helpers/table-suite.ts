import { beforeAll } from 'vitest';
import type { TestServerOptions } from './server';
import { lateBound, serverForSuite } from './suite-server';
import { joinedParty, tableParty, type TableClient, type TableParty } from './table';

/**
 * The table suites' one set-up: a server for the suite, the game of `tableParty` with its map open,
 * and the MJ and both players seated at it.
 */
export function seatedTableForSuite(options: TestServerOptions = {}) {
  const t = serverForSuite(options);
  let seated: { p: TableParty; clients: TableClient[] } | undefined;
  beforeAll(async () => {
    const p = await tableParty(t);
    seated = { p, clients: await joinedParty(t, p) };
  });
  const client = (index: number, who: string) => lateBound(() => seated?.clients[index], who);
  return {
    t,
    p: lateBound(() => seated?.p, 'the table’s party'),
    mj: client(0, 'the MJ’s socket'),
    owner: client(1, 'the owner’s socket'),
    other: client(2, 'the other player’s socket'),
  };
}
