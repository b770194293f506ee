import { describe, expect, it } from 'vitest';
import { csvField, csvNumber, seriesToCsv } from './csv.ts';

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
      {
        serviceName: 'a.example.com',
        metric: 'volume',
        interval: 'minute',
        points: [
          [t0, 1],
          [t0 + 300_000, 2],
        ],
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'timestamp,a.example.com data volume (bytes per 5 min),b.example.com requests (requests per 5 min)',
      '2026-11-01T00:00:00Z,1,',
      '2026-11-01T00:05:00Z,2,7',
      '',
    ]);
  });

  it('rounds sensibly: bandwidth to whole bits per second, other fractions to 3 decimals', () => {
    const csv = seriesToCsv([
      {
        serviceName: 'a.example.com',
        metric: 'bandwidth',
        interval: 'minute',
        points: [
          [t0, 103186636.93333334],
          [t0 + 300_000, 0.4],
        ],
      },
      {
        serviceName: 'a.example.com',
        metric: 'volume',
        interval: 'day',
        points: [
          [t0, 3870748885],
          [t0 + 300_000, 2.0000000000000004],
        ],
      },
    ]);
    expect(csv.split('\r\n').slice(1, 3)).toEqual([
      '2026-11-01T00:00:00Z,3870748885,103186637',
      '2026-11-01T00:05:00Z,2,0',
    ]);
    expect(csvNumber('count', 1.23456)).toBe('1.235');
    expect(csvNumber('bps', Number.NaN)).toBe('');
  });
});
