// `npm run start:web` / the fallback of `npm start`: runs the browser host and opens it: on Linux
// with a desktop session in a Chromium app window with a throw-away profile, on macOS and Windows
// in the default browser. ACCEL_NO_BROWSER=1 opens nothing. The browser gets its own single-use
// link, valid for a minute (a command line is readable by other local users while the token is
// still unused); the printed link has another one. Enter in the terminal prints a fresh link.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from '#core/storage/data-dir.ts';
import { BOOTSTRAP_TTL_MS } from './security.ts';
import { startWebHost } from './server.ts';

const BROWSER_CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'microsoft-edge'];

function findOnPath(names: readonly string[], env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    for (const name of names) {
      const candidate = join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // next
      }
    }
  }
  return null;
}

/** What to open the host's URL with. Pure: the platform, environment and Chromium lookup are given. */
export type BrowserChoice =
  | { kind: 'chromium-app'; executable: string }
  | { kind: 'default-browser'; command: string; args: string[]; windowsVerbatimArguments?: boolean }
  | { kind: 'none'; message: string | null };

export function selectBrowser(
  url: string,
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  findChromium: () => string | null,
): BrowserChoice {
  if (env.ACCEL_NO_BROWSER) return { kind: 'none', message: null };
  // macOS and Windows always have a desktop (and no DISPLAY): their default browser opens the link.
  if (platform === 'darwin') return { kind: 'default-browser', command: 'open', args: [url] };
  if (platform === 'win32') {
    // `start` is a cmd built-in; its first quoted argument is the window title, hence "". Verbatim
    // arguments keep cmd's own quoting (the URL is quoted for characters like & in it).
    return {
      kind: 'default-browser',
      command: 'cmd',
      args: ['/c', 'start', '""', `"${url}"`],
      windowsVerbatimArguments: true,
    };
  }
  // Elsewhere only with a graphical session; a server or SSH session just prints the link.
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return { kind: 'none', message: null };
  const executable = env.CHROMIUM_PATH || findChromium();
  return executable
    ? { kind: 'chromium-app', executable }
    : { kind: 'none', message: 'No Chromium found; open the link above in your browser.' };
}

/** Chromium in app mode (no tabs or address bar) with its own throw-away profile. */
export function chromiumAppArgs(url: string, profileDir: string): string[] {
  return [
    `--app=${url}`,
    `--user-data-dir=${profileDir}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-sync',
  ];
}

/** Lifetime of the link handed to the browser the host opens: it is used within seconds. */
export const BROWSER_LINK_TTL_MS = 60_000;

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`ACCEL_WEB_PORT must be a port number (0-65535), not "${value}"`);
  return port;
}

export async function runServe(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const rendererDir = fileURLToPath(new URL('../../out/renderer', import.meta.url));
  const dataDir = defaultDataDir(env);
  const host = await startWebHost({ port: parsePort(env.ACCEL_WEB_PORT), dataDir, rendererDir });

  console.log(`Acceleration Console is running at ${host.url}`);
  const lines = process.stdin.isTTY ? createInterface({ input: process.stdin }) : null;
  console.log(
    `Each link works once, for ${BOOTSTRAP_TTL_MS / 60_000} minutes.${lines ? ' Press Enter here for a new link.' : ''}`,
  );
  console.log(`Data directory: ${dataDir}. Press Ctrl+C to stop.`);
  lines?.on('line', () => console.log(`New link (works once): ${host.newLink()}`));

  let browser: ChildProcess | null = null;
  let profileDir: string | null = null;
  const browserLink = host.newLink(BROWSER_LINK_TTL_MS);
  const choice = selectBrowser(browserLink, process.platform, env, () => findOnPath(BROWSER_CANDIDATES, env));
  if (choice.kind === 'chromium-app') {
    profileDir = await mkdtemp(join(tmpdir(), 'accel-browser-'));
    browser = spawn(choice.executable, chromiumAppArgs(browserLink, profileDir), { stdio: 'ignore' });
    browser.on('error', () => console.log('Could not start Chromium; open the link above in your browser.'));
  } else if (choice.kind === 'default-browser') {
    // Hands the URL to the desktop and returns at once: nothing of ours to stop later.
    const opener = spawn(choice.command, choice.args, {
      stdio: 'ignore',
      windowsHide: true,
      windowsVerbatimArguments: choice.windowsVerbatimArguments,
    });
    opener.on('error', () => console.log('Could not open the default browser; open the link above in your browser.'));
    opener.unref();
  } else if (choice.message) {
    console.log(choice.message);
  }

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    lines?.close();
    console.log(`\n${signal}: stopping Acceleration Console…`);
    if (browser && browser.exitCode === null && browser.pid !== undefined) {
      const exited = new Promise((resolve) => browser?.once('exit', resolve));
      browser.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
    }
    await host.stop();
    if (profileDir) await rm(profileDir, { recursive: true, force: true }).catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', (signal) => void stop(signal));
  process.once('SIGTERM', (signal) => void stop(signal));
}

if (import.meta.main) {
  runServe().catch((error: unknown) => {
    console.error(`Acceleration Console could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
