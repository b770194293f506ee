// The CHANGE and TARGETS of \`accel bulk plan|apply\` turned into the bulk.plan input: accounts
// named by name or ID, services named ACCOUNT#ID (added to their account's service list first, as
// the app's "Add by ID" does), the change read from a file or inline.
import type { CliCore } from '../cli-core.ts';
import type { ChannelInput } from '#shared/ipc/contract.ts';
import { UsageError, type CliIo } from '../cli-types.ts';
import { readChange } from './bulk-change-argument.ts';
import { findAccount } from './lazy-core.ts';

export const planOptions = {
  change: { type: 'string' },
  template: { type: 'string' },
  accounts: { type: 'string' },
  domain: { type: 'string' },
  tag: { type: 'string', multiple: true },
  service: { type: 'string', multiple: true },
  format: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  yes: { type: 'boolean', default: false },
} as const;

export type PlanValues = {
  change?: string;
  template?: string;
  accounts?: string;
  domain?: string;
  tag?: string[];
  service?: string[];
};

export async function planInput(cli: CliCore, io: CliIo, values: PlanValues): Promise<ChannelInput<'bulk.plan'>> {
  const change = values.change === undefined ? undefined : await readChange(io, values.change);
  const accountIds =
    values.accounts === undefined
      ? undefined
      : await Promise.all(
          values.accounts
            .split(',')
            .map((a) => a.trim())
            .filter(Boolean)
            .map(async (a) => (await findAccount(cli, a)).id),
        );
  const services =
    values.service === undefined
      ? undefined
      : await Promise.all(
          values.service.map(async (ref) => {
            const at = ref.lastIndexOf('#');
            const id = ref.slice(at + 1);
            if (at <= 0 || !/^\d+$/.test(id))
              throw new UsageError(`--service ${ref}: write it as ACCOUNT#SERVICE_ID, e.g. Acme#101`);
            return { accountId: (await findAccount(cli, ref.slice(0, at))).id, serviceId: Number(id) };
          }),
        );
  // Services named by ID are added to their account's service list first (one read each, as the
  // app's "Add by ID"): targets are the services the app knows.
  for (const accountId of new Set((services ?? []).map((s) => s.accountId))) {
    const known = new Set((await cli.call('inventory.list', { accountId })).services.map((s) => s.serviceId));
    const missing = (services ?? [])
      .filter((s) => s.accountId === accountId && !known.has(s.serviceId))
      .map((s) => s.serviceId);
    if (missing.length === 0) continue;
    const added = await cli.call('inventory.addByIds', { accountId, ids: missing.join(',') });
    io.stderr.write(
      `Added to the account's service list: ${added.added.map((s) => `${s.domainName} (${s.serviceId})`).join(', ') || 'none'}\n`,
    );
  }
  const targets = {
    ...(services ? { services } : {}),
    ...(accountIds ? { accountIds } : {}),
    ...(values.domain !== undefined ? { domainPattern: values.domain } : {}),
    ...(values.tag ? { tags: values.tag } : {}),
  };
  return {
    targets,
    ...(change === undefined ? {} : { change: change as ChannelInput<'bulk.plan'>['change'] }),
    ...(values.template ? { template: values.template } : {}),
  };
}

export function checkPlanArgs(values: PlanValues, positionals: string[]): void {
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}"`);
  if ((values.change === undefined) === (values.template === undefined))
    throw new UsageError('Give the change: --change @FILE (or inline JSON) or --template NAME');
  if (
    values.accounts === undefined &&
    values.domain === undefined &&
    values.tag === undefined &&
    values.service === undefined
  ) {
    throw new UsageError('Choose target services: --accounts, --domain, --tag or --service');
  }
}
