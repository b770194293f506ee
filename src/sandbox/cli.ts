// `npm run sandbox -- --port N [--state FILE] [--seed S] [--no-rate-limit] [--faults JSON]`
// First stdout line: one JSON object with the base URL, demo credentials and services; then one
// human-readable line per request (never a secret).
import { parseArgs } from 'node:util';
import { startSandbox, type FaultOptions } from './index.ts';

const USAGE = `Usage: npm run sandbox -- [--port N] [--state FILE] [--seed S] [--no-rate-limit]
                            [--rate-limit PER_MINUTE/PER_HOUR] [--faults JSON] [--quiet]`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      state: { type: 'string' },
      seed: { type: 'string' },
      'no-rate-limit': { type: 'boolean', default: false },
      'rate-limit': { type: 'string' },
      faults: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535, not ${values.port}`);
  let rateLimit: { perMinute: number; perHour: number } | false | undefined;
  if (values['no-rate-limit']) rateLimit = false;
  else if (values['rate-limit']) {
    const m = /^(\d+)\/(\d+)$/.exec(values['rate-limit']);
    if (!m) throw new Error('--rate-limit must look like 100/1000 (per minute / per hour)');
    rateLimit = { perMinute: Number(m[1]), perHour: Number(m[2]) };
  }
  const faults = values.faults ? (JSON.parse(values.faults) as FaultOptions) : undefined;
  const seed = values.seed === undefined ? undefined : /^\d+$/.test(values.seed) ? Number(values.seed) : values.seed;

  const sandbox = await startSandbox({
    port,
    statePath: values.state,
    seed,
    rateLimit,
    faults,
    log: values.quiet ? undefined : (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(
    `${JSON.stringify({
      baseUrl: sandbox.url,
      accessKeyId: sandbox.credentials.accessKeyId,
      accessKeySecret: sandbox.credentials.accessKeySecret,
      customerId: sandbox.credentials.customerId,
      services: sandbox.services,
    })}\n`,
  );
  process.stdout.write(`Sandbox gateway listening on ${sandbox.url} (Ctrl-C to stop)\n`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: stopping the sandbox gateway\n`);
    sandbox.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(1);
});
