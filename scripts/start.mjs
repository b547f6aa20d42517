// `npm start`: one process serving the built client, the API and the socket on the embedded database.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureClientBuild } from './client-build.mjs';
import { buildServer, serverNodeFlags } from './server-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureClientBuild();
const server = spawn(process.execPath, [...serverNodeFlags, await buildServer()], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
