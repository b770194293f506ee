// `npm run sandbox -- --port N [--state FILE] [--seed S] [--customers N] [--shared-domain NAME]
//   [--anomaly JSON]... [--no-rate-limit] [--faults JSON]`
// First stdout line: one JSON object with the base URL, the first customer's credentials and
// services, and every customer with its own key; then one human-readable line per request (never
// a secret).
// `main` is also what `accel sandbox` runs in its own process, so it never calls process.exit.
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { MAX_SANDBOX_CUSTOMERS, startSandbox, type FaultOptions, type TrafficAnomaly } from './index.ts';

export const USAGE = `Usage: npm run sandbox -- [--port N] [--state FILE] [--seed S] [--customers N]
                            [--shared-domain NAME] [--anomaly JSON]... [--no-rate-limit]
                            [--rate-limit PER_MINUTE/PER_HOUR] [--faults JSON] [--quiet]`;

const ANOMALY_EXAMPLE = '{"serviceId":101,"from":"2026-11-20T08:00:00Z","metric":"requests","factor":0.3}';

export interface SandboxCliOptions {
  stdout: { write(text: string): unknown };
  /** Stops the gateway like SIGINT/SIGTERM do (for callers that run it in-process). */
  signal?: AbortSignal;
}

/**
 * Parses the options, starts the gateway, prints the JSON line and serves until SIGINT, SIGTERM
 * or `signal` aborts; resolves with the exit code (0) once the gateway stopped and the state file
 * is flushed. Bad options throw (parseArgs errors carry a code starting with ERR_PARSE_ARGS).
 */
export async function main(argv: string[], { stdout, signal }: SandboxCliOptions): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '0' },
      state: { type: 'string' },
      seed: { type: 'string' },
      customers: { type: 'string' },
      'shared-domain': { type: 'string' },
      anomaly: { type: 'string', multiple: true },
      'no-rate-limit': { type: 'boolean', default: false },
      'rate-limit': { type: 'string' },
      faults: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    stdout.write(`${USAGE}\n`);
    return 0;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535, not ${values.port}`);
  let rateLimit: { perMinute: number; perHour: number } | false | undefined;
  if (values['no-rate-limit']) rateLimit = false;
  else if (values['rate-limit']) {
    const m = /^(\d+)\/(\d+)$/.exec(values['rate-limit']);
    if (!m) throw new Error('--rate-limit must look like 100/1000 (per minute / per hour)');
    rateLimit = { perMinute: Number(m[1]), perHour: Number(m[2]) };
  }
  const faults = values.faults ? (JSON.parse(values.faults) as FaultOptions) : undefined;
  const seed = values.seed === undefined ? undefined : /^\d+$/.test(values.seed) ? Number(values.seed) : values.seed;
  let customers: number | undefined;
  if (values.customers !== undefined) {
    customers = /^\d+$/.test(values.customers) ? Number(values.customers) : Number.NaN;
    if (!(customers >= 1 && customers <= MAX_SANDBOX_CUSTOMERS)) {
      throw new Error(`--customers must be a whole number from 1 to ${MAX_SANDBOX_CUSTOMERS}, not ${values.customers}`);
    }
  }
  const anomalies = (values.anomaly ?? []).flatMap((text) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`--anomaly must be a JSON object (or a list of them), e.g. '${ANOMALY_EXAMPLE}'`);
    }
    return (Array.isArray(parsed) ? parsed : [parsed]) as TrafficAnomaly[];
  });
  if (signal?.aborted) return 0;

  const sandbox = await startSandbox({
    port,
    statePath: values.state,
    seed,
    customers,
    sharedDomain: values['shared-domain'],
    anomalies,
    rateLimit,
    faults,
    log: values.quiet ? undefined : (line) => stdout.write(`${line}\n`),
  });
  stdout.write(
    `${JSON.stringify({
      baseUrl: sandbox.url,
      accessKeyId: sandbox.credentials.accessKeyId,
      accessKeySecret: sandbox.credentials.accessKeySecret,
      customerId: sandbox.credentials.customerId,
      services: sandbox.services,
      customers: sandbox.customers.map(({ customerId, name, credentials, services }) => ({
        customerId,
        name,
        accessKeyId: credentials.accessKeyId,
        accessKeySecret: credentials.accessKeySecret,
        services,
      })),
    })}\n`,
  );
  stdout.write(`Sandbox gateway listening on ${sandbox.url} (Ctrl-C to stop)\n`);
  if (sandbox.customers.length > 1) {
    for (const c of sandbox.customers) {
      stdout.write(
        `  customer ${c.customerId} ${c.name}: key ${c.credentials.accessKeyId}, ${c.services.length} services\n`,
      );
    }
  }

  // Wait for the first stop request; the listeners are removed afterwards so a host process
  // (accel) gets its default signal handling back.
  const reason = await new Promise<string>((resolve) => {
    const onSigint = (): void => finish('SIGINT');
    const onSigterm = (): void => finish('SIGTERM');
    const onAbort = (): void => finish('stop requested');
    function finish(why: string): void {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigterm);
      signal?.removeEventListener('abort', onAbort);
      resolve(why);
    }
    process.on('SIGINT', onSigint);
    process.on('SIGTERM', onSigterm);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) finish('stop requested');
  });
  stdout.write(`${reason}: stopping the sandbox gateway\n`);
  await sandbox.stop();
  return 0;
}

/** True when this file is the script node was started with (not when imported). */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return import.meta.url === pathToFileURL(script).href;
  }
}

if (isEntryPoint()) {
  try {
    process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout });
  } catch (error) {
    process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exitCode = 1;
  }
}
