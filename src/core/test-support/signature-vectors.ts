// Test helper: the shared signature v2 vectors. CI checks the shared folder out beside the clone
// (<root>/../shared/fixtures).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface SignatureVector {
  name: string;
  method: string;
  uri: string;
  host: string;
  keyId: string;
  secret: string;
  date: string;
  nonce: string;
  body: string;
  sfdHeaders: Record<string, string>;
  canonicalString: string;
  authorization: string;
}

const repoRoot = resolve(import.meta.dirname, '../../..');
const signatureVectorsPath = resolve(repoRoot, '../shared/fixtures/signature-v2-vectors.json');

export function loadSignatureVectors(): SignatureVector[] {
  return (JSON.parse(readFileSync(signatureVectorsPath, 'utf8')) as { vectors: SignatureVector[] }).vectors;
}
