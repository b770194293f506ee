// accel config apply and clone: plan, tick the items (as the app does), then apply them through the
// core's guarded config.apply.
import { parseArgs } from 'node:util';
import type { ChannelOutput } from '#shared/ipc/contract.ts';
import { EXIT_FAILURE, EXIT_NOT_EVERY_ITEM, EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';
import { list, parseParts, resolveSource, serviceIdOf } from './config-arguments.ts';
import { tableOrJson } from './format-option.ts';
import { commandFailed, findAccount, withCore } from './lazy-core.ts';
import { planTable, resultsTable } from './config-tables.ts';

type Plan = ChannelOutput<'config.plan'>;

export async function runApply(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      service: { type: 'string' },
      only: { type: 'string' },
      items: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      format: { type: 'string' },
      yes: { type: 'boolean', default: false },
      'passphrase-env': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('Give one document: FILE or FILE#SERVICE');
  if (positionals[0]?.startsWith('@'))
    throw new UsageError('apply takes a document file; export the source service first (accel config export)');
  if (!values.account) throw new UsageError('--account (the target account) is required');
  if (!values.service) throw new UsageError('--service (the target service, ID or domain name) is required');
  const parts = parseParts(values.only);
  const shape = tableOrJson(values.format);
  const targetAccount = values.account;
  const targetService = values.service;
  return withCore(io, async (cli) => {
    try {
      const account = await findAccount(cli, targetAccount);
      const target = {
        accountId: account.id,
        serviceId: await serviceIdOf(cli, account.id, account.name, targetService),
      };
      const source = await resolveSource(cli, io, positionals[0] as string, values['passphrase-env']);
      const request = { source, target, ...(parts ? { parts } : {}) };
      const plan = await cli.call('config.plan', request);
      // Without --items every item is ticked (so the result lists each one's outcome), except those
      // with a caution (values naming the source's domain), as in the app.
      const itemIds = list(values.items) ?? defaultItemIds(plan.items);
      if (values.items === undefined) warnUnticked(io, plan.items);
      const unknown = itemIds.filter((id) => !plan.items.some((i) => i.id === id));
      if (unknown.length > 0)
        throw new UsageError(
          `The plan has no item ${unknown.map((id) => `"${id}"`).join(', ')}; see --dry-run for the item IDs`,
        );
      const ticked = plan.items.filter((i) => itemIds.includes(i.id));
      const everyItemCan = ticked.every((i) => i.action !== 'cannot');

      if (values['dry-run']) {
        io.stdout.write(shape === 'json' ? `${JSON.stringify(plan, null, 2)}\n` : planTable(plan));
        return everyItemCan ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
      }
      if (account.production && !values.yes) {
        throw new UsageError(
          `"${account.name}" is a production account: review the plan with --dry-run, then add --yes to apply it.`,
        );
      }
      // The core refuses such items anyway; said here once, before anything is applied.
      const flipping = ticked.filter((i) => (i.flippedExpectations?.length ?? 0) > 0);
      if (flipping.length > 0 && !values.yes) {
        const named = flipping
          .map((i) => `${i.id} (${(i.flippedExpectations ?? []).map((f) => `“${f.name}”`).join(', ')})`)
          .join('; ');
        throw new UsageError(
          `Applying would make the target's rule tests fail: ${named}. Review the plan with --dry-run, then add --yes to apply anyway, or leave those items out with --items.`,
        );
      }
      if (!ticked.some((i) => i.action === 'create' || i.action === 'update')) {
        io.stdout.write(
          shape === 'json'
            ? `${JSON.stringify({ plan, results: [], allApplied: everyItemCan }, null, 2)}\n`
            : `${planTable(plan)}Nothing to apply.\n`,
        );
        return everyItemCan ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
      }
      const result = await cli.call('config.apply', {
        ...request,
        itemIds,
        ...(values.yes ? { confirmProduction: true, acceptFlippedExpectations: true } : {}),
      });
      io.stdout.write(shape === 'json' ? `${JSON.stringify(result, null, 2)}\n` : resultsTable(result));
      if (result.results.some((r) => r.outcome === 'failed')) return EXIT_FAILURE;
      return result.allApplied && everyItemCan ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
    } catch (error) {
      return commandFailed(io, 'accel config apply', error, shape);
    }
  });
}

/** The items applied without --items: all but those with a caution (values naming the source's domain), as the app ticks them. */
export function defaultItemIds(items: Plan['items']): string[] {
  return items.filter((i) => i.caution === null).map((i) => i.id);
}

/** Items left out by default because of their caution, and how to include them. */
function warnUnticked(io: CliIo, items: Plan['items']): void {
  const flagged = items.filter((i) => i.caution !== null && (i.action === 'create' || i.action === 'update'));
  if (flagged.length === 0) return;
  io.stderr.write(
    `Not applied unless named with --items (check them first):\n${flagged.map((i) => `  ${i.id}: ${i.caution}`).join('\n')}\n`,
  );
}

export async function runClone(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      domain: { type: 'string' },
      'alternate-domain': { type: 'string', multiple: true },
      only: { type: 'string' },
      items: { type: 'string' },
      format: { type: 'string' },
      yes: { type: 'boolean', default: false },
      'passphrase-env': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('Give one source: @ACCOUNT#SERVICE, FILE or FILE#SERVICE');
  if (!values.account) throw new UsageError('--account (the account to create the clone in) is required');
  if (!values.domain) throw new UsageError('--domain (the domain name of the new service) is required');
  const parts = parseParts(values.only);
  const shape = tableOrJson(values.format);
  const { account: accountName, domain: domainName } = values;
  return withCore(io, async (cli) => {
    try {
      const account = await findAccount(cli, accountName);
      if (account.production && !values.yes) {
        throw new UsageError(
          `"${account.name}" is a production account: add --yes to create the clone and apply its policies there.`,
        );
      }
      const source = await resolveSource(cli, io, positionals[0] as string, values['passphrase-env']);
      const { clonePlanParts } = await import('#shared/config-document/clone.ts');
      const cloned = await cli.call('config.clone', {
        source,
        accountId: account.id,
        domainName,
        ...(values['alternate-domain'] ? { alternateDomainNames: values['alternate-domain'] } : {}),
        ...(values.yes ? { confirmProduction: true } : {}),
      });
      if (cloned.continued) io.stderr.write(`${cloned.continued}\n`);
      else
        io.stderr.write(
          `Created service ${cloned.service.id} ${cloned.service.domainName}${cloned.service.cName ? ` (CNAME ${cloned.service.cName})` : ''}.\n`,
        );
      const wanted = parts ?? [...clonePlanParts];
      const items = cloned.plan.items.filter((i) => wanted.includes(i.part));
      const itemIds = list(values.items) ?? defaultItemIds(items);
      if (values.items === undefined) warnUnticked(io, items);
      const unknown = itemIds.filter((id) => !items.some((i) => i.id === id));
      if (unknown.length > 0) {
        io.stderr.write(
          `The plan has no item ${unknown.map((id) => `"${id}"`).join(', ')}; nothing was applied. The plan:\n`,
        );
        io.stdout.write(planTable({ ...cloned.plan, items }));
        return EXIT_FAILURE;
      }
      const everyItemCan = items.filter((i) => itemIds.includes(i.id)).every((i) => i.action !== 'cannot');
      if (!items.some((i) => itemIds.includes(i.id) && (i.action === 'create' || i.action === 'update'))) {
        io.stdout.write(
          shape === 'json'
            ? `${JSON.stringify({ service: cloned.service, plan: cloned.plan, results: [] }, null, 2)}\n`
            : `${planTable({ ...cloned.plan, items })}Nothing to apply.\n`,
        );
        return everyItemCan ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
      }
      const result = await cli.call('config.apply', {
        source,
        target: { accountId: account.id, serviceId: cloned.service.id },
        parts: wanted,
        itemIds,
        ...(values.yes ? { confirmProduction: true } : {}),
      });
      io.stdout.write(
        shape === 'json'
          ? `${JSON.stringify({ service: cloned.service, ...result }, null, 2)}\n`
          : resultsTable(result),
      );
      if (result.results.some((r) => r.outcome === 'failed')) return EXIT_FAILURE;
      return result.allApplied && everyItemCan ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
    } catch (error) {
      return commandFailed(io, 'accel config clone', error, shape);
    }
  });
}
