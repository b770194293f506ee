// The document's format markers, apart from the schema so that light readers (the CLI's help,
// a file-type check) need not load zod and the API schemas.
export const CONFIG_DOCUMENT_FORMAT = 'acceleration-console/config-document' as const;
export const ENCRYPTED_CONFIG_DOCUMENT_FORMAT = 'acceleration-console/config-document-encrypted' as const;
export const CONFIG_DOCUMENT_SCHEMA_VERSION = 1 as const;
/** The shortest passphrase an encrypted document takes (the export form checks it as typed). */
export const MIN_PASSPHRASE_LENGTH = 8;

/** Whether parsed JSON is an encrypted document envelope (the reader then asks for the passphrase). */
export function isEncryptedConfigDocument(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { format?: unknown }).format === ENCRYPTED_CONFIG_DOCUMENT_FORMAT
  );
}
