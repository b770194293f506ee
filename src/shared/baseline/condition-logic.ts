// Set reasoning on rule conditions, for the shadowed-rule proof and the static-cache check.
//
// Soundness first: `conditionImplies(a, b)` answers true only when every request matching `a`
// provably matches `b` under the rule engine's semantics (src/shared/rules/match.ts); false means
// "not proven", never "disproven". Likewise `conditionsDisjoint` is true only when no request can
// match both. docs/baselines.md lists the cases reasoned about; anything else is "not proven".
//
// Engine facts relied on:
// - a condition matches when ANY of its values matches (negated operators: when none does);
// - i-operators compare `toLowerCase()` of both sides — reasoned about only for ASCII values, whose
//   lower-casing is one character to one character and independent of the neighbours;
// - a condition with a broken value (bad regex, bad subnet, unknown field or operator) never
//   matches: such conditions are "unreadable" and nothing is proven about them;
// - subnet / not_subnet only ever match IPv4 client addresses (a non-IPv4 subject matches neither),
//   so their complements are taken within IPv4 addresses.
import { compileRegex, isMatchField, normalizeOperator } from '../rules/match.ts';
import { ipv4InNetwork, parseCidr, parseIpv4, type Ipv4Network } from '../rules/ipv4.ts';
import type { MatchLike } from '../rules/types.ts';

type Base = 'startswith' | 'endswith' | 'equals' | 'regex' | 'subnet';

/** A condition the engine can evaluate without problems, split into its parts. */
export type Atom = {
  readonly field: string;
  readonly negate: boolean;
  readonly ignoreCase: boolean;
  readonly base: Base;
  readonly values: readonly string[];
  /** Parsed networks (subnet only), in value order. */
  readonly networks: readonly Ipv4Network[];
};

const ASCII = /^[\x20-\x7e]*$/;

/** The condition as an Atom, or null when the engine would report a problem for it (never reasoned about). */
export function atomOf(match: MatchLike): Atom | null {
  if (!isMatchField(match.field)) return null;
  const op = normalizeOperator(match.operator);
  if (op === null || match.values.length === 0) return null;
  let rest: string = op;
  const negate = rest.startsWith('not_');
  if (negate) rest = rest.slice(4);
  const ignoreCase = rest.startsWith('i') && rest !== 'regex';
  if (ignoreCase) rest = rest.slice(1);
  const base = rest as Base;
  if (base === 'subnet') {
    if (match.field !== 'client.ip') return null;
    const networks: Ipv4Network[] = [];
    for (const v of match.values) {
      const n = parseCidr(v);
      if (n === null) return null;
      networks.push(n);
    }
    return { field: match.field, negate, ignoreCase: false, base, values: match.values, networks };
  }
  if (base === 'regex' && match.values.some((v) => typeof compileRegex(v) === 'string')) return null;
  return { field: match.field, negate, ignoreCase, base, values: match.values, networks: [] };
}

/** Whether one positive value's set lies inside another's (same field). */
function valueSubset(a: Atom, i: number, b: Atom, j: number): boolean {
  if (a.base === 'subnet' || b.base === 'subnet') {
    if (a.base === 'subnet' && b.base === 'subnet') {
      const na = a.networks[i];
      const nb = b.networks[j];
      return na.prefix >= nb.prefix && ipv4InNetwork(na.base, nb);
    }
    // One exact address inside a network: the engine's own test on that one value.
    if (a.base === 'equals' && !a.ignoreCase && b.base === 'subnet') {
      const address = parseIpv4(a.values[i]);
      return address !== null && ipv4InNetwork(address, b.networks[j]);
    }
    return false;
  }
  let x = a.values[i];
  let y = b.values[j];
  if (b.ignoreCase) {
    if (!ASCII.test(x) || !ASCII.test(y)) return false;
    x = x.toLowerCase();
    y = y.toLowerCase();
  } else if (a.ignoreCase) {
    // A case-insensitive set is not inside a case-sensitive one (unless it has no letters: not reasoned about).
    return false;
  }
  if (a.base === 'equals') {
    // A single string: test it exactly as the engine would.
    switch (b.base) {
      case 'equals':
        return x === y;
      case 'startswith':
        return x.startsWith(y);
      case 'endswith':
        return x.endsWith(y);
      case 'regex': {
        const re = compileRegex(b.values[j]);
        return typeof re !== 'string' && !a.ignoreCase && re.test(a.values[i]);
      }
    }
  }
  if (a.base === 'startswith' && b.base === 'startswith') return x.startsWith(y);
  if (a.base === 'endswith' && b.base === 'endswith') return x.endsWith(y);
  if (a.base === 'regex' && b.base === 'regex') return a.values[i] === b.values[j];
  return false;
}

