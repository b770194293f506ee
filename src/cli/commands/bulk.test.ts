// `accel bulk` command-line mistakes through the real CLI (no keychain, no gateway needed).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAccel } from '../test-support/cli.ts';

describe('accel bulk usage', () => {
  it('explains what is missing or wrong with exit code 2', async () => {
    const env = { ACCEL_DATA_DIR: join(tmpdir(), 'accel-never-created') };
    const cases: Array<[string[], RegExp]> = [
      [['bulk'], /Give a bulk command: plan, apply, resume, mark-applied, revert/],
      [['bulk', 'plan', '--accounts', 'Acme'], /Give the change: --change @FILE \(or inline JSON\) or --template NAME/],
      [['bulk', 'plan', '--change', '{}', '--template', 'x', '--accounts', 'Acme'], /Give the change/],
      [['bulk', 'apply', '--change', '{"kind":"rate-limit-delete"}'], /Choose target services: --accounts, --domain, --tag or --service/],
      [['bulk', 'plan', '--change', '{kind', '--accounts', 'Acme'], /--change is not valid JSON/],
      [['bulk', 'plan', '--change', '@missing-change.json', '--accounts', 'Acme'], /missing-change\.json: the file cannot be read \(ENOENT\)/],
      [['bulk', 'plan', '--change', '{"kind":"rate-limit-delete"}', '--accounts', 'Acme', '--format', 'yaml'], /--format must be table or json/],
      [['bulk', 'resume'], /Give the batch ID/],
      [['bulk', 'revert'], /Give the ID of the batch to revert/],
    ];
    for (const [args, message] of cases) {
      const run = await runAccel(args, { env });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(message);
    }
    const help = await runAccel(['bulk', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('accel bulk apply CHANGE TARGETS [--dry-run] [--yes]');
    // What happens to writes whose answer was lost, and the flag to send them anyway.
    expect(help.stdout).toContain('accel bulk resume BATCH [--yes] [--resend-unknown]');
    expect(help.stdout).toMatch(/never\s+sends it again blind/);
    expect(help.stdout).toContain('accel bulk mark-applied BATCH ACCOUNT#SERVICE_ID…');
    const main = await runAccel(['--help']);
    expect(main.stdout).toMatch(/bulk\s+Plan and apply one change to many services across accounts/);
  }, 90_000);
});
