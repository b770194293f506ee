// `accel config` command-line mistakes through the real CLI (no keychain, no gateway needed).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAccel } from '../test-support/cli.ts';

describe('accel config usage', () => {
  it('explains what is missing or wrong with exit code 2', async () => {
    const env = { ACCEL_DATA_DIR: join(tmpdir(), 'accel-never-created') };
    const cases: Array<[string[], RegExp]> = [
      [['config'], /Give a config command: export, diff or apply/],
      [['config', 'export'], /--account is required/],
      [['config', 'diff', 'a.json'], /Give two sources/],
      [['config', 'apply', 'doc.json', '--service', '5'], /--account \(the target account\) is required/],
      [['config', 'apply', 'doc.json', '--account', 'X', '--service', '5', '--only', 'cache-control,cookies'], /Unknown part "cookies"/],
      [['config', 'apply', '@Acme#5', '--account', 'X', '--service', '5'], /apply takes a document file/],
    ];
    for (const [args, message] of cases) {
      const run = await runAccel(args, { env });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(message);
    }
    const help = await runAccel(['config', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('accel config apply FILE[#SERVICE]');
    const main = await runAccel(['--help']);
    expect(main.stdout).toMatch(/config\s+Export, diff and apply configuration documents/);
  }, 90_000);
});
