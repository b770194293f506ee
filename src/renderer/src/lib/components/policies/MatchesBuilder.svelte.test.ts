// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import Harness from './MatchesBuilderHarness.test.svelte';
import type { MatchRow } from '../../state/policy-forms.ts';

afterEach(() => cleanup());

const rows = (): MatchRow[] => JSON.parse(screen.getByTestId('rows').textContent ?? '[]') as MatchRow[];
const options = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => o.value);

async function typeValue(label: string, text: string): Promise<void> {
  const box = screen.getByRole('textbox', { name: label });
  await fireEvent.input(box, { target: { value: text } });
  await fireEvent.keyDown(box, { key: 'Enter' });
}

describe('MatchesBuilder', () => {
  it('adds a condition, edits field, operator and values, and removes it', async () => {
    render(Harness, { props: { initial: [] } });
    expect(screen.getByText(/No conditions yet/)).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    const group = screen.getByRole('group', { name: 'Condition 1' });
    await fireEvent.change(within(group).getByLabelText('Field'), { target: { value: 'req.header.user-agent' } });
    await fireEvent.change(within(group).getByLabelText('Operator'), { target: { value: 'not_iendswith' } });
    await typeValue('Values of condition 1', 'bot, crawler');
    expect(rows()).toEqual([{ field: 'req.header.user-agent', operator: 'not_iendswith', values: ['bot', 'crawler'] }]);

    await fireEvent.click(screen.getByRole('button', { name: 'Remove crawler' }));
    expect(rows()[0]?.values).toEqual(['bot']);
    await fireEvent.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(rows()).toEqual([]);
  });

  it('offers every operator of the spec, subnet forms only for client.ip', async () => {
    render(Harness, { props: { initial: [{ field: 'req.path', operator: 'startswith', values: ['/a'] }] } });
    const group = screen.getByRole('group', { name: 'Condition 1' });
    const operator = within(group).getByLabelText('Operator');
    expect(options(operator)).toEqual([
      'startswith',
      'not_startswith',
      'istartswith',
      'not_istartswith',
      'regex',
      'equals',
      'not_equals',
      'iequals',
      'not_iequals',
      'endswith',
      'not_endswith',
      'iendswith',
      'not_iendswith',
    ]);
    await fireEvent.change(within(group).getByLabelText('Field'), { target: { value: 'client.ip' } });
    expect(options(operator)).toContain('subnet');
    expect(options(operator)).toContain('not_subnet');
    await fireEvent.change(operator, { target: { value: 'not_subnet' } });
    // Leaving client.ip resets a subnet operator: it would be refused by the API.
    await fireEvent.change(within(group).getByLabelText('Field'), { target: { value: 'req.host' } });
    expect(rows()[0]?.operator).toBe('equals');
  });

  it('names a bad CIDR value and a bad regular expression', async () => {
    render(Harness, {
      props: {
        initial: [
          { field: 'client.ip', operator: 'subnet', values: [] },
          { field: 'req.path', operator: 'regex', values: [] },
        ],
      },
    });
    await typeValue('Values of condition 1', '10.0.0.0/33');
    expect(screen.getByText(/“10.0.0.0\/33” is not a CIDR network/)).toBeTruthy();
    await typeValue('Values of condition 2', '(unclosed');
    expect(screen.getByText(/“\(unclosed” is not a valid regular expression/)).toBeTruthy();
    // Regex entries are split on newlines only: a comma is part of the pattern.
    await typeValue('Values of condition 2', 'a{1,3}');
    expect(rows()[1]?.values).toEqual(['(unclosed', 'a{1,3}']);
  });

  it('shows schema and server errors on the right condition', () => {
    render(Harness, {
      props: {
        initial: [{ field: 'req.path', operator: 'equals', values: [] }],
        errors: {
          'matches.0.values': 'Match values is empty; add at least one value.',
          matches: 'The match conditions are missing or incorrect.',
        },
      },
    });
    const group = screen.getByRole('group', { name: 'Condition 1' });
    expect(within(group).getByText('Match values is empty; add at least one value.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The match conditions are missing or incorrect.');
  });
});
