import { role as roleSchema } from '#shared/wire/auth';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { HttpError } from '../lib/errors';
import { createUsersService } from '../modules/users/service';

/**
 * `npm run user:role -- <email> <player|mj|admin>`: grants a role with the server's own
 * configuration. With the embedded database, stop the server first (PGlite allows one process).
 * On PostgreSQL the running servers hear the change from the database itself (migration 0006), so
 * the user's next call and open sockets have the new role at once.
 */
async function main(args: string[]): Promise<number> {
  const [email, rawRole] = args;
  const role = roleSchema.safeParse(rawRole);
  if (!email || !role.success) {
    console.error('Usage : npm run user:role -- <email> <player|mj|admin>');
    return 2;
  }
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    const user = await createUsersService(database.db).grantRole(email, role.data);
    console.log(`${user.email} (${user.display_name}) a maintenant le rôle ${user.role}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    console.error(`${error.message} : ${email}`);
    return 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
