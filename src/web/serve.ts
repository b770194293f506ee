// `npm run start:web` / the fallback of `npm start`: runs the browser host and, when there is a
// desktop session, opens it in a Chromium app window with a throw-away profile.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from './data-dir.ts';
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

export function shouldOpenBrowser(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY) && !env.ACCEL_NO_BROWSER;
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`ACCEL_WEB_PORT must be a port number (0-65535), not "${value}"`);
  return port;
}

export async function runServe(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const rendererDir = fileURLToPath(new URL('../../out/renderer', import.meta.url));
  const dataDir = defaultDataDir(env);
  const host = await startWebHost({ port: parsePort(env.ACCEL_WEB_PORT), dataDir, rendererDir });

  console.log(`Acceleration Console is running at ${host.url}`);
  console.log(`Data directory: ${dataDir}. Press Ctrl+C to stop.`);

  let browser: ChildProcess | null = null;
  let profileDir: string | null = null;
  if (shouldOpenBrowser(env)) {
    const executable = env.CHROMIUM_PATH || findOnPath(BROWSER_CANDIDATES, env);
    if (executable) {
      profileDir = await mkdtemp(join(tmpdir(), 'accel-browser-'));
      browser = spawn(
        executable,
        [`--app=${host.url}`, `--user-data-dir=${profileDir}`, '--no-first-run', '--no-default-browser-check', '--disable-sync'],
        { stdio: 'ignore' },
      );
      browser.on('error', () => console.log('Could not start Chromium; open the link above in your browser.'));
    } else {
      console.log('No Chromium found; open the link above in your browser.');
    }
  }

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
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
