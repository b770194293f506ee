// The `--change` of `accel bulk` checked before the core sees it, so that a mistake reads as plain
// words naming the field, its rule and the shape expected (zod's own text names types and paths,
// which a terminal user cannot act on). The rules are bulkChangeSchema's: one source for the app,
// the IPC check and this.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { core as z } from 'zod';
import { UsageError, type CliIo } from '../cli-types.ts';
import { bulkChangeKinds, bulkChangeSchema, type BulkChangeKind } from '#shared/bulk/change.ts';

/** One valid change of each kind: shown in `accel bulk --help` and after a mistake. */
export const bulkChangeExamples: Record<BulkChangeKind, string> = {
  cors: '{"kind":"cors","headers":{"accessControlAllowOrigin":"https://shop.example","accessControlAllowMethods":"GET,HEAD"}}',
  'rate-limit-set': '{"kind":"rate-limit-set","rateLimit":{"timeWindow":60,"requestLimit":200}}',
  'rate-limit-delete': '{"kind":"rate-limit-delete"}',
  'access-control':
    '{"kind":"access-control","policy":{"policyName":"Block admin","type":"deny","matchUrlPath":{"operator":"prefix","patterns":["/admin"]},"ipRestriction":"203.0.113.0/24"}}',
  'cache-control-edit': '{"kind":"cache-control-edit","policyName":"Images","fields":{"ttl":3600}}',
  'redirection-edit': '{"kind":"redirection-edit","policyName":"Old shop","fields":{"enabled":false}}',
};

/** What each kind carries besides "kind", named in the messages ("rate-limit-set needs …"). */
const carries: Record<BulkChangeKind, string> = {
  cors: '"headers": {…}',
  'rate-limit-set': '"rateLimit": {"timeWindow": …, "requestLimit": …}',
  'rate-limit-delete': 'nothing else',
  'access-control': '"policy": {"policyName", "type", "matchUrlPath", …}',
  'cache-control-edit': '"policyName" and "fields": {…}',
  'redirection-edit': '"policyName" and "fields": {…}',
};

/** Fields whose JSON type is easy to get wrong, with the shape they take. */
const expectedShape: Record<string, string> = {
  accessControlAllowMethods: 'a comma-separated string such as "GET,HEAD"',
  accessControlAllowHeaders: 'a comma-separated string such as "X-Request-Id,Content-Type"',
  accessControlExposeHeaders: 'a comma-separated string such as "X-Request-Id"',
};

function isKind(value: unknown): value is BulkChangeKind {
  return typeof value === 'string' && (bulkChangeKinds as readonly string[]).includes(value);
}

/** "a cors change", "an access-control change". */
function aChange(kind: BulkChangeKind): string {
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} change`;
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function describeIssue(kind: BulkChangeKind, issue: z.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const where = issue.path.length === 0 ? aChange(kind) : `"${fieldName(issue.path)}"`;
    return `${issue.keys.map((k) => `"${k}"`).join(', ')} ${issue.keys.length === 1 ? 'is not a field' : 'are not fields'} of ${where}`;
  }
  const field = fieldName(issue.path);
  const last = issue.path.at(-1);
  if (issue.code === 'invalid_type' && issue.path.length === 1 && (issue.input === undefined || issue.input === null)) {
    return `${kind} needs ${carries[kind]} ("${field}" is missing)`;
  }
  const shape = typeof last === 'string' ? expectedShape[last] : undefined;
  if (issue.code === 'invalid_type' && shape) return `"${field}": ${issue.message.replace(/\.$/, '')} — ${shape}`;
  return `"${field}": ${issue.message}`;
}

/**
 * Plain-words problems of a --change value (empty when it is a valid change): each names the field
 * and the rule, and the last line shows a valid change of that kind.
 */
export function bulkChangeProblems(value: unknown): string[] {
  const kind =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as { kind?: unknown }).kind
      : undefined;
  if (!isKind(kind)) {
    const given = kind === undefined ? 'has no "kind"' : `has "kind": ${JSON.stringify(kind)}`;
    return [
      `the change ${given}; "kind" must be one of ${bulkChangeKinds.join(', ')}`,
      `e.g. ${bulkChangeExamples.cors}`,
    ];
  }
  const parsed = bulkChangeSchema.safeParse(value);
  if (parsed.success) return [];
  return [
    ...parsed.error.issues.map((issue) => describeIssue(kind, issue)),
    `${aChange(kind)} looks like ${bulkChangeExamples[kind]}`,
  ];
}

/** The change of `--change @FILE` (relative to the current directory) or `--change JSON`, checked. */
export async function readChange(io: CliIo, text: string): Promise<unknown> {
  let json = text;
  if (text.startsWith('@')) {
    try {
      json = await readFile(resolve(io.cwd, text.slice(1)), 'utf8');
    } catch (error) {
      throw new UsageError(
        `${text.slice(1)}: the file cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new UsageError(
      `--change ${text.startsWith('@') ? `${text.slice(1)} ` : ''}is not valid JSON; give a change such as {"kind":"cors","headers":{"accessControlAllowOrigin":"*"}}`,
    );
  }
  // Checked here, not only by the core: the message then names the field and the shape expected.
  const problems = bulkChangeProblems(value);
  if (problems.length > 0)
    throw new UsageError(`--change: ${problems.join('\n  ')}\n  (the shape of each kind: accel bulk --help)`);
  return value;
}
