// One instance per core, made on first use, shared by every handler of that core (their caches and
// write queues must be the same object).
import type { CoreContext } from './context.ts';
import type { CorruptFileReport } from './storage/atomic-json.ts';
import type { Warning } from '#shared/ipc/channels/accounts.ts';
import type { ChangeAccount, ChangeClient } from './changes/changes.ts';

export function perCore<T extends object>(create: (ctx: CoreContext) => T): (ctx: CoreContext) => T {
  const instances = new WeakMap<CoreContext, T>();
  return (ctx) => {
    let instance = instances.get(ctx);
    if (!instance) {
      instance = create(ctx);
      instances.set(ctx, instance);
    }
    return instance;
  };
}

/**
 * Options of a store in the data dir whose unreadable file becomes a warning with this code, kept
 * in app.status until dismissed.
 */
export function storeOptions(ctx: CoreContext, code: string, message: (report: CorruptFileReport) => string) {
  return {
    dataDir: ctx.dataDir,
    now: ctx.clock.now,
    corruptWarning: { code, message },
    onWarning: (warning: Warning) => ctx.warnings.add(warning),
  };
}

/**
 * What the change service and the configuration documents need of an account: its name and
 * production flag, and its signed client by operationId (only known at run time here; the
 * client validates the input itself).
 */
export function accountAccess(ctx: CoreContext) {
  return {
    account: async (accountId: string): Promise<ChangeAccount> => {
      // Fresh: a production flag set from another process (the CLI, the app) a moment ago counts.
      const account = await ctx.accounts.get(accountId, { fresh: true });
      return { id: account.id, name: account.name, production: account.production };
    },
    client: async (accountId: string): Promise<ChangeClient> => {
      const client = await ctx.clients.forAccount(accountId);
      return { call: (operationId, input, options) => client.request(operationId, input, options) };
    },
  };
}
