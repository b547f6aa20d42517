import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers are the lint's (eslint.config.js): an import that crosses one the wrong way fails
 * `npm run lint`. Each case lints a deliberately bad file, as if it sat in that folder, and one
 * allowed import beside it.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the layers, enforced by the lint', () => {
  // The first lint loads the config and the TypeScript parser: seconds on a loaded machine, more
  // than a test's default timeout.
  beforeAll(() => restrictedImports('src/domain/warm-up.ts', ''), 60_000);

  it.each([
    ['src/domain/table/bad.ts', "import type { Role } from '../../api/schemas/auth';"],
    ['src/domain/bad.ts', "import { storage } from '../api/storage';"],
    ['src/domain/bad.ts', "import { Subject } from 'rxjs';"],
    ['src/api/bad.ts', "import { tableFeed } from '../effects/table';"],
    ['src/api/schemas/bad.ts', "import { authMachine } from '../../machines/auth.machine';"],
    ['src/ui/admin/Bad.tsx', "import { clearCache } from '../../api/cached-responses';"],
    ['src/ui/admin/Bad.tsx', "import { request } from '../../api/request';"],
    ['server/modules/bad.ts', "import { storage } from '../../src/api/storage';"],
    ['server/modules/bad.ts', "import { tableFeed } from '../../src/effects/table';"],
    ['server/modules/bad.ts', "import { decide } from '../../src/domain/table/decide';"],
    ['server/modules/bad.ts', "import type { TableEvent } from '../../src/api/schemas/table';"],
    ['server/modules/bad.ts', "import { LiveTable } from '/app/src/ui/game/LiveTable';"],
    ['server/modules/bad.ts', "import { tableMachine } from '#shared/domain/../machines/table.machine';"],
    ['server/modules/bad.ts', "import { request } from '#shared/api/request';"],
    ['src/machines/bad.machine.ts', "import { io } from 'socket.io-client';"],
    ['src/effects/bad.ts', "import { LiveTable } from '../ui/game/LiveTable';"],
  ])('%s may not: %s', async (file, line) => {
    expect(
      await restrictedImports(
        file,
        `${line}\nexport const used = [${line.match(/\{ (?:type )?(\w+)/)![1]}];\n`,
      ),
    ).toHaveLength(1);
  });

  it.each([
    ['src/domain/table/ok.ts', "import { dict } from './records';"],
    ['src/api/schemas/ok.ts', "import { ROLES } from '../../domain/roles';"],
    ['src/ui/admin/Ok.tsx', "import { anomalyPriorities } from '../../api/schemas/anomalies';"],
    ['src/ui/admin/Ok.tsx', "import { API_BASE } from '../../api/paths';"],
    ['server/modules/ok.ts', "import { tableEvent } from '#shared/wire/table';"],
    ['server/modules/ok.ts', "import { decide } from '#shared/domain/table/decide';"],
    ['server/modules/ok.ts', "import { API_BASE } from '#shared/paths';"],
    ['server/modules/ok.ts', "import { users } from '../../db/schema/index';"],
  ])('%s may: %s', async (file, line) => {
    expect(
      await restrictedImports(
        file,
        `${line}\nexport const used = [${line.match(/\{ (?:type )?(\w+)/)![1]}];\n`,
      ),
    ).toEqual([]);
  });
});
