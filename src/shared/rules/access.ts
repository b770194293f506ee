// What an access control rule does with a request once its conditions match: the anonymousIp
// scope, the ipRestriction / geoRestriction lists, the token requirement and the rule type.
// The semantics are decided and explained in docs/rule-tester-semantics.md; in short:
//   - anonymousIp decides whether the rule applies to the client at all (spec: "true applies the
//     rule to anonymous IPs, false to non-anonymous IPs only");
//   - ipRestriction and geoRestriction are allow lists on every type (spec: "only requests from
//     them are allowed, others get 403"); with both set, the client must be in both;
//   - allow: allowed when the client passes the lists; deny: without lists every request gets 403,
//     with lists the listed clients are let through and the others get 403; token: as allow, and
//     the request must carry a token.
import { splitCommaList } from '../api/formats.ts';
import { ipv4InNetwork, parseIpv4, parseRestrictionEntry } from './ipv4.ts';
import type { AccessRestrictions, TestRequest } from './types.ts';

export type CheckOutcome = 'pass' | 'fail' | 'unknown';

interface RestrictionCheck {
  readonly kind: 'anonymousIp' | 'ipRestriction' | 'geoRestriction' | 'token';
  readonly outcome: CheckOutcome;
  /** One sentence, e.g. "client 10.0.0.1 is not in 203.0.113.0/24, 198.51.100.7". */
  readonly explanation: string;
}

export interface AccessDecision {
  /** Whether the rule applies to this client at all (anonymousIp). */
  readonly scope: RestrictionCheck;
  /** ipRestriction, geoRestriction (when set) and token (type token), in that order. */
  readonly checks: readonly RestrictionCheck[];
  /** What the rule does with the request when it is the deciding rule. */
  readonly decision: 'allow' | 'deny' | 'unknown';
  /** Why, in one sentence. */
  readonly reason: string;
}

function scopeCheck(access: AccessRestrictions, request: TestRequest): RestrictionCheck {
  const anonymousIp = access.anonymousIp === true;
  const client = request.clientAnonymous ? 'this client is anonymous (VPN/proxy)' : 'this client is not anonymous';
  const rule = anonymousIp
    ? 'Anonymous IPs on: the rule applies to anonymous clients only'
    : 'Anonymous IPs off: the rule applies to non-anonymous clients only';
  const applies = anonymousIp === request.clientAnonymous;
  return {
    kind: 'anonymousIp',
    outcome: applies ? 'pass' : 'fail',
    explanation: `${rule}; ${client}${applies ? '' : ', so the rule is skipped'}.`,
  };
}

function ipCheck(list: string, clientIp: string): RestrictionCheck {
  const entries = splitCommaList(list);
  const shown = entries.join(', ');
  if (clientIp === '')
    return {
      kind: 'ipRestriction',
      outcome: 'unknown',
      explanation: `IP restriction ${shown}: enter the client IP to test it.`,
    };
  const address = parseIpv4(clientIp);
  if (address === null) {
    return {
      kind: 'ipRestriction',
      outcome: 'unknown',
      explanation: `IP restriction ${shown}: client IP "${clientIp}" is not an IPv4 address, which is all the tester evaluates.`,
    };
  }
  const unreadable: string[] = [];
  for (const entry of entries) {
    const network = parseRestrictionEntry(entry);
    if (network === null) unreadable.push(entry);
    else if (network !== 'ipv6' && ipv4InNetwork(address, network)) {
      return {
        kind: 'ipRestriction',
        outcome: 'pass',
        explanation: `IP restriction: client ${clientIp} is in ${entry}.`,
      };
    }
  }
  if (unreadable.length > 0) {
    return {
      kind: 'ipRestriction',
      outcome: 'unknown',
      explanation: `IP restriction: client ${clientIp} is not in the readable entries; ${unreadable.join(', ')} could not be read.`,
    };
  }
  return {
    kind: 'ipRestriction',
    outcome: 'fail',
    explanation: `IP restriction: client ${clientIp} is not in ${shown}.`,
  };
}

function geoCheck(list: string, country: string): RestrictionCheck {
  const codes = splitCommaList(list).map((c) => c.toUpperCase());
  const shown = codes.join(', ');
  if (country === '')
    return {
      kind: 'geoRestriction',
      outcome: 'unknown',
      explanation: `Geo restriction ${shown}: enter the client country to test it.`,
    };
  return codes.includes(country)
    ? {
        kind: 'geoRestriction',
        outcome: 'pass',
        explanation: `Geo restriction: client country ${country} is in ${shown}.`,
      }
    : {
        kind: 'geoRestriction',
        outcome: 'fail',
        explanation: `Geo restriction: client country ${country} is not in ${shown}.`,
      };
}

function tokenCheck(hasToken: boolean): RestrictionCheck {
  return hasToken
    ? {
        kind: 'token',
        outcome: 'pass',
        explanation:
          'Token: the request carries a token (the tester cannot check it against the secrets; an invalid token gets 403).',
      }
    : { kind: 'token', outcome: 'fail', explanation: 'Token: the request carries no token.' };
}

const has = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** The rule's scope, checks and decision for a request whose conditions the rule matches. */
export function decideAccess(access: AccessRestrictions, request: TestRequest): AccessDecision {
  const scope = scopeCheck(access, request);
  const lists: RestrictionCheck[] = [];
  if (has(access.ipRestriction)) lists.push(ipCheck(access.ipRestriction, request.clientIp));
  if (has(access.geoRestriction)) lists.push(geoCheck(access.geoRestriction, request.clientCountry));
  const checks = access.type === 'token' ? [...lists, tokenCheck(request.hasToken)] : lists;
  const failed = checks.find((c) => c.outcome === 'fail');
  const unknown = checks.find((c) => c.outcome === 'unknown');

  switch (access.type) {
    case 'allow':
    case 'token': {
      if (failed) return { scope, checks, decision: 'deny', reason: failed.explanation };
      if (unknown) return { scope, checks, decision: 'unknown', reason: unknown.explanation };
      const why =
        access.type === 'token'
          ? 'A token rule lets requests with a valid token through'
          : 'An allow rule lets the request through';
      return {
        scope,
        checks,
        decision: 'allow',
        reason: lists.length > 0 ? `${why}; the client passes its restrictions.` : `${why}.`,
      };
    }
    case 'deny': {
      if (lists.length === 0)
        return {
          scope,
          checks,
          decision: 'deny',
          reason: 'A deny rule without IP or geo restriction refuses every request it matches.',
        };
      if (failed) return { scope, checks, decision: 'deny', reason: failed.explanation };
      if (unknown) return { scope, checks, decision: 'unknown', reason: unknown.explanation };
      return {
        scope,
        checks,
        decision: 'allow',
        reason:
          'The client is in the deny rule’s restriction lists, which are the clients let through (only requests from them are allowed).',
      };
    }
    default:
      return { scope, checks, decision: 'unknown', reason: `Unknown access control type "${access.type}".` };
  }
}
