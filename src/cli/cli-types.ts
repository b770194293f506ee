// Shared types of the `accel` CLI: each command is a module with `help` and `run`.
export type CliIo = {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
};

type CliCommandModule = {
  /** Full help text of the command (`accel <name> --help`). */
  help: string;
  /** Returns the exit code. */
  run(args: string[], io: CliIo): Promise<number>;
};

export type CliCommandEntry = {
  name: string;
  /** One line for `accel --help`. */
  summary: string;
  /** Loaded only when the command runs (keeps `accel --help` fast). */
  load: () => Promise<CliCommandModule>;
};

/** A mistake in the command line: printed with the command's help hint, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const EXIT_OK = 0;
/** The operation failed (API error, verification failed, …). */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
/** Everything ran but not every item applied (or, for config diff, the two differ). */
export const EXIT_NOT_EVERY_ITEM = 3;
