import { describe, expect, it } from 'vitest';
import { accessMatchesFromJournal } from './rules-from-lists.ts';
import type { JournalEntry } from '../ipc/channels/journal.ts';

const entry = (over: Partial<JournalEntry>): JournalEntry => ({
  id: 'e',
  at: '2026-01-01T00:00:00.000Z',
  accountId: 'a',
  accountName: 'A',
  serviceId: 1,
  operationId: 'updateAccessControlPolicyV2',
  policyId: 7,
  summary: '',
  before: null,
  after: null,
  result: { ok: true },
  ...over,
});

const matches = [
  { field: 'client.ip', operator: 'subnet', values: ['192.0.2.0/24'] },
  { field: 'req.path', operator: 'startswith', values: ['/internal/'] },
];
const listed = [{ policyId: 7, matchUrlPath: { operator: 'prefix', patterns: ['/internal/'] } }];

describe('accessMatchesFromJournal', () => {
  it('uses V2 matches applied from this app when the v1.0 list still agrees', () => {
    expect(accessMatchesFromJournal(listed, [entry({ after: { matches } })]).get(7)).toEqual(matches);
  });
  it('ignores them when the policy changed since, or a later v1.0 edit replaced them', () => {
    const changed = [{ policyId: 7, matchUrlPath: { operator: 'prefix', patterns: ['/other/'] } }];
    expect(accessMatchesFromJournal(changed, [entry({ after: { matches } })]).size).toBe(0);
    const later = entry({
      id: 'later',
      operationId: 'updateAccessControlPolicy',
      after: { matchUrlPath: listed[0]!.matchUrlPath },
    });
    expect(accessMatchesFromJournal(listed, [later, entry({ after: { matches } })]).size).toBe(0);
    expect(
      accessMatchesFromJournal(listed, [entry({ after: { matches }, result: { ok: false, code: 'x', message: 'y' } })])
        .size,
    ).toBe(0);
  });
});
