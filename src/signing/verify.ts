// Gateway side of the signature: recompute what the client signed and compare in constant time.
// The sandbox gateway verifies with this, over the same canonical-string functions the client
// signs with, so a signing bug on either side shows up as a mismatch against the vectors.
import {
  canonicalString,
  computeSignature,
  legacyV1CanonicalString,
  pickSfdHeaders,
  signaturesEqual,
} from './signature.ts';

export interface IncomingRequestInput {
  method: string;
  /** Request target exactly as received (req.url), query string included when there is one. */
  uri: string;
  /** All received headers (node's IncomingHttpHeaders works); X-SFD-* ones are picked out. */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  keyId: string;
  secret: string;
  /** Raw body text as received. */
  body: string;
  /** Hex signature taken from the Authorization header. */
  signature: string;
  /** 1 for legacy requests without X-SFD-Signature-Version; 2 otherwise (the default). */
  version?: 1 | 2;
}

function single(value: string | readonly string[] | undefined): string {
  return typeof value === 'string' ? value : (value ?? []).join(',');
}

/**
 * True when the signature matches. The spec does not say whether the query takes part in the
 * signed URI, so both the bare path and path?query verify; the matching canonical string (or the
 * first candidate) is returned for diagnostics.
 */
export function verifyIncomingSignature(input: IncomingRequestInput): { valid: boolean; canonicalString: string } {
  const [path, query = ''] = input.uri.split(/\?(.*)/s, 2);
  const uris = query ? [path, `${path}?${query}`] : [path];
  const candidates = uris.map((uri) =>
    input.version === 1
      ? legacyV1CanonicalString({
          method: input.method,
          uri,
          date: single(input.headers['x-sfd-date']),
          nonce: single(input.headers['x-sfd-nonce']),
          keyId: input.keyId,
          body: input.body,
        })
      : canonicalString({
          method: input.method,
          uri,
          host: single(input.headers.host),
          sfdHeaders: pickSfdHeaders(input.headers),
          keyId: input.keyId,
          body: input.body,
        }),
  );
  const matched = candidates.find((c) => signaturesEqual(computeSignature(input.secret, c), input.signature));
  return { valid: matched !== undefined, canonicalString: matched ?? candidates[0] };
}
