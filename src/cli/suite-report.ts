// What `accel test` prints: a table for people, JSON for scripts, JUnit XML for CI (one test suite
// per service, one test case per expectation; "cannot tell" is a skipped case with its reason).
import type { SuiteRun } from '#shared/ipc/channels/suites.ts';

export type SuiteReportFormat = 'table' | 'json' | 'junit';

function serviceLabel(run: SuiteRun): string {
  return `${run.domainName ?? `service ${run.serviceId}`} (${run.accountName}, ${run.serviceId})`;
}

/** Whether any expectation failed or a service could not be read: exit code 1. */
export function anyFailure(runs: readonly SuiteRun[]): boolean {
  return runs.some((r) => r.error !== null || r.counts.fail > 0);
}

const outcomeWord = { pass: 'pass', fail: 'FAIL', 'cannot-tell': 'cannot tell' } as const;

export function tableReport(runs: readonly SuiteRun[]): string {
  const lines: string[] = [];
  for (const run of runs) {
    lines.push(serviceLabel(run));
    if (run.error) {
      lines.push(`  ERROR  the rules could not be read: ${run.error.code}: ${run.error.message}`);
      continue;
    }
    const width = Math.max(...run.results.map((r) => outcomeWord[r.outcome].length));
    for (const r of run.results) {
      lines.push(`  ${outcomeWord[r.outcome].padEnd(width)}  ${r.name} — expected ${r.expected}`);
      if (r.outcome !== 'pass') lines.push(`  ${' '.repeat(width)}  ${r.reason ?? r.actual}`);
    }
    lines.push(`  ${run.counts.pass} passed, ${run.counts.fail} failed, ${run.counts.cannotTell} cannot tell`);
  }
  const total = (key: 'pass' | 'fail' | 'cannotTell') => runs.reduce((n, r) => n + r.counts[key], 0);
  const errors = runs.filter((r) => r.error !== null).length;
  lines.push('');
  lines.push(
    `${runs.length} service(s): ${total('pass')} passed, ${total('fail')} failed, ${total('cannotTell')} cannot tell${errors > 0 ? `, ${errors} could not be read` : ''}.`,
  );
  return `${lines.join('\n')}\n`;
}

function jsonReport(runs: readonly SuiteRun[]): string {
  return `${JSON.stringify({ ok: !anyFailure(runs), runs }, null, 2)}\n`;
}

/** Text for XML attributes and content: the five predefined entities, and no characters XML 1.0 forbids. */
export function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing the control characters XML 1.0 cannot carry
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

export function junitReport(runs: readonly SuiteRun[], timestamp: string): string {
  const sum = (f: (r: SuiteRun) => number) => runs.reduce((n, r) => n + f(r), 0);
  const tests = sum((r) => (r.error ? 1 : r.results.length));
  const failures = sum((r) => r.counts.fail);
  const errors = sum((r) => (r.error ? 1 : 0));
  const skipped = sum((r) => r.counts.cannotTell);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="accel test" tests="${tests}" failures="${failures}" errors="${errors}" skipped="${skipped}">`,
  ];
  for (const run of runs) {
    const name = xmlText(serviceLabel(run));
    const className = xmlText(`${run.accountName}.${run.domainName ?? run.serviceId}`);
    const count = run.error ? 1 : run.results.length;
    out.push(
      `  <testsuite name="${name}" tests="${count}" failures="${run.counts.fail}" errors="${run.error ? 1 : 0}" skipped="${run.counts.cannotTell}" timestamp="${xmlText(timestamp)}">`,
    );
    if (run.error) {
      out.push(`    <testcase name="read the rules" classname="${className}">`);
      out.push(`      <error type="${xmlText(run.error.code)}" message="${xmlText(run.error.message)}"/>`);
      out.push('    </testcase>');
    }
    for (const r of run.results) {
      const open = `    <testcase name="${xmlText(r.name)}" classname="${className}"`;
      if (r.outcome === 'pass') {
        out.push(`${open}/>`);
        continue;
      }
      out.push(`${open}>`);
      const message = xmlText(r.reason ?? r.actual);
      if (r.outcome === 'fail') {
        out.push(
          `      <failure type="expectation" message="${message}">${xmlText(`Expected ${r.expected}. Verdict: ${r.actual}`)}</failure>`,
        );
      } else out.push(`      <skipped message="Cannot tell: ${message}"/>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}

export function suiteReport(runs: readonly SuiteRun[], format: SuiteReportFormat, timestamp: string): string {
  if (format === 'json') return jsonReport(runs);
  if (format === 'junit') return junitReport(runs, timestamp);
  return tableReport(runs);
}
