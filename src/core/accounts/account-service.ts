// Account use cases behind the accounts.* channels: metadata in the AccountStore, the secret in
// the keychain (one entry per account, named by the account ID), credentials checked with
// getCustomer. No method returns or logs a secret.
import { AppCode } from '#shared/app-errors.ts';
import { CoreError } from '../errors.ts';
import { profileKey } from './profile-transfer.ts';
import { SANDBOX_BASE_URL, type AccountRecord, type AccountStore } from './account-store.ts';
import {
  verificationFailed,
  verifyCredentials,
  type ClientFactory,
  type Credentials,
  type VerificationResult,
} from './verify.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { createApiClient, type ApiLogEntry } from '../api/client.ts';
import type { SandboxManager } from '../sandbox/sandbox-manager.ts';
import { type AccountView, type ConnectionCheck } from '#shared/ipc/channels/accounts.ts';
import type { ChannelOutput, IpcEventPayload, ParsedChannelInput } from '#shared/ipc/contract.ts';
import { nextAccountColor } from '#shared/account-colors.ts';

type AccountsChangedReason = IpcEventPayload<'accounts.changed'>['reason'];

export type AccountServiceDeps = {
  store: AccountStore;
  secrets: SecretStore;
  sandbox: SandboxManager;
  now: () => Date;
  createClient?: ClientFactory;
  /** Called after every change (the core turns it into the accounts.changed event). */
  onChange?: (reason: AccountsChangedReason, accountId: string | null) => void;
  /** Called when an account's connection or secret changed: cached clients must go. */
  onCredentialsChanged?: (accountId: string) => void;
  /** Every call of a saved account's connection check, so the check updates the account's health. */
  onConnectionAttempt?: (accountId: string, entry: ApiLogEntry) => void;
};

