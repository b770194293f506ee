// The browser the host opens never gets a long-lived token on its command line.
// `node src/web/serve.ts` runs with a stand-in "Chromium" that records its arguments; the link it
// was given is a different single-use token from the printed one, each works exactly once, and
// the session cookie they are exchanged for is on neither.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, rendererBuildIsStale } from '../../scripts/start.ts';

const serveScript = fileURLToPath(new URL('./serve.ts', import.meta.url));

function get(link: string, cookie?: string): Promise<{ status: number; setCookie: string | undefined }> {
  const url = new URL(link);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        headers: cookie ? { cookie } : {},
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie']?.[0]?.split(';')[0] }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function waitFor<T>(probe: () => Promise<T | null>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('npm run start:web: the links it prints and opens', () => {
  let dir: string;
  let child: ChildProcess;
  let stdout = '';

  beforeAll(async () => {
    // serve.ts serves out/renderer; `npm test` builds it first, a lone run may need to.
    if (rendererBuildIsStale()) await buildApp();
    dir = await mkdtemp(join(tmpdir(), 'accel-serve-links-'));
    const fakeChromium = join(dir, 'chromium');
    // Records its arguments the way /proc/<pid>/cmdline would show them, then stays up like a browser.
    await writeFile(fakeChromium, `#!/bin/sh\nprintf '%s\\n' "$@" > "${join(dir, 'args.txt')}"\nexec sleep 60\n`);
    await chmod(fakeChromium, 0o755);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DISPLAY: ':99',
      CHROMIUM_PATH: fakeChromium,
      ACCEL_DATA_DIR: join(dir, 'data'),
      ACCEL_WEB_PORT: '0',
    };
    delete env.ACCEL_NO_BROWSER;
    delete env.WAYLAND_DISPLAY;
    child = spawn(process.execPath, [serveScript], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  }, 180_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('gives the browser its own single-use link; the printed one works once too', async () => {
    const printed = await waitFor(async () => /running at (http:\S+)/.exec(stdout)?.[1] ?? null, 'the printed link');
    expect(stdout).toMatch(/Each link works once/);
    const args = await waitFor(
      async () => readFile(join(dir, 'args.txt'), 'utf8').catch(() => null),
      'the browser start',
    );
    const opened = /^--app=(\S+)$/m.exec(args)?.[1];
    expect(opened).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43}$/);
    const tokenOf = (link: string) => new URL(link).searchParams.get('token');
    expect(tokenOf(opened ?? '')).not.toBe(tokenOf(printed));

    const first = await get(opened ?? '');
    expect(first.status).toBe(302);
    const session = first.setCookie ?? '';
    expect(session).toMatch(/^accel_token=[\w-]{43}$/);
    // The session secret is on no command line and in no printed link.
    expect(args + stdout).not.toContain(session.split('=')[1]);
    // Whoever reads the command line afterwards gets a used token.
    expect((await get(opened ?? '')).status).toBe(401);

    expect((await get(printed)).status).toBe(302);
    expect((await get(printed)).status).toBe(401);
    // The session keeps working; the app is served with it.
    expect((await get(printed.replace(/\?token=.*/, ''), session)).status).toBe(200);
  });
});
