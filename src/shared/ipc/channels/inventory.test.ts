import { describe, expect, it } from 'vitest';
import { inventoryChannels } from './inventory.ts';
import { parseServiceIdList } from '../../service-id-list.ts';

describe('parseServiceIdList', () => {
  it('reads one ID, a comma list and a range', () => {
    expect(parseServiceIdList('101')).toEqual({ ok: true, ids: [101] });
    expect(parseServiceIdList('101, 102,103')).toEqual({ ok: true, ids: [101, 102, 103] });
    expect(parseServiceIdList('100-103')).toEqual({ ok: true, ids: [100, 101, 102, 103] });
  });

  it('mixes lists and ranges, accepts spaces around the dash and drops duplicates in order', () => {
    expect(parseServiceIdList(' 7, 100 - 102 ; 101 5 ')).toEqual({ ok: true, ids: [7, 100, 101, 102, 5] });
  });

  it('explains what is wrong', () => {
    expect(parseServiceIdList('')).toMatchObject({ ok: false, message: expect.stringContaining('Enter a service ID') });
    expect(parseServiceIdList('12a')).toMatchObject({
      ok: false,
      message: expect.stringContaining('“12a” is not a service ID'),
    });
    expect(parseServiceIdList('0')).toMatchObject({ ok: false });
    expect(parseServiceIdList('110-100')).toMatchObject({
      ok: false,
      message: expect.stringContaining('write it as 100-110'),
    });
    expect(parseServiceIdList('1-2-3')).toMatchObject({ ok: false });
  });

  it('caps the number of IDs (each is one API request)', () => {
    expect(parseServiceIdList('1-100')).toMatchObject({ ok: true });
    expect(parseServiceIdList('1-101')).toMatchObject({ ok: false, message: expect.stringContaining('At most 100') });
    expect(parseServiceIdList('1-99, 500, 501')).toMatchObject({ ok: false });
    expect(parseServiceIdList('1-5', 3)).toMatchObject({ ok: false, message: expect.stringContaining('At most 3') });
  });

  it('is the IPC input rule of inventory.addByIds', () => {
    const input = inventoryChannels['inventory.addByIds'].input;
    expect(input.safeParse({ accountId: 'a', ids: '5-9' }).success).toBe(true);
    const bad = input.safeParse({ accountId: 'a', ids: '9-5' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain('runs backwards');
  });
});
