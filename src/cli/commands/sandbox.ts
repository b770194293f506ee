// accel sandbox: the sandbox gateway CLI (runSandboxCli from the sandbox's public entry), same options as npm run sandbox,
// run in this process. Its main() handles Ctrl-C / SIGTERM itself: it stops the gateway, flushes
// the state file and resolves, so accel exits 0 without a child process to forward signals to.
import { runSandboxCli } from '#sandbox';
import type { CliIo } from '../cli-types.ts';

export const help = `Usage: accel sandbox [--port N] [--state FILE] [--seed S] [--customers N]
                     [--shared-domain NAME] [--anomaly JSON]... [--no-rate-limit]
                     [--rate-limit PER_MINUTE/PER_HOUR] [--faults JSON] [--quiet]

Starts the sandbox gateway, a local emulator of the whole API (same as npm run sandbox).
The default seed serves the demo customer; another --seed a customer of its own, and
--customers N several, each with its own access key. The first stdout line is a JSON object
with the base URL, the first customer's credentials and services, and every customer's key.
Ctrl-C stops it. See docs/sandbox.md.
`;

export function run(args: string[], io: CliIo): Promise<number> {
  return runSandboxCli(args, { stdout: io.stdout });
}
