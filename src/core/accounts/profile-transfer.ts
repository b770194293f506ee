// Profile export and import (accounts.export / accounts.import, `accel accounts export|import`):
// the chosen accounts with their service inventories and tags, for moving to a new machine or
// handing a customer set-up to a colleague. Without a passphrase the file holds no secret; with
// one, each account's access key secret is read from the keychain, included, and the whole file
// is encrypted (scrypt + AES-256-GCM, src/core/config/config-document-crypto.ts). Import stores the
// secrets in the keychain and reports what it added, skipped and found duplicated.
import { AppCode } from '#shared/app-errors.ts';
import { z } from 'zod';
import { CoreError } from '../errors.ts';
import { checkPassphrase, decryptConfigDocument, encryptConfigDocument } from '../config/config-document-crypto.ts';
import type { AccountRecord, AccountStore } from './account-store.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { InventoryStore } from '../inventory/inventory.ts';
import type { TagStore } from '../tags/tags.ts';
import { type AccountView } from '#shared/ipc/channels/accounts.ts';
import { accountColors, accountProfileFields } from '#shared/account-profile.ts';
import { nextAccountColor } from '#shared/account-colors.ts';
import { inventoryEntrySchema } from '#shared/ipc/channels/inventory.ts';
import { isEncryptedConfigDocument } from '#shared/config-document/format.ts';
import { tagListSchema } from '#shared/tags.ts';
import type { ChannelOutput } from '#shared/ipc/contract.ts';

const EXPORT_FORMAT = 'acceleration-console/accounts';
/** 2 adds services, tags and (only inside an encrypted file) secrets; version 1 files still import. */
const EXPORT_SCHEMA_VERSION = 2;

const exportedServiceSchema = inventoryEntrySchema
  .pick({ serviceId: true, domainName: true, cName: true, enabled: true })
  .extend({
    tags: z.array(z.string()).optional(),
  });

const exportedProfileSchema = z.object({
  name: z.string().min(1),
  // The same URL rule as the add dialog: http(s), no user name or password in it.
  baseUrl: accountProfileFields.baseUrl,
  accessKeyId: z.string().min(1),
  customerId: z.number().int().positive(),
  color: z.string().optional(),
  production: z.boolean().optional(),
  notes: z.string().optional(),
  tags: z.array(z.string()).optional(),
  services: z.array(z.unknown()).optional(),
  /** Only inside an encrypted export. */
  secret: z.string().min(1).optional(),
});
type ExportedProfile = z.input<typeof exportedProfileSchema>;

const exportFileSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  schemaVersion: z.number().int(),
  exportedAt: z.string().optional(),
  secrets: z.enum(['left-out', 'included']).optional(),
  accounts: z.array(z.unknown()),
});

export type ProfileTransferDeps = {
  store: AccountStore;
  secrets: SecretStore;
  inventory: InventoryStore;
  tags: TagStore;
  now: () => Date;
  toView: (record: AccountRecord) => AccountView;
  /** Called once after an import that added accounts. */
  onImported: () => void;
  /** Called per imported account whose inventory or tags were written. */
  onAccountData?: (accountId: string) => void;
};

