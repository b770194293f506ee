// The command registry of `accel`: one line per command. Adding one: create
// src/cli/commands/<name>.ts exporting `help` and `run(args, io)`, and add its line here.
import type { CliCommandEntry } from '../cli-types.ts';

export const commands: CliCommandEntry[] = [
  {
    name: 'accounts',
    summary: 'List, add, update, remove, export and import accounts; set their secrets',
    load: () => import('./accounts.ts'),
  },
  {
    name: 'services',
    summary: 'An account’s service list: list, add by ID or range, remove',
    load: () => import('./services.ts'),
  },
  { name: 'tags', summary: 'Tags on accounts and services: list, add, remove', load: () => import('./tags.ts') },
  {
    name: 'call',
    summary: 'Run one API operation and print the JSON result; --dry-run shows what a change would do',
    load: () => import('./call.ts'),
  },
  {
    name: 'sign',
    summary: 'Show the canonical string and Authorization header of a request',
    load: () => import('./sign.ts'),
  },
  {
    name: 'sandbox',
    summary: 'Start the sandbox gateway (same as npm run sandbox)',
    load: () => import('./sandbox.ts'),
  },
  {
    name: 'config',
    summary: 'Export, diff, apply and clone configuration documents (services and their policies)',
    load: () => import('./config.ts'),
  },
  {
    name: 'bulk',
    summary: 'Plan and apply one change to many services across accounts; resume, revert, templates',
    load: () => import('./bulk.ts'),
  },
  {
    name: 'journal',
    summary:
      'List or export the change journal (filtered by account, service, operation, batch, outcome, time); undo a change',
    load: () => import('./journal.ts'),
  },
  {
    name: 'test',
    summary:
      'Run rule test suites on the services’ rules (table, JSON or JUnit; exit 1 on a failure); show, save, delete expectations',
    load: () => import('./test.ts'),
  },
  {
    name: 'impact',
    summary: 'Export the traffic impact of the journal’s applied changes (CSV or JSON, from saved traffic)',
    load: () => import('./impact.ts'),
  },
  {
    name: 'baseline',
    summary: 'Check baselines over every account’s configuration snapshots (exit 1 on a failure); list, export, import',
    load: () => import('./baseline.ts'),
  },
  {
    name: 'watch',
    summary:
      'Check every customer’s traffic once like the Fleet overview (exit 1 when a service needs attention, 3 without a verdict)',
    load: () => import('./watch.ts'),
  },
  { name: 'stats', summary: 'Export traffic statistics as a JSON bundle or CSV', load: () => import('./stats.ts') },
];
