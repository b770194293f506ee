// accel sign: the signature of one request, step by step, for debugging a client against the spec.
import { parseArgs } from 'node:util';
import { createNonceGenerator, parseSfdDate, signRequest } from '#signing/signature.ts';
import { readSecret } from '../cli-io.ts';
import { EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';

export const help = `Usage: accel sign --method M --uri U --host H --key-id ID --secret-env VAR
                  [--date yyyyMMddTHHmmssZ] [--nonce N] [--body B] [--header X-SFD-Name=value]... [--json]

Prints the canonical string to be signed and the headers to send (Authorization included),
following signature version 2. Without --date the current time is used, without --nonce a
random one. --host is the Host header value as sent (with the port when it is not the
scheme default). The secret is read from the environment variable VAR (or stdin).
--json prints { canonicalString, authorization, headers }.
`;

export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      method: { type: 'string' },
      uri: { type: 'string' },
      host: { type: 'string' },
      'key-id': { type: 'string' },
      'secret-env': { type: 'string' },
      date: { type: 'string' },
      nonce: { type: 'string' },
      body: { type: 'string', default: '' },
      header: { type: 'string', multiple: true, default: [] },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  });
  for (const required of ['method', 'uri', 'host', 'key-id'] as const) {
    if (!values[required]) throw new UsageError(`--${required} is required`);
  }
  if (values.date !== undefined && parseSfdDate(values.date) === null) {
    throw new UsageError('--date must look like 20261122T120000Z');
  }
  const extraSfdHeaders: Record<string, string> = {};
  for (const header of values.header) {
    const eq = header.indexOf('=');
    if (eq <= 0) throw new UsageError(`--header must be Name=value, not "${header}"`);
    extraSfdHeaders[header.slice(0, eq).trim()] = header.slice(eq + 1);
  }
  const secret = await readSecret(io, values['secret-env']);
  let signed;
  try {
    signed = signRequest({
      method: values.method!.toUpperCase(),
      uri: values.uri!,
      host: values.host!,
      keyId: values['key-id']!,
      secret,
      body: values.body,
      date: values.date ?? new Date(),
      nonce: values.nonce ?? createNonceGenerator()(),
      extraSfdHeaders,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^signRequest: /, ''));
  }
  const authorization = signed.headers.Authorization;
  if (values.json) {
    io.stdout.write(
      `${JSON.stringify({ canonicalString: signed.canonicalString, authorization, headers: signed.headers }, null, 2)}\n`,
    );
  } else {
    io.stdout.write(
      [
        '--- canonical string (between the lines; LF-separated, no trailing newline) ---',
        signed.canonicalString,
        '--- headers ---',
        ...Object.entries(signed.headers).map(([name, value]) => `${name}: ${value}`),
        '',
      ].join('\n'),
    );
  }
  return EXIT_OK;
}
