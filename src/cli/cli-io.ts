// Terminal input/output helpers shared by the commands (no core import: `accel sign` stays fast).
import type { IpcError } from '#shared/ipc/contract.ts';
import { EXIT_FAILURE, EXIT_USAGE, type CliIo } from './cli-types.ts';
import { formatDateTime, withReadableTimes } from '#shared/format-date.ts';
import { AppCode, findAppError } from '#shared/app-errors.ts';

/**
 * A time in readable output: as the app writes times (the locale's format, local time — TZ), with
 * the zone named, since the output is often read elsewhere (a CI log). JSON output keeps ISO.
 */
export function readableTime(iso: string): string {
  return formatDateTime(iso, { zoneName: true });
}

/** A text from the core (a plan note) with its ISO times written as readableTime writes them. */
export function readableTimesIn(text: string): string {
  return withReadableTimes(text, { zoneName: true });
}

/**
 * Whether an error is a mistake in what the user typed (the change, the document's service, a
 * batch or journal entry ID, a confirmation --yes left out): exit status 2, as the commands'
 * help says, rather than 1 (the operation failed). The app's error table says which codes are.
 */
function isInputMistake(code: string): boolean {
  return findAppError(code)?.inputMistake === true;
}

/** What to do next, after the core's message, where the terminal has a spelling the app has not. */
const HINTS: Record<string, string> = {
  [AppCode.Config.ServiceNotChosen]:
    'Name one as FILE#SERVICE, e.g. shop.json#www.example.com (or its source service ID).',
  [AppCode.Config.ServiceNotInDocument]: 'Name one as FILE#SERVICE with a domain name the document holds.',
  [AppCode.Bulk.NotFound]: 'See accel bulk list for the stored batches.',
  [AppCode.Journal.NotFound]: 'See accel journal list for the entries and their IDs.',
  [AppCode.Change.ConfirmationRequired]: 'Add --yes to confirm.',
  [AppCode.Change.RuleTestsFlipped]: 'Add --yes to apply it anyway (the journal records them), or change it first.',
  [AppCode.Change.RuleTestsUnchecked]: 'Add --yes to apply it without the check.',
};

export type PrintErrorOptions = {
  /**
   * JSON output (`--format json`, and commands whose output is always JSON: call, accounts): the
   * error is also written as a JSON object on standard output, for scripts that parse it. Otherwise
   * standard output stays empty, so a redirected report never holds an error object.
   */
  json?: boolean;
};

/**
 * Prints an error result: one readable line on standard error ("prefix: code: message", the
 * fields named below it), and JSON on standard output only in JSON mode. Returns the exit status:
 * 2 for a mistake in the input, 1 otherwise.
 */
export function printError(io: CliIo, prefix: string, error: IpcError, options: PrintErrorOptions = {}): number {
  if (options.json) {
    const shown: Record<string, unknown> = {
      status: error.status ?? null,
      code: error.code,
      message: error.message,
      traceId: error.traceId ?? null,
    };
    if (error.fields) shown.fields = error.fields;
    io.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
  }
  const hint = HINTS[error.code];
  io.stderr.write(
    `${prefix}: ${error.status ? `${error.status} ` : ''}${error.code}: ${error.message}${hint ? ` ${hint}` : ''}${error.traceId ? ` (trace ${error.traceId})` : ''}\n`,
  );
  // The fields are in the message already when there is one (zod's summary); a lone field's rule is not.
  if (error.fields && !options.json) {
    for (const [field, message] of Object.entries(error.fields)) {
      if (!error.message.includes(message)) io.stderr.write(`  ${field}: ${message}\n`);
    }
  }
  return isInputMistake(error.code) ? EXIT_USAGE : EXIT_FAILURE;
}

/** Reads a secret from the named environment variable, or else the first line of stdin. */
export async function readSecret(io: CliIo, envVar: string | undefined, what = 'access key secret'): Promise<string> {
  if (envVar !== undefined) {
    const value = io.env[envVar];
    if (!value) throw new Error(`The environment variable ${envVar} (--secret-env) is not set or empty.`);
    return value;
  }
  const stdin = io.stdin as NodeJS.ReadStream;
  if (stdin.isTTY && typeof stdin.setRawMode === 'function') {
    io.stderr.write(`Enter the ${what} (not shown), then press Enter: `);
    const secret = await readHiddenLine(stdin);
    io.stderr.write('\n');
    if (!secret) throw new Error(`No ${what} given.`);
    return secret;
  }
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    if (text.includes('\n')) break;
  }
  const secret = text.split(/\r?\n/)[0] ?? '';
  if (!secret) throw new Error(`No ${what} given: set --secret-env VAR or pipe it on stdin.`);
  return secret;
}

/** Reads one line from a terminal without echoing it. Ctrl-C aborts. */
function readHiddenLine(stdin: NodeJS.ReadStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let line = '';
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.off('data', onData);
      stdin.pause();
      if (error) reject(error);
      else resolve(line);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') line = line.slice(0, -1);
        else line += char;
      }
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}
