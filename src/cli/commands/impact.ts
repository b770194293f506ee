// accel impact export: the impact line of each applied change in the journal (traffic in the N
// hours after it against the N hours before and a week earlier, with the shift flag), computed
// from the saved traffic only (docs/change-impact.md), as CSV or JSON.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { printError, withCore } from '../cli-core.ts';
import { findAccount } from './accounts.ts';
import { formatOption } from './format-option.ts';
import { toIpcError } from '#core/ipc/ipc-error.ts';
import { EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';
import { DEFAULT_IMPACT_HOURS, impactHourChoices } from '#shared/analytics/impact.ts';

export const help = `Usage: accel impact export --format csv|json --out FILE [--account NAME] [--hours N]

The change impact of every applied change in the journal: requests, origin requests, origin
offload and bandwidth in the N hours after the change against the N hours before and the same
hours a week earlier, flagged when the shift is beyond the usual variation at that hour.
Computed from the traffic saved on this computer (the Traffic screen, accel stats export);
changes whose hours are not saved say "not enough data".

  --account NAME      one account (name or ID); default: every account
  --hours N           hours compared on each side: ${impactHourChoices.join(', ')} (default ${DEFAULT_IMPACT_HOURS})
  --format csv|json   export format (CSV cells are safe to open in a spreadsheet)
  --out FILE          where to write; "-" writes to standard output
`;

export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      hours: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals[0] !== 'export' || positionals.length !== 1)
    throw new UsageError('Use "accel impact export" (accel impact --help)');
  const format = formatOption(values.format, ['csv', 'json']);
  if (!values.out) throw new UsageError('--out is required (a file path, or - for standard output)');
  const hours = values.hours === undefined ? DEFAULT_IMPACT_HOURS : Number(values.hours);
  if (!(impactHourChoices as readonly number[]).includes(hours))
    throw new UsageError(`--hours must be one of ${impactHourChoices.join(', ')}`);

  return withCore(io, async (cli) => {
    try {
      const accountId = values.account === undefined ? undefined : (await findAccount(cli, values.account)).id;
      const exported = await cli.call('impact.export', {
        ...(accountId === undefined ? {} : { accountId }),
        hours,
        format,
      });
      if (values.out === '-') io.stdout.write(exported.content);
      else {
        const path = resolve(io.cwd, values.out as string);
        await writeFile(path, exported.content, 'utf8');
        io.stderr.write(`Wrote ${path}\n`);
      }
      return EXIT_OK;
    } catch (error) {
      if (error instanceof UsageError) throw error;
      // Never on standard output: `--out -` writes the export there.
      return printError(io, 'accel impact export', toIpcError(error));
    }
  });
}
