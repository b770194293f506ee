// The application core as the CLI uses it: data directory and keychain service from the
// environment, one invoke that throws on an error result.
import { createCore, type Core } from '#core/app-core.ts';
import { defaultDataDir } from '#core/storage/data-dir.ts';
import { keychainServiceFromEnv } from '#core/secrets/secret-store.ts';
import type { Channel, ChannelInput, ChannelOutput, IpcResult } from '#shared/ipc/contract.ts';
import { toIpcError } from '#core/ipc/ipc-error.ts';
import { CoreError } from '#core/errors.ts';
import { printError, type PrintErrorOptions } from './cli-io.ts';
import { UsageError, type CliIo } from './cli-types.ts';

export { printError, readSecret } from './cli-io.ts';

/**
 * The catch of a command run in the core: a mistake in the command line goes on to the usage
 * message; any other error is printed as an error result (core errors keep their code and fields).
 */
export function commandFailed(io: CliIo, prefix: string, error: unknown, options: PrintErrorOptions = {}): number {
  if (error instanceof UsageError) throw error;
  return printError(io, prefix, toIpcError(error), options);
}

export type CliCore = {
  core: Core;
  call<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
};

export async function withCore<T>(io: CliIo, action: (cli: CliCore) => Promise<T>): Promise<T> {
  const core = createCore({
    dataDir: defaultDataDir(io.env),
    keychainService: keychainServiceFromEnv(io.env),
    // Terminal users expect an answer or an error soon, not minutes of retries.
    clientOptions: { timeoutMs: 30_000 },
  });
  const call = async <C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> => {
    const result = (await core.invoke(channel as string, input)) as IpcResult<ChannelOutput<C>>;
    // An error result is thrown as the core's one error class, so that commands read straight through.
    if (!result.ok) throw CoreError.fromIpcError(result.error);
    return result.data;
  };
  try {
    return await action({ core, call });
  } finally {
    await core.dispose();
  }
}
