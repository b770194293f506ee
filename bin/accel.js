#!/usr/bin/env node
// Launcher for the `accel` CLI. Needs Node 24 or later (runs the TypeScript sources directly).
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  process.stderr.write(`accel needs Node.js 24 or later (this is ${process.version}).\n`);
  process.exit(1);
}
const { runCli } = await import('#cli/accel.ts');
process.exitCode = await runCli(process.argv.slice(2));
