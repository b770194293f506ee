// Runs the real CLI (`node src/cli/accel.ts`) in a child process for tests.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';

// Every test file that runs the CLI starts Node processes one after the other (each a start-up of
// its own): on a busy machine several of them exceed the default 20 s, so such files get 60.
vi.setConfig({ testTimeout: 60_000 });

export const ACCEL = fileURLToPath(new URL('../accel.ts', import.meta.url));

export type CliRun = { code: number | null; stdout: string; stderr: string };

export function runAccel(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; stdin?: string; timeoutMs?: number; cwd?: string } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ACCEL, ...args], {
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      cwd: options.cwd,
      timeout: options.timeoutMs ?? 15_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}
