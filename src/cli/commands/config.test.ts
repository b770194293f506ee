// `accel config` command-line mistakes through the real CLI (no keychain, no gateway needed).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAccel } from '../test-support/cli.ts';

describe('accel config usage', () => {
  it('explains what is missing or wrong with exit code 2', async () => {
    const env = { ACCEL_DATA_DIR: join(tmpdir(), 'accel-never-created') };
    const cases: Array<[string[], RegExp]> = [
      [['config'], /Give a config command: export, diff, apply or clone/],
      [['config', 'export'], /--account is required/],
      [['config', 'diff', 'a.json'], /Give two sources/],
      [['config', 'apply', 'doc.json', '--service', '5'], /--account \(the target account\) is required/],
      [
        ['config', 'apply', 'doc.json', '--account', 'X', '--service', '5', '--only', 'cache-control,cookies'],
        /Unknown part "cookies"/,
      ],
      [['config', 'apply', '@Acme#5', '--account', 'X', '--service', '5'], /apply takes a document file/],
      [
        ['config', 'clone', '@Acme#5', '--domain', 'copy.example.com'],
        /--account \(the account to create the clone in\) is required/,
      ],
      [['config', 'clone', '@Acme#5', '--account', 'X'], /--domain \(the domain name of the new service\) is required/],
      [['config', 'clone', '--account', 'X', '--domain', 'copy.example.com'], /Give one source/],
    ];
    for (const [args, message] of cases) {
      const run = await runAccel(args, { env });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(message);
    }
    const help = await runAccel(['config', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('accel config apply FILE[#SERVICE]');
    expect(help.stdout).toContain('accel config clone SOURCE --account NAME --domain NEW');
    const main = await runAccel(['--help']);
    expect(main.stdout).toMatch(/config\s+Export, diff, apply and clone configuration documents/);
  }, 90_000);
});
