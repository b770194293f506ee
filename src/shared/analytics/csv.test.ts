import { describe, expect, it } from 'vitest';
import { csvField, seriesToCsv } from './csv.ts';

const t0 = Date.UTC(2026, 10, 1);

describe('CSV', () => {
  it('quotes per RFC 4180', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
  });
  it('writes one row per timestamp and one column per service and metric', () => {
    const csv = seriesToCsv([
      { serviceName: 'b.example.com', metric: 'requests', interval: 'minute', points: [[t0 + 300_000, 7]] },
      { serviceName: 'a.example.com', metric: 'volume', interval: 'minute', points: [[t0, 1], [t0 + 300_000, 2]] },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'timestamp,a.example.com data volume (bytes per 5 min),b.example.com requests (requests per 5 min)',
      '2026-11-01T00:00:00Z,1,',
      '2026-11-01T00:05:00Z,2,7',
      '',
    ]);
  });
});
