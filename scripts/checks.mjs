// `npm run checks`: lint, typecheck and the statechart pages' check side by side. Each is a single
// thread; one after the other they held `npm test` about 35 s longer on a 2-core machine. Each
// one's output is printed whole once it ends, so failures do not interleave.
import { spawn } from 'node:child_process';

const scripts = ['typecheck', 'lint', 'test:docs'];

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let ended = false;
    const end = (outcome) => {
      if (ended) return;
      ended = true;
      process.stdout.write(`== npm run ${script}: ${outcome === 0 ? 'ok' : `failed (${outcome})`}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(outcome === 0);
    };
    child.on('error', (error) => end(error.message));
    child.on('close', (code, signal) => end(code ?? signal));
  });
}

const passed = await Promise.all(scripts.map(run));
process.exit(passed.every(Boolean) ? 0 : 1);
