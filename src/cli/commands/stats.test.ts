// `accel stats export` usage errors through the real CLI (no keychain needed).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAccel } from '../test-support/cli.ts';

describe('accel stats usage', () => {
  it('explains what is missing or wrong with exit code 2', async () => {
    const base = [
      'stats',
      'export',
      '--account',
      'X',
      '--services',
      'a.example.com',
      '--from',
      '2026-11-01T00:00:00Z',
      '--to',
      '2026-11-02T00:00:00Z',
      '--format',
      'csv',
      '--out',
      '-',
    ];
    const cases: Array<[string[], RegExp]> = [
      [['stats', 'list'], /only stats command is "export"/],
      [base.filter((a) => a !== '--account' && a !== 'X'), /--account is required/],
      [base.map((a) => (a === '2026-11-01T00:00:00Z' ? 'yesterday' : a)), /--from is not an ISO instant/],
      [base.map((a) => (a === '2026-11-02T00:00:00Z' ? '2026-10-01T00:00:00Z' : a)), /--to must be later/],
      [[...base, '--metrics', 'volume,speed'], /Unknown metric "speed"/],
      [base.map((a) => (a === 'csv' ? 'xml' : a)), /--format must be json or csv/],
    ];
    for (const [args, message] of cases) {
      const run = await runAccel(args, { env: { ACCEL_DATA_DIR: join(tmpdir(), 'accel-never-created') } });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    const help = await runAccel(['stats', '--help']);
    expect(help.stdout).toContain('accel stats export');
  });
});
