// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import Harness from './TokenSecretFieldHarness.test.svelte';
import { generateToken, tokenProblem } from '../../state/policy-forms.ts';

afterEach(() => cleanup());

const state = () =>
  JSON.parse(screen.getByTestId('state').textContent ?? '{}') as { tokens: string[]; keepTokens: boolean };

describe('TokenSecretField', () => {
  it('generates 64-character tokens of 0-9a-z, masked until shown', async () => {
    render(Harness, { props: { initial: [] } });
    await fireEvent.click(screen.getByRole('button', { name: 'Generate token' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Generate token' }));
    const { tokens } = state();
    expect(tokens).toHaveLength(2);
    for (const t of tokens) expect(t).toMatch(/^[0-9a-z]{64}$/);
    expect(tokens[0]).not.toBe(tokens[1]);
    const first = screen.getByLabelText('Token 1') as HTMLInputElement;
    expect(first.type).toBe('password');
    await fireEvent.click(screen.getByRole('button', { name: 'Show tokens' }));
    expect(first.type).toBe('text');
    await fireEvent.click(screen.getByRole('button', { name: 'Hide tokens' }));
    expect(first.type).toBe('password');
  });

  it('explains a bad token without showing it', async () => {
    render(Harness, { props: { initial: [] } });
    await fireEvent.click(screen.getByRole('button', { name: 'Add token' }));
    const input = screen.getByLabelText('Token 1');
    await fireEvent.input(input, { target: { value: 'ABC' } });
    expect(screen.getByText('Token 1 has 3 characters; each token must have exactly 64.')).toBeTruthy();
    await fireEvent.input(input, { target: { value: 'A'.repeat(64) } });
    const message = screen.getByText(/Token 1 has characters other than 0-9 and a-z/);
    expect(message.textContent).not.toContain('AAAA');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps the server tokens until the user replaces them', async () => {
    render(Harness, { props: { initial: [], keep: true } });
    expect(screen.getByText(/This policy has tokens on the server/)).toBeTruthy();
    expect(screen.queryByLabelText('Token 1')).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Replace tokens' }));
    expect(state()).toEqual({ tokens: [''], keepTokens: false });
  });
});

describe('generateToken', () => {
  it('uses the random source without modulo bias (bytes of 252 and above are skipped)', () => {
    let call = 0;
    const token = generateToken((array) => {
      call++;
      // First batch: only rejected bytes; then every byte maps to 'z' (35) or '0' (0).
      array.fill(call === 1 ? 255 : call % 2 === 0 ? 35 : 36);
      return array;
    });
    expect(token).toBe('z'.repeat(64));
    expect(call).toBe(2);
    expect(tokenProblem(token, 0)).toBeNull();
  });
});