export function createAccountService(deps: AccountServiceDeps) {
  const { store, secrets, sandbox } = deps;
  const changed = (reason: AccountsChangedReason, accountId: string | null) => deps.onChange?.(reason, accountId);

  function toView(record: AccountRecord): AccountView {
    return {
      ...record,
      baseUrl: record.kind === 'sandbox' ? (sandbox.url() ?? SANDBOX_BASE_URL) : record.baseUrl,
    };
  }

  const verify = (credentials: Credentials) =>
    verifyCredentials(credentials, { createClient: deps.createClient, now: deps.now });

  function throwIfFailed(check: VerificationResult): asserts check is Extract<ConnectionCheck, { ok: true }> {
    // Same code, message and field as before, plus the gateway's HTTP status and trace ID.
    if (!check.ok) throw verificationFailed(check);
  }

  function refuseSandbox(record: AccountRecord, what: string): void {
    if (record.kind === 'sandbox') {
      throw new CoreError(
        AppCode.Accounts.SandboxReadOnly,
        `The Sandbox account's ${what} is managed by the app and cannot be changed.`,
      );
    }
  }

  /** The secret of a standard account, or Accounts.SecretMissing with what to do. */
  async function secretOf(record: AccountRecord): Promise<string> {
    const missing = () =>
      new CoreError(
        AppCode.Accounts.SecretMissing,
        `The access key secret of "${record.name}" is not in the keychain${record.needsSecret ? ' yet (the account was imported)' : ''}. Enter it with "Rotate secret" to use this account.`,
        { fields: { secret: 'Enter the access key secret' } },
      );
    if (record.needsSecret) throw missing();
    const secret = await secrets.get(record.id);
    if (!secret) throw missing();
    return secret;
  }

  /** Credentials to sign with (the sandbox's own for the Sandbox account; never sent out). */
  async function credentialsOf(record: AccountRecord): Promise<Credentials> {
    if (record.kind === 'sandbox') {
      const running = await sandbox.ensure();
      return {
        baseUrl: running.url,
        accessKeyId: running.credentials.accessKeyId,
        secret: running.credentials.accessKeySecret,
        customerId: running.credentials.customerId,
      };
    }
    return {
      baseUrl: record.baseUrl,
      accessKeyId: record.accessKeyId,
      customerId: record.customerId,
      secret: await secretOf(record),
    };
  }

  async function list(): Promise<ChannelOutput<'accounts.list'>> {
    const [accounts, currentAccountId] = await Promise.all([store.list(), store.currentId()]);
    return { accounts: accounts.map(toView), currentAccountId, warnings: store.warnings() };
  }

  async function add(input: ParsedChannelInput<'accounts.add'>): Promise<ChannelOutput<'accounts.add'>> {
    const { secret, verify: shouldVerify, makeCurrent, color, ...profile } = input;
    const duplicate = (await store.list()).find((account) => profileKey(account) === profileKey(profile));
    if (duplicate) {
      throw new CoreError(
        AppCode.Accounts.Duplicate,
        `An account with this base URL, access key ID and customer ID already exists ("${duplicate.name}").`,
        { fields: { accessKeyId: 'Already used by another account' } },
      );
    }
    // Fail early (before a network check) when the secret could not be stored anyway.
    const keychain = await secrets.status();
    if (!keychain.available) throw new CoreError(keychain.code, keychain.message, { retryable: true });
    let customer: AccountRecord['customer'] = null;
    if (shouldVerify) {
      const check = await verify({ ...profile, secret });
      throwIfFailed(check);
      customer = check.customer;
    }
    const record = await store.insert({
      ...profile,
      color: color ?? nextAccountColor((await store.list()).map((account) => account.color)),
      kind: 'standard',
      needsSecret: false,
      customer,
    });
    try {
      await secrets.set(record.id, secret);
    } catch (error) {
      await store.remove(record.id);
      throw error;
    }
    if (makeCurrent ?? (await store.currentId()) === null) await store.setCurrent(record.id);
    changed('added', record.id);
    return { account: toView(record), verified: shouldVerify };
  }

  async function update(input: ParsedChannelInput<'accounts.update'>): Promise<AccountView> {
    const record = await store.get(input.accountId);
    const patch = Object.fromEntries(
      Object.entries(input.patch).filter(([, value]) => value !== undefined),
    ) as typeof input.patch;
    const connectionChanged =
      (patch.baseUrl !== undefined && patch.baseUrl !== record.baseUrl) ||
      (patch.accessKeyId !== undefined && patch.accessKeyId !== record.accessKeyId) ||
      (patch.customerId !== undefined && patch.customerId !== record.customerId);
    if (connectionChanged) refuseSandbox(record, 'connection');
    const next = { ...record, ...patch };
    if (connectionChanged) {
      const duplicate = (await store.list()).find((a) => a.id !== record.id && profileKey(a) === profileKey(next));
      if (duplicate) {
        throw new CoreError(
          AppCode.Accounts.Duplicate,
          `Another account ("${duplicate.name}") already uses this base URL, key ID and customer ID.`,
        );
      }
    }
    let customer = connectionChanged ? null : record.customer;
    if (connectionChanged && input.verify) {
      const check = await verify({ ...next, secret: await secretOf(record) });
      throwIfFailed(check);
      customer = check.customer;
    }
    const updated = await store.update(record.id, { ...patch, customer });
    if (connectionChanged) deps.onCredentialsChanged?.(record.id);
    changed('updated', record.id);
    return toView(updated);
  }

  async function rotateSecret(input: ParsedChannelInput<'accounts.rotateSecret'>): Promise<AccountView> {
    const record = await store.get(input.accountId);
    refuseSandbox(record, 'secret');
    const accessKeyId = input.accessKeyId ?? record.accessKeyId;
    let customer = record.customer;
    if (input.verify) {
      // The old secret stays until the new one is proven to work.
      const check = await verify({
        baseUrl: record.baseUrl,
        accessKeyId,
        customerId: record.customerId,
        secret: input.secret,
      });
      throwIfFailed(check);
      customer = check.customer;
    } else if (accessKeyId !== record.accessKeyId) {
      customer = null;
    }
    await secrets.set(record.id, input.secret);
    const updated = await store.update(record.id, { accessKeyId, needsSecret: false, customer });
    deps.onCredentialsChanged?.(record.id);
    changed('secret-rotated', record.id);
    return toView(updated);
  }

  async function remove(accountId: string): Promise<void> {
    const record = await store.get(accountId);
    // The keychain entry goes first: an account that cannot be cleaned up stays visible
    // instead of leaving an orphaned secret behind.
    // An imported profile whose secret was never entered has no entry to delete.
    if (record.kind === 'standard' && !record.needsSecret) await secrets.delete(record.id);
    await store.remove(record.id);
    deps.onCredentialsChanged?.(record.id);
    changed('removed', record.id);
  }

  async function switchTo(accountId: string): Promise<string> {
    await store.setCurrent(accountId);
    changed('switched', accountId);
    return accountId;
  }

  async function testConnection(input: ParsedChannelInput<'accounts.testConnection'>): Promise<ConnectionCheck> {
    if (!('accountId' in input)) return verify(input);
    const record = await store.get(input.accountId);
    const createClient: ClientFactory = (options) =>
      (deps.createClient ?? createApiClient)({
        ...options,
        log: (entry) => deps.onConnectionAttempt?.(record.id, entry),
      });
    const check = await verifyCredentials(await credentialsOf(record), { createClient, now: deps.now });
    if (check.ok) {
      await store.update(record.id, { customer: check.customer });
      changed('updated', record.id);
    }
    return check;
  }

  // Two quick calls (a double click, two windows) must not create two Sandbox accounts.
  let sandboxLock: Promise<unknown> = Promise.resolve();
  function ensureSandbox(makeCurrent?: boolean): Promise<AccountView> {
    const run = sandboxLock.then(() => ensureSandboxNow(makeCurrent));
    sandboxLock = run.catch(() => undefined);
    return run;
  }

  async function ensureSandboxNow(makeCurrent?: boolean): Promise<AccountView> {
    const running = await sandbox.ensure();
    let record = (await store.list()).find((account) => account.kind === 'sandbox');
    const credentials = {
      baseUrl: running.url,
      accessKeyId: running.credentials.accessKeyId,
      secret: running.credentials.accessKeySecret,
      customerId: running.credentials.customerId,
    };
    const check = await verify(credentials);
    const customer = check.ok ? check.customer : null;
    if (!record) {
      record = await store.insert({
        kind: 'sandbox',
        name: 'Sandbox',
        baseUrl: SANDBOX_BASE_URL,
        accessKeyId: credentials.accessKeyId,
        customerId: credentials.customerId,
        color: 'teal',
        production: false,
        notes:
          'Built-in sandbox gateway: emulates the whole API on this computer. Nothing here reaches a real service.',
        needsSecret: false,
        customer,
      });
      changed('added', record.id);
    } else if (customer) {
      record = await store.update(record.id, {
        accessKeyId: credentials.accessKeyId,
        customerId: credentials.customerId,
        customer,
      });
    }
    if (makeCurrent ?? (await store.currentId()) === null) await switchTo(record.id);
    return toView(record);
  }

  return {
    toView,
    credentialsOf,
    list,
    get: async (accountId: string) => toView(await store.get(accountId)),
    add,
    update,
    rotateSecret,
    remove,
    switchTo,
    testConnection,
    ensureSandbox,
  };
}
