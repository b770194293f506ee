// accounts.* channels: thin adapters over the account service.
import { createAccountService } from '../accounts/account-service.ts';
import { createProfileTransfer } from '../accounts/profile-transfer.ts';
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { removeAccountData } from '../accounts/account-data.ts';
import type { CoreServices } from '../core-services.ts';
import { retagAccount, tagNewAccount } from '../accounts/account-tags.ts';

export function createAccountsHandlers(ctx: CoreContext, services: CoreServices): FeatureHandlers<'accounts'> {
  const service = createAccountService({
    store: ctx.accounts,
    secrets: ctx.secrets,
    sandbox: ctx.sandbox,
    now: ctx.clock.now,
    onCredentialsChanged: (accountId) => ctx.clients.invalidate(accountId),
    onConnectionAttempt: (accountId, entry) => ctx.clients.recordAttempt(accountId, entry),
    onChange: (reason, accountId) => {
      void ctx.accounts
        .currentId()
        .then((currentAccountId) => ctx.emit('accounts.changed', { reason, accountId, currentAccountId }));
    },
  });
  const transfer = createProfileTransfer({
    store: ctx.accounts,
    secrets: ctx.secrets,
    inventory: services.inventoryStore,
    tags: services.tags,
    now: ctx.clock.now,
    toView: service.toView,
    onImported: () => {
      void ctx.accounts
        .currentId()
        .then((currentAccountId) =>
          ctx.emit('accounts.changed', { reason: 'imported', accountId: null, currentAccountId }),
        );
    },
    onAccountData: (accountId) => {
      ctx.emit('inventory.changed', { accountId });
      ctx.emit('tags.changed', { accountId });
    },
  });
  return {
    'accounts.list': () => service.list(),
    'accounts.get': ({ accountId }) => service.get(accountId),
    // Tags from the add/edit dialog are stored here, after the account (src/core/accounts/account-tags.ts).
    'accounts.add': async ({ tags, ...input }) => {
      const result = await service.add(input);
      return { ...result, ...(await tagNewAccount(ctx, services.tags, result.account, tags)) };
    },
    'accounts.update': async ({ tags, ...input }) => {
      const account = await service.update(input);
      await retagAccount(ctx, services.tags, account, tags);
      return account;
    },
    'accounts.rotateSecret': (input) => service.rotateSecret(input),
    'accounts.remove': async ({ accountId }) => {
      await service.remove(accountId);
      await removeAccountData(ctx, services, accountId);
      return { ok: true };
    },
    'accounts.switch': async ({ accountId }) => ({ currentAccountId: await service.switchTo(accountId) }),
    'accounts.export': (input) => transfer.exportProfiles(input),
    'accounts.import': ({ content, passphrase }) => transfer.importProfiles(content, passphrase),
    'accounts.testConnection': (input) => service.testConnection(input),
    'accounts.health': async () => ctx.clients.health(),
    'accounts.ensureSandbox': (input) => service.ensureSandbox(input?.makeCurrent),
  };
}
