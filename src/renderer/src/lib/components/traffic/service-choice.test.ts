import { describe, expect, it } from 'vitest';
import { serviceChoiceRows } from './service-choice.ts';

const names = Array.from({ length: 10 }, (_, i) => `svc-${i}.example`);

describe('serviceChoiceRows', () => {
  it('shows the first ones, and every chosen one wherever it is, in the account order', () => {
    expect(serviceChoiceRows(names, ['svc-8.example'], '', 3)).toEqual({
      shown: ['svc-0.example', 'svc-1.example', 'svc-2.example', 'svc-8.example'],
      matching: 10,
    });
  });
  it('narrows to the names containing the filter (any case), at most the limit', () => {
    expect(serviceChoiceRows([...names, 'SHOP.example'], [], ' Shop ', 3)).toEqual({
      shown: ['SHOP.example'],
      matching: 1,
    });
    expect(serviceChoiceRows(names, ['svc-9.example'], 'svc', 2)).toEqual({
      shown: ['svc-0.example', 'svc-1.example'],
      matching: 10,
    });
  });
  it('shows all when there are few', () => {
    expect(serviceChoiceRows(names.slice(0, 2), [], '')).toEqual({ shown: names.slice(0, 2), matching: 2 });
  });
});
