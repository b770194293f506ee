// A configuration document's text: parsed (decrypted first when it holds secrets), one of its
// services chosen, and secrets left out of a document written without a passphrase (and of the
// snapshots the baselines keep).
import { AppCode } from '#shared/app-errors.ts';
import { CoreError } from '../errors.ts';
import { decryptConfigDocument } from './config-document-crypto.ts';
import { apiSecretFields } from '#shared/ipc/secret-fields.ts';
import {
  SECRET_LEFT_OUT,
  configDocumentSchema,
  describeDocumentIssue,
  isEncryptedConfigDocument,
  type ConfigDocument,
  type ServiceConfig,
} from '#shared/config-document/schema.ts';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const secretNames = new Set(apiSecretFields);

/** A copy with every secret value (S3 accessSecret, tokenSecret) replaced by SECRET_LEFT_OUT. */
export function leaveOutSecrets<T>(value: T): T {
  const walk = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(walk);
    if (!isObject(item)) return item;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(item)) {
      out[key] = secretNames.has(key) && typeof child === 'string' && child !== '' ? SECRET_LEFT_OUT : walk(child);
    }
    return out;
  };
  return walk(value) as T;
}

/** Parses a document's text; an encrypted one needs its passphrase. */
export async function readDocument(text: string, passphrase?: string): Promise<ConfigDocument> {
  const json = parseJson(text, 'The document');
  const plain = isEncryptedConfigDocument(json)
    ? parseJson(await decryptConfigDocument(json, passphrase), 'The decrypted document')
    : json;
  const parsed = configDocumentSchema.safeParse(plain);
  if (!parsed.success) {
    throw new CoreError(
      AppCode.Config.InvalidDocument,
      `The configuration document is not valid — ${describeDocumentIssue(parsed.error)}`,
    );
  }
  return parsed.data;
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CoreError(
      AppCode.Config.InvalidDocument,
      `${what} is not JSON (${(error as Error).message}). Choose a file exported by this app.`,
    );
  }
}

/** The document's service chosen by domain name or source service ID; the only one when not given. */
export function pickService(document: ConfigDocument, selector: string | undefined): ServiceConfig {
  const list = document.services;
  if (selector === undefined || selector === '') {
    if (list.length === 1 && list[0]) return list[0];
    throw new CoreError(
      AppCode.Config.ServiceNotChosen,
      list.length === 0
        ? 'The document holds no service.'
        : `The document holds ${list.length} services; choose one: ${list.map((s) => s.service.domainName).join(', ')}.`,
    );
  }
  const found = list.find((s) => s.service.domainName === selector || String(s.source.serviceId) === selector);
  if (!found) {
    throw new CoreError(
      AppCode.Config.ServiceNotInDocument,
      `The document has no service “${selector}”; it holds ${list.map((s) => s.service.domainName).join(', ') || 'none'}.`,
    );
  }
  return found;
}
