// accel sandbox: the sandbox gateway CLI (src/sandbox/cli.ts), same options as npm run sandbox.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CliIo } from '../cli-types.ts';

export const help = `Usage: accel sandbox [--port N] [--state FILE] [--seed S] [--no-rate-limit]
                     [--rate-limit PER_MINUTE/PER_HOUR] [--faults JSON] [--quiet]

Starts the sandbox gateway, a local emulator of the whole API (same as npm run sandbox).
The first stdout line is a JSON object with the base URL, the demo credentials and the
seeded services. Ctrl-C stops it.
`;

const sandboxCli = fileURLToPath(new URL('../../sandbox/cli.ts', import.meta.url));

export function run(args: string[], _io: CliIo): Promise<number> {
  // src/sandbox/cli.ts runs on load and owns its process (signals, exit), so it gets its own.
  const child = spawn(process.execPath, [sandboxCli, ...args], { stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