/** Positive sets: every value of `a` inside some value of `b`. */
function positiveSubset(a: Atom, b: Atom): boolean {
  return a.values.every((_, i) => b.values.some((_v, j) => valueSubset(a, i, b, j)));
}

/** Whether two positive values can never match the same subject. */
function valuesDisjoint(a: Atom, i: number, b: Atom, j: number): boolean {
  if (a.base === 'subnet' && b.base === 'subnet') {
    // CIDR blocks either nest or do not meet.
    const na = a.networks[i];
    const nb = b.networks[j];
    return !ipv4InNetwork(na.base, nb) && !ipv4InNetwork(nb.base, na);
  }
  if (a.base === 'subnet' || b.base === 'subnet') {
    const [eq, eqIndex, net, netIndex] = a.base === 'subnet' ? [b, j, a, i] : [a, i, b, j];
    if (eq.base !== 'equals' || eq.ignoreCase) return false;
    const address = parseIpv4(eq.values[eqIndex]);
    return address === null || !ipv4InNetwork(address, net.networks[netIndex]);
  }
  const fold = a.ignoreCase || b.ignoreCase;
  let x = a.values[i];
  let y = b.values[j];
  if (fold) {
    if (!ASCII.test(x) || !ASCII.test(y)) return false;
    x = x.toLowerCase();
    y = y.toLowerCase();
  }
  // Put an equals side first: one string tested against the other set.
  const [p, px, q, qy, qAtom, qIndex] = a.base === 'equals' ? [a, x, b, y, b, j] : [b, y, a, x, a, i];
  if (p.base === 'equals') {
    switch (q.base) {
      case 'equals':
        return px !== qy;
      case 'startswith':
        return !px.startsWith(qy);
      case 'endswith':
        return !px.endsWith(qy);
      case 'regex': {
        if (fold) return false;
        const re = compileRegex(qAtom.values[qIndex]);
        return typeof re !== 'string' && !re.test(px);
      }
    }
  }
  if (a.base === 'startswith' && b.base === 'startswith') return !x.startsWith(y) && !y.startsWith(x);
  if (a.base === 'endswith' && b.base === 'endswith') return !x.endsWith(y) && !y.endsWith(x);
  return false;
}

function positiveDisjoint(a: Atom, b: Atom): boolean {
  return a.values.every((_, i) => b.values.every((_v, j) => valuesDisjoint(a, i, b, j)));
}

const ipv4Only = (atom: Atom) => atom.base === 'subnet';

/** Every request that matches `a` matches `b` (proven), for two readable conditions. */
export function atomImplies(a: Atom, b: Atom): boolean {
  if (a.field !== b.field) return false;
  if (!a.negate && !b.negate) return positiveSubset(a, b);
  // Complements within the same universe: all strings, or IPv4 addresses for the subnet forms.
  if (ipv4Only(a) !== ipv4Only(b)) return false;
  if (a.negate && b.negate) return positiveSubset(b, a);
  if (!a.negate && b.negate) return positiveDisjoint(a, b);
  return false;
}

/** No request matches both `a` and `b` (proven). */
export function atomsDisjoint(a: Atom, b: Atom): boolean {
  if (a.field !== b.field) return false;
  if (!a.negate && !b.negate) return positiveDisjoint(a, b);
  if (ipv4Only(a) !== ipv4Only(b)) return false;
  // a ∩ ¬b = ∅ when a ⊆ b.
  if (!a.negate && b.negate) return positiveSubset(a, b);
  if (a.negate && !b.negate) return positiveSubset(b, a);
  return false;
}

/** A rule's conditions, all readable, or null when one is not (nothing is proven about that rule). */
export function atomsOf(matches: readonly MatchLike[]): Atom[] | null {
  const atoms: Atom[] = [];
  for (const m of matches) {
    const atom = atomOf(m);
    if (atom === null) return null;
    atoms.push(atom);
  }
  return atoms;
}

/**
 * Conjunction implication: every request matching all of `narrow` matches all of `wide`. Proven
 * when each condition of `wide` is implied by some condition of `narrow`. A rule without
 * conditions is not reasoned about (the API never lists one; the engine would match everything).
 */
export function conjunctionImplies(narrow: readonly Atom[], wide: readonly Atom[]): boolean {
  if (wide.length === 0 || narrow.length === 0) return false;
  return wide.every((w) => narrow.some((n) => atomImplies(n, w)));
}

/** No request matches both conjunctions: some condition of one is disjoint from one of the other. */
export function conjunctionsDisjoint(a: readonly Atom[], b: readonly Atom[]): boolean {
  return a.some((x) => b.some((y) => atomsDisjoint(x, y)));
}
