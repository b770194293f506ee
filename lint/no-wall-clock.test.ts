// DESIGN.md's one clock, through the project's real ESLint config: every way of reading a clock
// fires in src/core and src/shared production code, and an exception needs a reason.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function clockMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return result.messages.filter((m) => m.ruleId === 'clock/no-wall-clock').map((m) => m.message);
}

describe('one clock (lint)', () => {
  const violations: [string, string, string, RegExp][] = [
    ['Date.now()', 'src/core/x.ts', 'export const t = Date.now();', /^Date\.now reads a clock of its own/],
    [
      'Date.now as a default',
      'src/core/api/x.ts',
      'export const f = (now?: () => number) => now ?? Date.now;',
      /^Date\.now /,
    ],
    ['new Date()', 'src/shared/x.ts', 'export const d = new Date();', /^new Date\(\) /],
    [
      'a `?? new Date()` default',
      'src/core/x.ts',
      'export const f = (now?: () => Date) => now?.() ?? new Date();',
      /^new Date\(\) /,
    ],
    ['Date() as a function', 'src/core/x.ts', 'export const s = Date();', /^Date\(\) /],
    ['performance.now()', 'src/core/storage/x.ts', 'export const t = performance.now();', /^performance\.now /],
    [
      'globalThis.performance.now()',
      'src/core/x.ts',
      'export const t = globalThis.performance.now();',
      /^performance\.now /,
    ],
    ['process.hrtime', 'src/core/x.ts', 'export const t = process.hrtime.bigint();', /^process\.hrtime /],
    [
      'an exception without a reason',
      'src/core/x.ts',
      '// eslint-disable-next-line clock/no-wall-clock\nexport const t = Date.now();',
      /says why/,
    ],
  ];
  for (const [name, file, code, message] of violations) {
    it(`fires on ${name}`, async () => {
      const messages = await clockMessages(file, code);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(message);
    });
  }

  const allowed: [string, string, string][] = [
    [
      'a date from a value',
      'src/core/x.ts',
      "export const d = new Date('2026-11-23T12:00:00Z'); export const e = new Date(d.getTime() + 1);",
    ],
    [
      'Date.parse and Date.UTC',
      'src/shared/x.ts',
      "export const t = Date.parse('2026-11-23') + Date.UTC(2026, 10, 23);",
    ],
    ['the injected clock', 'src/core/x.ts', 'export const f = (now: () => Date) => now().toISOString();'],
    [
      'an exception with a reason',
      'src/core/x.ts',
      '// eslint-disable-next-line clock/no-wall-clock -- the system clock itself\nexport const t = Date.now();',
    ],
    ['a test', 'src/core/x.test.ts', 'export const t = Date.now();'],
    ['a test helper', 'src/core/test-support/x.ts', 'export const t = Date.now();'],
    ['a host (it hands the clock to the core)', 'src/main/x.ts', 'export const t = Date.now();'],
  ];
  for (const [name, file, code] of allowed) {
    it(`allows ${name}`, async () => {
      expect(await clockMessages(file, code)).toEqual([]);
    });
  }
});
