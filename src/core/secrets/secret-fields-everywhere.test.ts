// Every place that hides secrets uses the one set derived from the schema mark: a name marked
// secret is masked, scrubbed, redacted, stripped from drafts and cut out of echoes alike.
import { describe, expect, it } from 'vitest';
import { secretFieldNames } from '#shared/ipc/secret-fields.ts';
import { SECRET_MASK } from '#shared/security/secret-text.ts';
import { secretsInBody } from '../api/client-core.ts';
import { REDACTED, redact, redactText } from '../api/redact.ts';
import { stripSecrets } from '../drafts/drafts.ts';
import { maskSecrets, scrubOutput } from './secret-mask.ts';

const VALUE = 'value-that-must-stay-hidden-1234';

describe.each([...secretFieldNames, 'not-a-secret'])('field %s', (name) => {
  const isSecret = name !== 'not-a-secret';
  const data = { outer: [{ [name]: VALUE }] };

  it('is masked for the renderer (api.call) with its path listed', () => {
    const masked = maskSecrets(data);
    expect(JSON.stringify(masked.data).includes(VALUE)).toBe(!isSecret);
    expect(masked.secretFields).toEqual(isSecret ? [`outer.0.${name}`] : []);
  });

  it('is scrubbed from every IPC result', () => {
    expect(JSON.stringify(scrubOutput(data)).includes(SECRET_MASK)).toBe(isSecret);
  });

  it('is redacted in objects and in JSON text', () => {
    expect(JSON.stringify(redact(data)).includes(REDACTED)).toBe(isSecret);
    expect(redactText(JSON.stringify(data)).includes(VALUE)).toBe(!isSecret);
  });

  it('is emptied in drafts', () => {
    expect(stripSecrets(data)).toEqual({ outer: [{ [name]: isSecret ? '' : VALUE }] });
  });

  it('is collected from request bodies so echoes can be cut out', () => {
    expect(secretsInBody(data).includes(VALUE)).toBe(isSecret);
  });
});
