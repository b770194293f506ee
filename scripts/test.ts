// `npm test`: everything CI runs — typecheck, lint, build, unit + integration (vitest) and
// end-to-end (Playwright in Debian's Chromium). It first makes sure the system parts exist
// (Chromium, a Secret Service for keytar, D-Bus, Xvfb), installing them with apt-get when it
// runs as root, or stopping at once with the exact command to run. Then it re-runs itself
// inside a private D-Bus session with an unlocked gnome-keyring, so the keychain tests use
// the real OS keychain without touching the user's own.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const INSIDE = process.env.ACCEL_TEST_SESSION === '1';
const aptPackages = ['chromium', 'gnome-keyring', 'dbus', 'dbus-x11', 'libsecret-1-dev', 'libglib2.0-bin', 'xvfb', 'xauth'];

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function missingSystemParts(): string[] {
  const missing: string[] = [];
  if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) missing.push('chromium');
  if (!has('gnome-keyring-daemon')) missing.push('gnome-keyring');
  if (!has('dbus-run-session')) missing.push('dbus');
  if (!has('xvfb-run')) missing.push('xvfb');
  if (!has('gdbus')) missing.push('libglib2.0-bin'); // locks a test keyring over D-Bus
  const libsecret = spawnSync('sh', ['-c', 'ldconfig -p | grep -q libsecret-1.so'], { stdio: 'ignore' });
  if (libsecret.status !== 0) missing.push('libsecret-1-dev');
  return missing;
}

function ensureSystemParts(): void {
  const missing = missingSystemParts();
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y ${aptPackages.join(' ')}`;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !has('apt-get')) {
    const sudoCommand = `sudo apt-get update && sudo apt-get install -y ${aptPackages.join(' ')}`;
    console.error(`npm test needs system packages that are missing (${missing.join(', ')}). Run:\n  ${sudoCommand}`);
    process.exit(1);
  }
  console.log(`Installing missing system packages (${missing.join(', ')}) with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...aptPackages], { stdio: 'inherit', env });
  if (update.status !== 0 || install.status !== 0 || missingSystemParts().length > 0) {
    console.error(`Could not install the system packages. Run:\n  ${command}`);
    process.exit(1);
  }
}

function reExecInKeyringSession(): never {
  // The keyring daemon reads the unlock password on stdin; the session and its daemon end with us.
  const self = `ACCEL_TEST_SESSION=1 "${process.execPath}" "${join(root, 'scripts/test.ts')}" ${process.argv
    .slice(2)
    .map((a) => `'${a.replaceAll("'", "'\\''")}'`)
    .join(' ')}`;
  const script = `printf accel-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; ${self}`;
  // A throwaway keyring directory: the tests never see or change the user's own keyring.
  const keyringHome = mkdtempSync(join(tmpdir(), 'accel-keyring-'));
  // Name the collection to create on unlock; without it some daemons leave it locked.
  mkdirSync(join(keyringHome, 'keyrings'), { recursive: true });
  writeFileSync(join(keyringHome, 'keyrings', 'default'), 'login');
  const env = { ...process.env, XDG_DATA_HOME: keyringHome };
  const result = spawnSync('dbus-run-session', ['--', 'sh', '-c', script], { stdio: 'inherit', cwd: root, env });
  rmSync(keyringHome, { recursive: true, force: true });
  process.exit(result.status ?? 1);
}

interface StageResult {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
}

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): StageResult {
  console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
  return {
    name,
    ok: result.status === 0,
    passed: 0,
    failed: result.status === 0 ? 0 : 1,
    skipped: 0,
    seconds: (Date.now() - started) / 1000,
  };
}

function readVitestCounts(file: string, stage: StageResult): StageResult {
  if (!existsSync(file)) return stage;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    ...stage,
    passed: report.numPassedTests,
    failed: report.numFailedTests + (stage.ok || report.numFailedTests > 0 ? 0 : 1),
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

interface PlaywrightStats {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

function readPlaywrightCounts(file: string, stage: StageResult): StageResult {
  if (!existsSync(file)) return stage;
  const { stats } = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightStats;
  return {
    ...stage,
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + (stage.ok || stats.unexpected > 0 ? 0 : 1),
    skipped: stats.skipped,
  };
}

function main(): void {
  const [major] = process.versions.node.split('.').map(Number);
  if (major < 24) {
    console.error(`Node ${process.version} is too old: run the tests through npm (npm test), which uses the node@24 devDependency.`);
    process.exit(1);
  }
  ensureSystemParts();
  if (!INSIDE) reExecInKeyringSession();

  // `npm test -- <stage> [paths…]`: one stage, optionally only some test files.
  const only = process.argv[2];
  const filters = process.argv.slice(3);
  const reports = mkdtempSync(join(tmpdir(), 'accel-test-'));
  const stages: StageResult[] = [];
  const want = (stage: string) => !only || only === stage;

  if (want('static')) {
    stages.push(run('typecheck', 'npm', ['run', '--silent', 'typecheck']));
    stages.push(run('lint', 'npm', ['run', '--silent', 'lint']));
  }
  if (want('unit') || want('e2e')) stages.push(run('build', 'npx', ['electron-vite', 'build']));
  if (want('unit')) {
    const file = join(reports, 'vitest.json');
    const stage = run('unit + integration (vitest)', 'npx', [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      ...filters,
    ]);
    stages.push(readVitestCounts(file, stage));
  }
  if (want('e2e')) {
    const file = join(reports, 'playwright.json');
    // Electron needs a display; Chromium runs headless either way.
    const useXvfb = !process.env.DISPLAY && has('xvfb-run');
    const cmd = useXvfb ? 'xvfb-run' : 'npx';
    const playwright = ['playwright', 'test', '--reporter=list,json', ...filters];
    const args = useXvfb ? ['-a', 'npx', ...playwright] : playwright;
    const stage = run('end-to-end (playwright)', cmd, args, { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
    stages.push(readPlaywrightCounts(file, stage));
  }
  rmSync(reports, { recursive: true, force: true });

  console.log('\nSummary');
  for (const s of stages) {
    const counts = s.passed + s.failed + s.skipped > 0 ? ` — ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped` : '';
    console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds.toFixed(1)} s)${counts}`);
  }
  const passed = stages.reduce((n, s) => n + s.passed, 0);
  const failed = stages.reduce((n, s) => n + s.failed, 0);
  const skipped = stages.reduce((n, s) => n + s.skipped, 0);
  console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(stages.every((s) => s.ok) ? 0 : 1);
}

main();
