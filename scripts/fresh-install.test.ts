// The README's first command on a fresh machine where keytar's native module can be
// neither built (no libsecret headers: PKG_CONFIG_LIBDIR points nowhere) nor downloaded. A copy
// of this tree (what `git add -A` would commit) is installed with `npm ci` — from the local npm
// cache where it can, to keep CI short — then `npm start` must serve the app on its printed link,
// with the sandbox account and stats review working and a keychain notice that names the
// missing module and the one command that fixes it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const MINUTE = 60_000;
const screenshotDir = join(root, 'e2e', 'screenshots');

/** The files `git add -A` would commit: tracked ones still present plus untracked, not ignored. */
function copyWorkTree(to: string): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of new Set(listed.stdout.split('\0').filter(Boolean))) {
    const from = join(root, file);
    if (!existsSync(from)) continue;
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(from, join(to, file), { verbatimSymlinks: true });
  }
}

/** A shell on a fresh machine: none of this repo's npm context, its node_modules/.bin off PATH. */
function freshEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (
      name.startsWith('npm_') ||
      name === 'INIT_CWD' ||
      name === 'NODE_OPTIONS' ||
      name.startsWith('VITEST') ||
      name === 'ACCEL_NO_BROWSER'
    )
      continue;
    env[name] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.includes('node_modules'))
    .join(delimiter);
  return { ...env, ...extra };
}

type Reply = { status: number; cookie: string | undefined; text: string };

async function http(
  url: string,
  init: { method?: string; cookie?: string; body?: unknown; origin?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (init.origin) headers.origin = init.origin;
  if (init.method === 'POST') headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    redirect: 'manual',
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return {
    status: response.status,
    cookie: response.headers.get('set-cookie')?.split(';')[0],
    text: await response.text(),
  };
}

describe('fresh machine: keytar cannot be built or downloaded', () => {
  let dir: string;
  let repo: string;
  let app: ChildProcess | undefined;
  let output = '';

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'accel-fresh-'));
    repo = join(dir, 'acceleration-console');
    copyWorkTree(repo);
  }, MINUTE);

  afterAll(async () => {
    if (app?.pid !== undefined && app.exitCode === null) {
      const exited = new Promise((resolveExit) => app?.once('exit', resolveExit));
      // npm start and the host it runs share the process group started below.
      process.kill(-app.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
    // Removing a whole node_modules takes a while on a busy disk.
  }, 3 * MINUTE);

  it(
    '`npm ci` succeeds without keytar, and `npm start` serves the app with a precise keychain notice',
    async () => {
      const installEnv = freshEnv({ PKG_CONFIG_LIBDIR: '/nonexistent', ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
      const install = spawnSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: repo,
        env: installEnv,
        encoding: 'utf8',
        timeout: 8 * MINUTE,
      });
      expect(install.status, install.stderr.slice(-2000)).toBe(0);
      // The native build really was impossible: npm skipped the optional dependency.
      expect(existsSync(join(repo, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node'))).toBe(false);

      const dataDir = join(dir, 'data');
      app = spawn('npm', ['start'], {
        cwd: repo,
        env: freshEnv({
          ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
          ACCEL_NO_BROWSER: '1',
          ACCEL_DATA_DIR: dataDir,
          ACCEL_WEB_PORT: '0',
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      app.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      app.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      let link: string | undefined;
      for (let waited = 0; !link && waited < 4 * MINUTE; waited += 200) {
        if (app.exitCode !== null) throw new Error(`npm start exited (${app.exitCode}):\n${output}`);
        link = /running at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(output)?.[1];
        if (!link) await new Promise((resolveWait) => setTimeout(resolveWait, 200));
      }
      if (!link) throw new Error(`npm start printed no link:\n${output}`);
      expect(output).toContain('browser host starts instead');
      const origin = new URL(link).origin;

      // The printed link answers: token exchanged for the cookie, then the app itself.
      const exchange = await http(link);
      expect(exchange.status).toBe(302);
      const cookie = exchange.cookie;
      const page = await http(`${origin}/`, { cookie });
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id="app">');

      const ipc = async (channel: string, input?: unknown) => {
        const reply = await http(`${origin}/ipc/${channel}`, {
          method: 'POST',
          cookie,
          origin,
          ...(input === undefined ? {} : { body: input }),
        });
        expect(reply.status, reply.text).toBe(200);
        return JSON.parse(reply.text) as { ok: boolean; data?: unknown; error?: { code: string; message: string } };
      };

      // The notice names the module and the one command; not the keyring install hint.
      const status = (await ipc('app.status')) as {
        ok: true;
        data: { keychain: { available: boolean; reason?: string; message?: string; fixCommand?: string } };
      };
      expect(status.data.keychain).toMatchObject({ available: false, reason: 'module-missing' });
      expect(status.data.keychain.fixCommand).toMatch(
        /^sudo apt-get install -y libsecret-1-dev( gnome-keyring)? && npm install$/,
      );
      expect(status.data.keychain.message).toContain(`\`${status.data.keychain.fixCommand}\``);
      expect(status.data.keychain.message).not.toMatch(/Install and unlock a Secret Service|D-Bus/);

      // In Debian's Chromium: the notice shows the command, and the sandbox account can be used.
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
      try {
        const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
        const [name, value] = (cookie ?? '').split('=');
        await context.addCookies([{ name, value, url: origin }]);
        const tab = await context.newPage();
        await tab.goto(`${origin}/`);
        const notice = tab.getByRole('alert').filter({ hasText: 'The system keychain is not available' });
        await notice.waitFor({ timeout: 30_000 });
        await tab.getByText(status.data.keychain.fixCommand ?? '', { exact: true }).waitFor();
        expect(await notice.textContent()).not.toMatch(/Install and unlock a Secret Service/);
        mkdirSync(screenshotDir, { recursive: true });
        await tab.screenshot({ path: join(screenshotDir, 'fresh-install-keychain-notice.png') });
        await tab.getByRole('button', { name: 'Use the sandbox account' }).click();
        await tab.getByText('www.example-shop.com').first().waitFor({ timeout: 30_000 });
      } finally {
        await browser.close();
      }

      // The sandbox account works without the keychain, and so does reviewing a stats bundle.
      const sandbox = (await ipc('accounts.ensureSandbox')) as { ok: boolean; data: { id: string } };
      expect(sandbox.ok).toBe(true);
      const to = Date.now();
      const query = {
        accountId: sandbox.data.id,
        serviceNames: ['www.example-shop.com'],
        metrics: ['volume'],
        from: to - 3_600_000,
        to,
      };
      const bundle = (await ipc('stats.exportBundle', query)) as {
        ok: boolean;
        data: { content: string; sha256: string };
      };
      expect(bundle.ok).toBe(true);
      const opened = (await ipc('stats.openBundle', { content: bundle.data.content })) as {
        ok: boolean;
        data: { sha256: string };
      };
      expect(opened).toMatchObject({ ok: true, data: { sha256: bundle.data.sha256 } });
    },
    12 * MINUTE,
  );
});
