// accel config export|diff|apply|clone: configuration documents from a terminal, with the same
// export, diff and plan as the app (config.* channels of the core), so that configurations can
// live in git and be applied from a pipeline.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readSecret } from '../cli-io.ts';
import { documentParts } from '#shared/config-document/field-labels.ts';
import { EXIT_NOT_EVERY_ITEM, EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';
import { runApply, runClone } from './config-apply.ts';
import { resolveSource, serviceIdOf } from './config-arguments.ts';
import { tableOrJson } from './format-option.ts';
import { commandFailed, findAccount, withCore } from './lazy-core.ts';
import { diffTable } from './config-tables.ts';

export const help = `Usage: accel config export --account NAME [--service ID|DOMAIN ...] [--out FILE]
                          [--include-secrets [--passphrase-env VAR]]
       accel config diff SOURCE SOURCE [--format table|json] [--passphrase-env VAR]
       accel config apply FILE[#SERVICE] --account NAME --service ID|DOMAIN
                          [--only PARTS] [--items IDS] [--dry-run] [--format table|json] [--yes]
                          [--passphrase-env VAR]
       accel config clone SOURCE --account NAME --domain NEW [--alternate-domain NAME ...]
                          [--only PARTS] [--items IDS] [--format table|json] [--yes]
                          [--passphrase-env VAR]

Configuration documents (docs/config-documents.md): a service's settings, its cache control,
access control and redirection policies, and the CORS headers and rate limit as last applied
from this app, in JSON with a stable key order so that git diffs read well.

export   Writes the services of an account (--service, repeatable; default: every service in
         the account's list) to --out FILE or standard output. Secrets (S3 accessSecret,
         tokenSecret) are left out unless --include-secrets, which writes an encrypted document;
         its passphrase (8 characters or more) comes from --passphrase-env VAR or standard input.
diff     Compares two configurations. A SOURCE is a document file, FILE#SERVICE for one service of
         a document with several, or @ACCOUNT#SERVICE for a service as it is now (SERVICE is a
         domain name or service ID). Exit status 0 when they are the same, ${EXIT_NOT_EVERY_ITEM} when they differ.
apply    Plans applying the document's service to the target service: per item create, update,
         unchanged, or cannot apply with the reason, and the target's rule test expectations an
         item would make fail. Without --dry-run it applies every item that can apply (or only
         --items id1,id2) through the change journal, and lists each item's outcome: applied,
         unchanged, cannot, failed or skipped (not ticked).
clone    Creates a service in --account with the settings of SOURCE (@ACCOUNT#SERVICE or a
         document, as for diff) on the domain --domain, then applies the source's policies, CORS
         and rate limit onto it as apply does (every item that can apply, or only --items). The
         new service starts with the gateway's default policies: those of the same name are
         updated. The source's alternate domain names are not copied (--alternate-domain adds some).
  --only PARTS     comma-separated parts: ${documentParts.join(', ')}
  --items IDS      comma-separated plan item IDs as --dry-run shows them
  --dry-run        print the plan, change nothing
  --format         table (default) or json
  --yes            confirm applying to an account flagged production, and apply items that
                   would make the target's rule tests fail (the plan names them)

Exit status: 0 every item applied or was already so; ${EXIT_NOT_EVERY_ITEM} some items cannot apply (or, with
--dry-run, would not); 1 an error or a failed item; 2 a mistake in the command line.
`;

async function runExport(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      service: { type: 'string', multiple: true },
      out: { type: 'string', default: '-' },
      'include-secrets': { type: 'boolean', default: false },
      'passphrase-env': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}"`);
  if (!values.account) throw new UsageError('--account is required');
  const accountName = values.account;
  return withCore(io, async (cli) => {
    try {
      const account = await findAccount(cli, accountName);
      const serviceIds = values.service
        ? await Promise.all(values.service.map((s) => serviceIdOf(cli, account.id, account.name, s)))
        : undefined;
      const passphrase = values['include-secrets']
        ? await readSecret(io, values['passphrase-env'], 'passphrase for the encrypted document')
        : undefined;
      const result = await cli.call('config.export', {
        accountId: account.id,
        ...(serviceIds ? { serviceIds } : {}),
        ...(passphrase === undefined ? {} : { includeSecrets: true, passphrase }),
      });
      if (values.out === '-') io.stdout.write(result.text);
      else await writeFile(resolve(io.cwd, values.out), result.text, { mode: 0o600 });
      io.stderr.write(
        `Exported ${result.services.length} service(s)${result.encrypted ? ', encrypted with secrets' : ', secrets left out'}.\n`,
      );
      for (const f of result.failed) io.stderr.write(`  service ${f.serviceId}: ${f.code}: ${f.message}\n`);
      return result.failed.length > 0 ? EXIT_NOT_EVERY_ITEM : EXIT_OK;
    } catch (error) {
      return commandFailed(io, 'accel config export', error);
    }
  });
}

async function runDiff(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { format: { type: 'string' }, 'passphrase-env': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 2)
    throw new UsageError('Give two sources: document files (FILE or FILE#SERVICE) or @ACCOUNT#SERVICE');
  const shape = tableOrJson(values.format);
  return withCore(io, async (cli) => {
    try {
      const left = await resolveSource(cli, io, positionals[0] as string, values['passphrase-env']);
      const right = await resolveSource(cli, io, positionals[1] as string, values['passphrase-env']);
      const diff = await cli.call('config.diff', { left, right });
      io.stdout.write(shape === 'json' ? `${JSON.stringify(diff, null, 2)}\n` : diffTable(diff));
      return diff.identical ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
    } catch (error) {
      return commandFailed(io, 'accel config diff', error, shape);
    }
  });
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'export') return runExport(rest, io);
  if (sub === 'diff') return runDiff(rest, io);
  if (sub === 'apply') return runApply(rest, io);
  if (sub === 'clone') return runClone(rest, io);
  throw new UsageError(
    sub === undefined
      ? 'Give a config command: export, diff, apply or clone'
      : `Unknown config command "${sub}"; use export, diff, apply or clone`,
  );
}
