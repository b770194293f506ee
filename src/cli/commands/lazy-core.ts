// The core as the commands that load it lazily reach it: cli-core.ts (and through it the whole
// core) is imported only when a command runs, so that `accel config --help` and `accel bulk --help`
// stay quick.
import type { CliCore } from '../cli-core.ts';
import type { CliIo } from '../cli-types.ts';

export async function withCore<T>(io: CliIo, action: (cli: CliCore) => Promise<T>): Promise<T> {
  const { withCore: run } = await import('../cli-core.ts');
  return run(io, action);
}

/** cli-core's commandFailed: a usage mistake is thrown on, any other error printed in the shape asked for. */
export async function commandFailed(
  io: CliIo,
  prefix: string,
  error: unknown,
  shape: 'table' | 'json' = 'table',
): Promise<number> {
  const { commandFailed: failed } = await import('../cli-core.ts');
  return failed(io, prefix, error, { json: shape === 'json' });
}

export async function findAccount(cli: CliCore, nameOrId: string) {
  const { findAccount: find } = await import('./accounts.ts');
  return find(cli, nameOrId);
}
