// Traffic facts for the baseline checks, read from the analytics cache only (offline, no request):
// the continuous stretch of final data that ends most recently and the last point with traffic.
// Request numbers (5-minute points) and daily volume both count: daily volume reaches further back.
import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { AnalyticsCache, CACHE_DIR_NAME, type CacheKey } from '../analytics/cache.ts';
import type { TrafficFacts } from '#shared/baseline/check-types.ts';

const SOURCES: ReadonlyArray<Pick<CacheKey, 'metric' | 'interval'>> = [
  { metric: 'requests', interval: 'minute' },
  { metric: 'volume', interval: 'day' },
];

export type TrafficFactsReader = (accountId: string, domainName: string) => Promise<TrafficFacts | null>;

export function createTrafficFactsReader(dataDir: string, now: () => number): TrafficFactsReader {
  const cache = new AnalyticsCache({ dir: join(dataDir, CACHE_DIR_NAME), now });
  // One directory listing per account and reader: most services have no cached traffic, and a
  // missing file costs more to look for than to know about.
  const listings = new Map<string, Promise<Set<string>>>();
  const listing = (dir: string) => {
    let names = listings.get(dir);
    if (!names) {
      names = readdir(dir).then(
        (list) => new Set(list),
        () => new Set<string>(),
      );
      listings.set(dir, names);
    }
    return names;
  };

  return async (accountId, serviceName) => {
    let best: TrafficFacts | null = null;
    let lastRequestAt: number | null = null;
    for (const source of SOURCES) {
      const key: CacheKey = { accountId, serviceName, ...source };
      const path = cache.pathOf(key);
      if (!(await listing(dirname(path))).has(basename(path))) continue;
      const entry = await cache.read(key);
      if (!entry) continue;
      for (let i = entry.points.length - 1; i >= 0; i--) {
        if (entry.points[i][1] > 0) {
          lastRequestAt = Math.max(lastRequestAt ?? 0, entry.points[i][0]);
          break;
        }
      }
      const stretch = entry.final.at(-1);
      if (stretch && (best === null || stretch[0] < best.coveredSince))
        best = { coveredSince: stretch[0], coveredUntil: stretch[1], lastRequestAt: null };
    }
    if (best === null)
      return lastRequestAt === null
        ? null
        : { coveredSince: lastRequestAt, coveredUntil: lastRequestAt, lastRequestAt };
    return { ...best, lastRequestAt };
  };
}
