// `npm start`: the Electron app where an Electron binary is installed; otherwise (for example
// installs made with ELECTRON_SKIP_BINARY_DOWNLOAD) the browser host, built first when needed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const electronVite = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');

/** The Electron executable, or null when the package is installed without its binary. */
export function findElectronBinary(rootDir: string = root): string | null {
  if (!existsSync(join(rootDir, 'node_modules', 'electron', 'dist'))) return null;
  try {
    // The electron package's main export is the path of its binary (it throws without one).
    const binary = createRequire(join(rootDir, 'package.json'))('electron') as unknown;
    return typeof binary === 'string' && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when out/renderer is missing or older than its sources. */
export function rendererBuildIsStale(rootDir: string = root): boolean {
  const built = join(rootDir, 'out', 'renderer', 'index.html');
  if (!existsSync(built)) return true;
  const sources = [join(rootDir, 'src', 'renderer'), join(rootDir, 'src', 'shared')].map(newestMtime);
  return Math.max(...sources) > statSync(built).mtimeMs;
}

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', rejectRun);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolveRun(code ?? (signal ? 1 : 0));
    });
  });
}

/** Runs `electron-vite build` (main, preload and renderer). */
export interface ElectronLookup {
  binary: string | null;
  /** Why there is no binary, for the one-line fallback message. */
  reason?: string;
}

/**
 * The Electron binary, downloaded on first use: since Electron 45 the package fetches its
 * binary lazily instead of at install time. Where that download cannot happen (no network to
 * the release host, or ELECTRON_SKIP_BINARY_DOWNLOAD set) the caller falls back to the browser host.
 */
export function ensureElectronBinary(rootDir: string = root, env: NodeJS.ProcessEnv = process.env): ElectronLookup {
  const found = findElectronBinary(rootDir);
  if (found) return { binary: found };
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) return { binary: null, reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' };
  const installer = join(rootDir, 'node_modules', 'electron', 'install.js');
  if (!existsSync(installer)) return { binary: null, reason: 'the electron package is not installed' };
  console.log('Downloading the Electron binary (first start)…');
  const result = spawnSync(process.execPath, [installer], { cwd: rootDir, env, encoding: 'utf8', timeout: 300_000 });
  const binary = result.status === 0 ? findElectronBinary(rootDir) : null;
  if (binary) return { binary };
  const detail = `${result.stderr ?? ''}`.trim().split('\n').at(-1) || `exit code ${result.status}`;
  return { binary: null, reason: `its download failed: ${detail}` };
}

export async function buildApp(): Promise<void> {
  const code = await run(process.execPath, [electronVite, 'build']);
  if (code !== 0) throw new Error(`electron-vite build failed (exit code ${code})`);
}

async function main(): Promise<void> {
  const { binary: electron, reason } = ensureElectronBinary();
  if (electron) {
    await buildApp();
    // An inherited ELECTRON_RUN_AS_NODE would start Electron as plain Node instead of the app.
    const env = { ...process.env };
    delete env.ELECTRON_RUN_AS_NODE;
    process.exitCode = await run(electron, ['.'], env);
    return;
  }
  console.log(`No Electron binary (${reason}), so the browser host starts instead.`);
  if (rendererBuildIsStale()) await buildApp();
  const { runServe } = await import('#web/serve.ts');
  await runServe();
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
