// How bulk work spreads over many services: accounts in parallel, within an account a few at a
// time, each request still waiting for its access key's budget. The plan's reads and the run's
// writes both go this way.

/** Runs `task` over `items` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Per account in parallel; within an account at most `limit` at a time, in the given order. */
export async function perAccount<T extends { accountId: string }>(
  targets: readonly T[],
  limit: number,
  task: (target: T) => Promise<void>,
): Promise<void> {
  const byAccount = new Map<string, T[]>();
  for (const t of targets) byAccount.set(t.accountId, [...(byAccount.get(t.accountId) ?? []), t]);
  await Promise.all([...byAccount.values()].map((list) => pool(list, limit, task)));
}
