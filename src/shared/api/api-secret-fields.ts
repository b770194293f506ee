// The secret fields the API itself carries (S3 accessSecret, tokenSecret), read from the schema
// mark on the operation table. Apart from secret-fields.ts (which adds the IPC table's names) so
// the renderer can mask them in a diff without loading every channel's schemas.
import { operations } from './operations.ts';
import { secretFieldNamesIn } from './secret-mark.ts';

/** Secret fields the API itself carries: the ones a user may reveal. */
export const apiSecretFields: readonly string[] = [
  ...secretFieldNamesIn(Object.values(operations).flatMap((op) => [op.pathParams, op.body, op.response])),
].sort();

/** Whether a dotted API path ("origins.0.s3.accessSecret", "tokenSecret") ends in a secret field. */
export function isApiSecretPath(path: string): boolean {
  const leaf = path
    .split('.')
    .filter((segment) => !/^\d+$/.test(segment))
    .at(-1);
  return leaf !== undefined && apiSecretFields.includes(leaf);
}
