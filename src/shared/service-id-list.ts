// What the user types to add services by ID ("101, 102", "100-110"), read into IDs. Apart from the
// inventory channel's schemas so the services overview loads without them.

/** Most IDs one "add by ID" request may read (each costs one getService call of the 100/minute budget). */
export const MAX_IDS_PER_ADD = 100;

export type ParsedServiceIds = { ok: true; ids: number[] } | { ok: false; message: string };

/**
 * Parses "101", "101, 102" or "100-110" (mixed freely: "1, 5-7"). IDs keep their order,
 * duplicates are dropped. Messages say what is wrong in plain words.
 */
export function parseServiceIdList(text: string, maxCount = MAX_IDS_PER_ADD): ParsedServiceIds {
  // "100 - 110" is one range; everything else splits on commas, semicolons and spaces.
  const parts = text
    .replace(/\s*[-–]\s*/g, '-')
    .split(/[\s,;]+/)
    .filter((part) => part !== '');
  if (parts.length === 0)
    return { ok: false, message: 'Enter a service ID, a comma-separated list or a range like 100-110' };
  const ids: number[] = [];
  const seen = new Set<number>();
  const push = (id: number): boolean => {
    if (seen.has(id)) return true;
    seen.add(id);
    ids.push(id);
    return ids.length <= maxCount;
  };
  for (const part of parts) {
    const range = /^(\d+)-(\d+)$/.exec(part);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (!isServiceId(from) || !isServiceId(to))
        return { ok: false, message: `“${part}” is not a range of service IDs (whole numbers from 1)` };
      if (to < from) return { ok: false, message: `The range “${part}” runs backwards; write it as ${to}-${from}` };
      if (to - from + 1 > maxCount) return { ok: false, message: tooMany(maxCount) };
      for (let id = from; id <= to; id++) if (!push(id)) return { ok: false, message: tooMany(maxCount) };
      continue;
    }
    if (!/^\d+$/.test(part) || !isServiceId(Number(part))) {
      return { ok: false, message: `“${part}” is not a service ID (a whole number from 1)` };
    }
    if (!push(Number(part))) return { ok: false, message: tooMany(maxCount) };
  }
  return { ok: true, ids };
}

function isServiceId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647;
}

function tooMany(maxCount: number): string {
  return `At most ${maxCount} IDs at a time (every ID is one API request)`;
}
