// The command line of accel config: comma lists, --only parts, and the operands naming a
// service or a configuration resolved to what the core's config.* channels take.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliCore } from '../cli-core.ts';
import { readSecret } from '../cli-io.ts';
import { documentParts, type DocumentPart } from '#shared/config-document/field-labels.ts';
import { isEncryptedConfigDocument } from '#shared/config-document/format.ts';
import type { ChannelInput } from '#shared/ipc/contract.ts';
import { UsageError, type CliIo } from '../cli-types.ts';
import { findAccount } from './lazy-core.ts';

type Source = ChannelInput<'config.diff'>['left'];

export function list(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function parseParts(text: string | undefined): DocumentPart[] | undefined {
  const parts = list(text);
  if (parts === undefined) return undefined;
  for (const part of parts) {
    if (!(documentParts as readonly string[]).includes(part))
      throw new UsageError(`Unknown part "${part}"; parts are ${documentParts.join(', ')}`);
  }
  return parts as DocumentPart[];
}

function splitAtHash(operand: string): { head: string; service: string | undefined } {
  const at = operand.lastIndexOf('#');
  return at < 0
    ? { head: operand, service: undefined }
    : { head: operand.slice(0, at), service: operand.slice(at + 1) };
}

/** A service ID, or the ID of the domain name in the account's service list. */
export async function serviceIdOf(
  cli: CliCore,
  accountId: string,
  accountName: string,
  service: string,
): Promise<number> {
  if (/^\d+$/.test(service)) return Number(service);
  const { services } = await cli.call('inventory.list', { accountId });
  const found = services.find((s) => s.domainName.toLowerCase() === service.toLowerCase());
  if (!found) {
    throw new UsageError(
      `"${accountName}" has no service ${service} in its list; use the service ID, or add it with the app's "Add by ID".`,
    );
  }
  return found.serviceId;
}

async function readDocumentFile(io: CliIo, path: string): Promise<string> {
  try {
    return await readFile(resolve(io.cwd, path), 'utf8');
  } catch (error) {
    throw new UsageError(
      `${path}: the file cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

function isEncryptedText(text: string): boolean {
  try {
    return isEncryptedConfigDocument(JSON.parse(text));
  } catch {
    return false;
  }
}

export async function resolveSource(
  cli: CliCore,
  io: CliIo,
  operand: string,
  passphraseEnv: string | undefined,
): Promise<Source> {
  const { head, service } = splitAtHash(operand);
  if (head.startsWith('@')) {
    if (!service) throw new UsageError(`${operand}: name the service as @ACCOUNT#SERVICE`);
    const account = await findAccount(cli, head.slice(1));
    return { accountId: account.id, serviceId: await serviceIdOf(cli, account.id, account.name, service) };
  }
  const document = await readDocumentFile(io, head);
  const passphrase = isEncryptedText(document)
    ? await readSecret(io, passphraseEnv, `passphrase of ${head}`)
    : undefined;
  return {
    document,
    ...(passphrase === undefined ? {} : { passphrase }),
    ...(service === undefined ? {} : { service }),
  };
}
