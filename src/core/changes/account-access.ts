// What the change service and the services built on it need of an account: its name and
// production flag as they are now, and its signed client by operationId (only known at run time
// there; the client validates the input itself).
import type { CoreContext } from '../context.ts';
import type { ChangeAccount, ChangeClient } from './changes.ts';

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
