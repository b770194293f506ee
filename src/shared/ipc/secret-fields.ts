// THE set of secret field names, read from the schema mark (src/shared/api/secret-mark.ts) on
// the operation table and the IPC table. Masking, redaction, draft stripping and reveal all
// use it, so a field marked secret once is hidden everywhere.
import { secretFieldNamesIn } from '../api/secret-mark.ts';
import { apiSecretFields } from '../api/api-secret-fields.ts';
import { ipcContract } from './contract.ts';

export { apiSecretFields };

/** What stands in for a redacted secret (journal, errors, logs, documents exported without secrets). */
export { REDACTED } from '../security/secret-text.ts';

// Secret-bearing names no schema field declares: the HTTP Authorization header, the access key
// secret of a credential pair ({ accessKeyId, accessKeySecret }), and generic names kept as a net.
const unschematizedSecretNames = ['authorization', 'accessKeySecret', 'password', 'passphrase'];

/** Every name whose value is a secret wherever it appears (compare with isSecretFieldName). */
export const secretFieldNames: readonly string[] = [
  ...new Set([
    ...apiSecretFields,
    ...secretFieldNamesIn(Object.values(ipcContract).flatMap((channel) => [channel.input, channel.output])),
    ...unschematizedSecretNames,
  ]),
].sort();

const lowerCaseNames = new Set(secretFieldNames.map((name) => name.toLowerCase()));

/** Whether a value under this key is a secret (case-insensitive: headers and JSON keys alike). */
export function isSecretFieldName(key: string): boolean {
  return lowerCaseNames.has(key.toLowerCase());
}

/** Whether the user may ask to see this API field's value (api.revealSecret). */
export function isRevealableSecretField(key: string): boolean {
  return apiSecretFields.includes(key);
}
