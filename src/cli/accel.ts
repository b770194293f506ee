// `accel`: the application core from a terminal (scripting for consultants, debugging the
// signature). Secrets come from the environment, stdin or the keychain — never from arguments,
// which other users can see in the process list and which end up in shell history.
import { commands } from './commands/index.ts';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from './cli-types.ts';

export function mainHelp(): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    'Usage: accel <command> [options]',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Run `accel <command> --help` for the options of a command.',
    "Environment: ACCEL_DATA_DIR (default: the desktop app's data folder),",
    "             ACCEL_KEYCHAIN_SERVICE (default 'Acceleration Console').",
    '',
  ].join('\n');
}

export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(mainHelp());
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const entry = commands.find((command) => command.name === name);
  if (!entry) {
    io.stderr.write(`accel: unknown command "${name}"\n\n${mainHelp()}`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout.write(command.help.endsWith('\n') ? command.help : `${command.help}\n`);
    return EXIT_OK;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr.write(`accel ${name}: ${(error as Error).message}\nRun \`accel ${name} --help\` for usage.\n`);
      return EXIT_USAGE;
    }
    const e = error as { code?: unknown; message?: unknown };
    io.stderr.write(`accel ${name}: ${typeof e.code === 'string' ? `${e.code}: ` : ''}${String(e.message ?? error)}\n`);
    return EXIT_FAILURE;
  }
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: workingDirectory(process.env, process.cwd()),
  };
}

/**
 * Where relative paths are read from: the current directory, except under `npm run accel`, which
 * runs from the repository root — there npm names the directory it was started in (INIT_CWD).
 */
export function workingDirectory(env: NodeJS.ProcessEnv, cwd: string): string {
  return env.npm_lifecycle_event === 'accel' && env.INIT_CWD ? env.INIT_CWD : cwd;
}

if (import.meta.main) {
  process.exitCode = await runCli(process.argv.slice(2));
}
