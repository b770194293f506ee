// IPv4 parsing and CIDR membership for the subnet operators. Pure; no node:net.

/** Parses a dotted-quad IPv4 address into an unsigned 32-bit number, or null. */
export function parseIpv4(text: string): number | null {
  const parts = text.trim().split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    // Digits only, no leading '+', at most 3 digits, no leading zeros (avoid octal ambiguity).
    if (!/^\d{1,3}$/.test(part) || (part.length > 1 && part.startsWith('0'))) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

export interface Ipv4Network {
  readonly base: number;
  readonly prefix: number;
}

/**
 * Parses `a.b.c.d/len` (CIDR). A bare address is read as /32 so a single-host value works.
 * Host bits set in the base are ignored (the network is the masked base), as routers do.
 */
export function parseCidr(text: string): Ipv4Network | null {
  const [addr, len, ...rest] = text.trim().split('/');
  if (rest.length > 0 || addr === undefined) return null;
  const base = parseIpv4(addr);
  if (base === null) return null;
  let prefix = 32;
  if (len !== undefined) {
    if (!/^\d{1,2}$/.test(len)) return null;
    prefix = Number(len);
    if (prefix > 32) return null;
  }
  return { base: maskOf(base, prefix), prefix };
}

function maskOf(address: number, prefix: number): number {
  if (prefix === 0) return 0;
  // >>> 0 keeps the result unsigned.
  const mask = (0xffffffff << (32 - prefix)) >>> 0;
  return (address & mask) >>> 0;
}

export function ipv4InNetwork(address: number, network: Ipv4Network): boolean {
  return maskOf(address, network.prefix) === network.base;
}

/**
 * One ipRestriction entry as the API accepts it: a single address, address/dotted netmask or
 * address/prefix length. IPv6 entries are recognised but not evaluated ('ipv6'); a netmask
 * that is not contiguous, or anything else, gives null.
 */
export function parseRestrictionEntry(text: string): Ipv4Network | 'ipv6' | null {
  const entry = text.trim();
  const [addr, suffix, ...rest] = entry.split('/');
  if (addr === undefined || rest.length > 0) return null;
  if (addr.includes(':')) return 'ipv6';
  if (suffix === undefined || !suffix.includes('.')) return parseCidr(entry);
  const base = parseIpv4(addr);
  const mask = parseIpv4(suffix);
  if (base === null || mask === null) return null;
  const prefix = prefixOfNetmask(mask);
  return prefix === null ? null : { base: maskOf(base, prefix), prefix };
}

/** Prefix length of a contiguous netmask (255.255.255.0 → 24), or null. */
function prefixOfNetmask(mask: number): number | null {
  const inverted = ~mask >>> 0;
  // A contiguous mask inverts to 2^n - 1.
  if ((inverted & (inverted + 1)) !== 0) return null;
  return 32 - Math.log2(inverted + 1);
}
