// Evaluation of single match conditions: v1.1 Match objects and v1.0 MatchUrlPath /
// MatchQueryString. Problems (bad regex, bad subnet, unknown operator) never throw: the
// condition simply fails and the problem is reported so the UI can show it.
import { ipv4InNetwork, parseCidr, parseIpv4 } from './ipv4.ts';
import { v11OperatorOfMatchUrlOperator } from '../api/match-vocabulary.ts';
import {
  matchFields,
  matchOperators,
  operatorAliases,
  v10Operators,
  type MatchField,
  type MatchLike,
  type MatchOperator,
  type PatternMatchLike,
  type TestRequest,
  type V10Operator,
} from './types.ts';

export interface ConditionOutcome {
  readonly matched: boolean;
  /** Human-readable problems found while evaluating (e.g. "invalid regular expression ..."). */
  readonly problems: readonly string[];
}

export function normalizeOperator(operator: string): MatchOperator | null {
  const op = operatorAliases[operator] ?? operator;
  return (matchOperators as readonly string[]).includes(op) ? (op as MatchOperator) : null;
}

export function isMatchField(field: string): field is MatchField {
  return (matchFields as readonly string[]).includes(field);
}

/** The value of a Match field for a request. */
function fieldValue(field: MatchField, request: TestRequest): string {
  switch (field) {
    case 'req.path':
      return request.path;
    case 'req.query':
      return request.query;
    case 'req.method':
      return request.method;
    case 'client.ip':
      return request.clientIp;
    case 'req.host':
      return request.host;
    case 'req.header.user-agent':
      return request.userAgent;
    case 'req.header.cookie':
      return request.cookie;
    case 'req.header.origin':
      return request.origin;
    case 'req.header.via':
      return request.via;
  }
}

/** Compiles a regular expression or returns the problem text; results cached per pattern. */
const regexCache = new Map<string, RegExp | string>();
export function compileRegex(pattern: string): RegExp | string {
  const cached = regexCache.get(pattern);
  if (cached !== undefined) return cached;
  let result: RegExp | string;
  try {
    result = new RegExp(pattern);
  } catch (error) {
    result = `invalid regular expression "${pattern}": ${error instanceof Error ? error.message : String(error)}`;
  }
  if (regexCache.size > 500) regexCache.clear();
  regexCache.set(pattern, result);
  return result;
}

type Positive = 'startswith' | 'endswith' | 'equals' | 'regex' | 'subnet';

function splitOperator(op: MatchOperator): { negate: boolean; ignoreCase: boolean; base: Positive } {
  let rest: string = op;
  const negate = rest.startsWith('not_');
  if (negate) rest = rest.slice(4);
  // 'iequals' etc.; 'regex' has no i-form and does not start with 'i'.
  const ignoreCase = rest.startsWith('i') && rest !== 'regex';
  if (ignoreCase) rest = rest.slice(1);
  return { negate, ignoreCase, base: rest as Positive };
}

function anyValue(
  base: Positive,
  subject: string,
  values: readonly string[],
  ignoreCase: boolean,
  problems: string[],
): boolean {
  const s = ignoreCase ? subject.toLowerCase() : subject;
  let hit = false;
  for (const raw of values) {
    const v = ignoreCase ? raw.toLowerCase() : raw;
    switch (base) {
      case 'startswith':
        if (s.startsWith(v)) hit = true;
        break;
      case 'endswith':
        if (s.endsWith(v)) hit = true;
        break;
      case 'equals':
        if (s === v) hit = true;
        break;
      case 'regex': {
        const re = compileRegex(raw);
        if (typeof re === 'string') problems.push(re);
        else if (re.test(subject)) hit = true;
        break;
      }
      case 'subnet': {
        const network = parseCidr(raw);
        if (network === null) {
          problems.push(`invalid subnet "${raw}": expected IPv4 CIDR such as 203.0.113.0/24`);
          break;
        }
        const address = parseIpv4(subject);
        if (address !== null && ipv4InNetwork(address, network)) hit = true;
        break;
      }
    }
    // regex and subnet keep scanning after a hit so every broken value is reported.
    if (hit && base !== 'regex' && base !== 'subnet') return true;
  }
  return hit;
}

/** Evaluates one v1.1 Match against a request. */
export function evaluateMatch(match: MatchLike, request: TestRequest): ConditionOutcome {
  const problems: string[] = [];
  const op = normalizeOperator(match.operator);
  if (!isMatchField(match.field)) return { matched: false, problems: [`unsupported field "${match.field}"`] };
  if (op === null) return { matched: false, problems: [`unsupported operator "${match.operator}"`] };
  const { negate, ignoreCase, base } = splitOperator(op);
  if (base === 'subnet' && match.field !== 'client.ip') {
    return { matched: false, problems: [`operator ${op} applies only to field client.ip`] };
  }
  if (match.values.length === 0) return { matched: false, problems: ['no values'] };
  const subject = fieldValue(match.field, request);
  if (base === 'subnet' && parseIpv4(subject) === null) {
    problems.push(`client IP "${subject}" is not an IPv4 address`);
  }
  const positive = anyValue(base, subject, match.values, ignoreCase, problems);
  // A condition with a broken value list does not match at all: negating a failure caused by a
  // bad regex would make a broken rule match every request.
  if (problems.length > 0 && !positive) return { matched: false, problems };
  return { matched: negate ? !positive : positive, problems };
}

/** Evaluates a v1.0 MatchUrlPath (against the path) or MatchQueryString (against the query string). */
export function evaluatePatternMatch(match: PatternMatchLike, subject: string): ConditionOutcome {
  if (!(v10Operators as readonly string[]).includes(match.operator)) {
    return { matched: false, problems: [`unsupported operator "${match.operator}"`] };
  }
  if (match.patterns.length === 0) return { matched: false, problems: ['no patterns'] };
  const problems: string[] = [];
  const matched = anyValue(
    v11OperatorOfMatchUrlOperator[match.operator as V10Operator],
    subject,
    match.patterns,
    false,
    problems,
  );
  return { matched, problems };
}
