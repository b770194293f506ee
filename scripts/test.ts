// `npm test`: everything CI runs — typecheck, lint, build, unit + integration (vitest) and
// end-to-end (Playwright in Debian's Chromium). It first makes sure the system parts exist
// (Chromium, a Secret Service for keytar, D-Bus, Xvfb), installing them with apt-get when it
// runs as root, or stopping at once with the exact command to run; the same for keytar's native
// module (an optional dependency that npm skips when it cannot be built): as root it is
// installed or rebuilt, otherwise the commands are printed. Then it re-runs itself
// inside a private D-Bus session with an unlocked gnome-keyring, so the keychain tests use
// the real OS keychain without touching the user's own. The vitest stage runs twice: as is, then
// with the system clock 400 days ahead (libfaketime), so a test that reads today's date fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const INSIDE = process.env.ACCEL_TEST_SESSION === '1';
const aptPackages = [
  'chromium',
  'gnome-keyring',
  'dbus',
  'dbus-x11',
  'libsecret-1-dev',
  'libglib2.0-bin',
  'xvfb',
  'xauth',
  'faketime',
];

/** Debian's libfaketime (package faketime) for this machine's architecture. */
const multiarch = process.arch === 'arm64' ? 'aarch64-linux-gnu' : 'x86_64-linux-gnu';
const LIBFAKETIME = process.env.ACCEL_LIBFAKETIME ?? `/usr/lib/${multiarch}/faketime/libfaketime.so.1`;
/** How far the second vitest run moves the system clock (libfaketime's relative offset). */
export const MOVED_CLOCK = '+400d';

/**
 * The environment of the moved-clock vitest run: only that process and its children see the moved
 * clock (the keyring session and Chromium keep the real one). File times still come from the
 * kernel's real clock: a test comparing them with the clock sets them from the injected clock.
 */
export function movedClockEnv(env: NodeJS.ProcessEnv, library = LIBFAKETIME): NodeJS.ProcessEnv {
  return { FAKETIME: MOVED_CLOCK, LD_PRELOAD: env.LD_PRELOAD ? `${library}:${env.LD_PRELOAD}` : library };
}

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
  if (!existsSync(LIBFAKETIME)) missing.push('faketime'); // the moved-clock vitest run
  // The headers keytar builds against (the runtime library alone is not enough to rebuild it).
  const libsecret = spawnSync('sh', ['-c', 'pkg-config --exists libsecret-1'], { stdio: 'ignore' });
  if (libsecret.status !== 0) missing.push('libsecret-1-dev');
  return missing;
}

/** keytar's state: loads, not installed (npm skipped the optional dependency), or does not load. */
export type KeytarState = 'ok' | 'not-installed' | 'not-loading';

function keytarState(): KeytarState {
  if (!existsSync(join(root, 'node_modules', 'keytar', 'package.json'))) return 'not-installed';
  const load = spawnSync(process.execPath, ['-e', "require('keytar')"], { cwd: root, stdio: 'ignore' });
  return load.status === 0 ? 'ok' : 'not-loading';
}

/** The npm command that brings keytar back: reinstall the skipped optional dependency, or rebuild it. */
export function keytarFixCommand(state: KeytarState): string | null {
  return state === 'not-installed' ? 'npm install' : state === 'not-loading' ? 'npm rebuild keytar' : null;
}

export type SetupPlan =
  { kind: 'ready' } | { kind: 'stop'; message: string } | { kind: 'install'; apt: boolean; npm: string | null };

/** What `npm test` does about missing system packages and keytar. Pure: the facts are given. */
export function planSetup(facts: {
  missing: readonly string[];
  keytar: KeytarState;
  isRoot: boolean;
  hasAptGet: boolean;
}): SetupPlan {
  const npm = keytarFixCommand(facts.keytar);
  if (facts.missing.length === 0 && npm === null) return { kind: 'ready' };
  if (facts.isRoot && facts.hasAptGet) return { kind: 'install', apt: facts.missing.length > 0, npm };
  const needs: string[] = [];
  if (facts.missing.length > 0) needs.push(`system packages that are missing (${facts.missing.join(', ')})`);
  if (facts.keytar === 'not-installed') needs.push("keytar's native module, which npm could not build at install time");
  if (facts.keytar === 'not-loading')
    needs.push("keytar's native module, which does not load (built for another Node.js, or without libsecret)");
  const steps: string[] = [];
  if (facts.missing.length > 0) steps.push(`sudo apt-get update && sudo apt-get install -y ${aptPackages.join(' ')}`);
  if (npm) steps.push(npm);
  return { kind: 'stop', message: `npm test needs ${needs.join(' and ')}. Run:\n  ${steps.join(' && ')}` };
}

function ensureSystemParts(): void {
  const missing = missingSystemParts();
  const plan = planSetup({
    missing,
    keytar: keytarState(),
    isRoot: process.getuid?.() === 0,
    hasAptGet: has('apt-get'),
  });
  if (plan.kind === 'ready') return;
  if (plan.kind === 'stop') {
    console.error(plan.message);
    process.exit(1);
  }
  if (plan.apt) {
    const command = `apt-get update && apt-get install -y ${aptPackages.join(' ')}`;
    console.log(`Installing missing system packages (${missing.join(', ')}) with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', ...aptPackages], { stdio: 'inherit', env });
    if (update.status !== 0 || install.status !== 0 || missingSystemParts().length > 0) {
      console.error(`Could not install the system packages. Run:\n  ${command}`);
      process.exit(1);
    }
  }
  if (plan.npm) {
    console.log(`keytar's native module is missing or does not load: running \`${plan.npm}\`…`);
    const [command, ...args] = plan.npm.split(' ');
    const result = spawnSync(command, [...args, '--no-audit', '--no-fund'], { stdio: 'inherit', cwd: root });
    if (result.status !== 0 || keytarState() !== 'ok') {
      console.error(`keytar still does not load. Run:\n  ${plan.npm}`);
      process.exit(1);
    }
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
    console.error(
      `Node ${process.version} is too old: run the tests through npm (npm test), which uses the node@24 devDependency.`,
    );
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
    const vitest = (name: string, file: string, env: NodeJS.ProcessEnv = {}) =>
      readVitestCounts(
        file,
        run(
          name,
          'npx',
          ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...filters],
          env,
        ),
      );
    stages.push(vitest('unit + integration (vitest)', join(reports, 'vitest.json')));
    // The same tests 400 days later: ages, expiry and time ranges must come from the injected clock.
    stages.push(
      vitest(
        `unit + integration, system clock ${MOVED_CLOCK} (vitest under faketime)`,
        join(reports, 'vitest-moved-clock.json'),
        movedClockEnv(process.env),
      ),
    );
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
    const counts =
      s.passed + s.failed + s.skipped > 0 ? ` — ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped` : '';
    console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds.toFixed(1)} s)${counts}`);
  }
  const passed = stages.reduce((n, s) => n + s.passed, 0);
  const failed = stages.reduce((n, s) => n + s.failed, 0);
  const skipped = stages.reduce((n, s) => n + s.skipped, 0);
  // The vitest tests count once per run (as is, and with the moved clock).
  const twice = want('unit') ? ` (vitest tests counted twice: as is and with the clock ${MOVED_CLOCK})` : '';
  console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped${twice}`);
  process.exit(stages.every((s) => s.ok) ? 0 : 1);
}

if (import.meta.main) main();