/** Same profile = same base URL (normalised), key ID and customer ID. */
export function profileKey(account: { baseUrl: string; accessKeyId: string; customerId: number }): string {
  let base = account.baseUrl.trim();
  try {
    const url = new URL(base);
    base = `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    base = base.toLowerCase();
  }
  return `${base}\n${account.accessKeyId.trim()}\n${account.customerId}`;
}

export function createProfileTransfer(deps: ProfileTransferDeps) {
  const { store, secrets, inventory, tags } = deps;

  async function exportProfiles(
    input: { accountIds?: string[]; includeInventory?: boolean; passphrase?: string } = {},
  ): Promise<ChannelOutput<'accounts.export'>> {
    const all = await store.list();
    const wanted = input.accountIds ? new Set(input.accountIds) : null;
    for (const id of wanted ?? []) {
      if (!all.some((account) => account.id === id))
        throw new CoreError(AppCode.Accounts.NotFound, `No account with ID ${id} exists.`);
    }
    const withSecrets = input.passphrase !== undefined;
    const includeInventory = input.includeInventory ?? true;
    if (withSecrets) {
      // Before any keychain read: a too short passphrase is the user's to fix first.
      checkPassphrase(input.passphrase);
      const keychain = await secrets.status();
      if (!keychain.available) throw new CoreError(keychain.code, keychain.message, { retryable: true });
    }
    const accountTags = includeInventory ? await tags.accountTags() : new Map<string, string[]>();
    const withoutSecret: string[] = [];
    const accounts: ExportedProfile[] = [];
    // The sandbox account is local to this installation.
    for (const account of all.filter((a) => a.kind === 'standard' && (!wanted || wanted.has(a.id)))) {
      const { name, baseUrl, accessKeyId, customerId, color, production, notes } = account;
      const profile: ExportedProfile = { name, baseUrl, accessKeyId, customerId, color, production, notes };
      if (includeInventory) {
        const serviceTags = await tags.serviceTags(account.id);
        profile.tags = accountTags.get(account.id) ?? [];
        profile.services = (await inventory.list(account.id)).map(({ serviceId, domainName, cName, enabled }) => ({
          serviceId,
          domainName,
          ...(cName === undefined ? {} : { cName }),
          ...(enabled === undefined ? {} : { enabled }),
          tags: serviceTags.get(serviceId) ?? [],
        }));
      }
      if (withSecrets) {
        const secret = account.needsSecret ? null : await secrets.get(account.id);
        if (secret) profile.secret = secret;
        else withoutSecret.push(name);
      }
      accounts.push(profile);
    }
    const exportedAt = deps.now().toISOString();
    const document = {
      format: EXPORT_FORMAT,
      schemaVersion: EXPORT_SCHEMA_VERSION,
      exportedAt,
      secrets: withSecrets ? 'included' : 'left-out',
      accounts,
    };
    const plain = `${JSON.stringify(document, null, 2)}\n`;
    const day = exportedAt.slice(0, 10);
    if (!withSecrets) {
      return {
        fileName: `acceleration-console-accounts-${day}.json`,
        content: plain,
        count: accounts.length,
        encrypted: false,
        withoutSecret,
      };
    }
    return {
      fileName: `acceleration-console-accounts-${day}.encrypted.json`,
      content: `${await encryptConfigDocument(plain, input.passphrase as string)}\n`,
      count: accounts.length,
      encrypted: true,
      withoutSecret,
    };
  }

  /** The export document inside `content` (decrypted when it is an encrypted one). */
  async function readDocument(
    content: string,
    passphrase: string | undefined,
  ): Promise<{ raw: unknown; encrypted: boolean }> {
    const parse = (text: string): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        throw new CoreError(
          AppCode.Accounts.ImportInvalid,
          'The file is not valid JSON. Choose a file exported with "Export profiles".',
        );
      }
    };
    const outer = parse(content);
    if (!isEncryptedConfigDocument(outer)) return { raw: outer, encrypted: false };
    // Config.PassphraseRequired, Config.WrongPassphrase and Config.Tampered tell the cases apart.
    return { raw: parse(await decryptConfigDocument(outer, passphrase)), encrypted: true };
  }

  async function importProfiles(content: string, passphrase?: string): Promise<ChannelOutput<'accounts.import'>> {
    const { raw, encrypted } = await readDocument(content, passphrase);
    const file = exportFileSchema.safeParse(raw);
    if (!file.success) {
      throw new CoreError(
        AppCode.Accounts.ImportInvalid,
        'The file is not an Acceleration Console accounts export. Choose a file exported with "Export profiles".',
      );
    }
    if (file.data.schemaVersion > EXPORT_SCHEMA_VERSION) {
      throw new CoreError(
        AppCode.Accounts.ImportInvalid,
        `The file was exported by a newer version of the app (schemaVersion ${file.data.schemaVersion}). Update the app to import it.`,
      );
    }
    // Secrets in a plain file were not written by this app (it only writes them encrypted): ignored.
    const secretsTrusted = encrypted;
    const items = file.data.accounts.map((item) => exportedProfileSchema.safeParse(item));
    if (secretsTrusted && items.some((item) => item.success && item.data.secret !== undefined)) {
      const keychain = await secrets.status();
      if (!keychain.available) throw new CoreError(keychain.code, keychain.message, { retryable: true });
    }
    const existing = new Map((await store.list()).map((account) => [profileKey(account), account.name]));
    const report: ChannelOutput<'accounts.import'> = {
      imported: [],
      added: [],
      skipped: [],
      duplicates: [],
      encrypted,
    };
    for (const [index, parsed] of items.entries()) {
      const item = file.data.accounts[index];
      const fallbackName = (item as { name?: unknown } | null)?.name;
      const name = typeof fallbackName === 'string' && fallbackName ? fallbackName : `entry ${index + 1}`;
      if (!parsed.success) {
        const badUrl = parsed.error.issues.find((issue) => issue.path[0] === 'baseUrl' && issue.code === 'custom');
        report.skipped.push({
          name,
          reason: badUrl
            ? `unusable base URL (${badUrl.message})`
            : 'incomplete profile (name, base URL, access key ID and customer ID are required)',
        });
        continue;
      }
      const profile = parsed.data;
      const key = profileKey(profile);
      const same = existing.get(key);
      if (same !== undefined) {
        report.duplicates.push({ name: profile.name, existingName: same });
        continue;
      }
      const accountTags = tagListSchema.safeParse(profile.tags ?? []);
      if (!accountTags.success) {
        report.skipped.push({
          name: profile.name,
          reason: `bad account tags (${accountTags.error.issues[0]?.message ?? 'invalid'})`,
        });
        continue;
      }
      const services: { serviceId: number; domainName: string; cName?: string; enabled?: boolean; tags: string[] }[] =
        [];
      let badService: string | null = null;
      for (const raw of profile.services ?? []) {
        const service = exportedServiceSchema.safeParse(raw);
        const serviceTags = service.success ? tagListSchema.safeParse(service.data.tags ?? []) : null;
        if (!service.success || !serviceTags?.success) {
          badService = service.success
            ? `service ${service.data.domainName}: ${serviceTags?.error?.issues[0]?.message ?? 'bad tags'}`
            : 'a service entry without a valid ID and domain name';
          break;
        }
        services.push({ ...service.data, tags: serviceTags.data });
      }
      if (badService !== null) {
        report.skipped.push({ name: profile.name, reason: `damaged service list (${badService})` });
        continue;
      }
      const secret = secretsTrusted ? profile.secret : undefined;
      const color = accountColors.find((c) => c === profile.color);
      const record = await store.insert({
        kind: 'standard',
        name: profile.name,
        baseUrl: profile.baseUrl,
        accessKeyId: profile.accessKeyId,
        customerId: profile.customerId,
        color: color ?? nextAccountColor((await store.list()).map((account) => account.color)),
        production: profile.production ?? false,
        notes: profile.notes ?? '',
        // Without a secret the UI asks for it on first use.
        needsSecret: secret === undefined,
        customer: null,
      });
      if (secret !== undefined) {
        try {
          await secrets.set(record.id, secret);
        } catch (error) {
          await store.remove(record.id);
          throw error;
        }
      }
      if (services.length > 0) await inventory.upsert(record.id, services, 'added');
      if (accountTags.data.length > 0) await tags.setAccountTags(record.id, accountTags.data);
      for (const service of services)
        if (service.tags.length > 0) await tags.setServiceTags(record.id, service.serviceId, service.tags);
      if (services.length > 0 || accountTags.data.length > 0) deps.onAccountData?.(record.id);
      existing.set(key, record.name);
      report.imported.push(deps.toView(record));
      report.added.push({
        accountId: record.id,
        name: record.name,
        services: services.length,
        tags: accountTags.data,
        secretState: secret === undefined ? 'needed' : 'stored',
      });
    }
    if (report.imported.length > 0) {
      if ((await store.currentId()) === null) await store.setCurrent(report.imported[0].id);
      deps.onImported();
    }
    return report;
  }

  return { exportProfiles, importProfiles };
}
