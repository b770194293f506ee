// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import Harness from './IpListFieldHarness.test.svelte';

afterEach(() => cleanup());

const values = () => screen.getByTestId('values').textContent;

describe('IpListField', () => {
  it('accepts a single address, address/netmask and CIDR, pasted as a list', async () => {
    render(Harness, { props: { initial: [] } });
    const box = screen.getByRole('textbox', { name: 'IP restriction' });
    await fireEvent.input(box, { target: { value: '203.0.113.7, 198.51.100.0/255.255.255.0, 192.0.2.0/24' } });
    await fireEvent.keyDown(box, { key: 'Enter' });
    expect(values()).toBe('203.0.113.7,198.51.100.0/255.255.255.0,192.0.2.0/24');
    expect(screen.queryByText(/is not an address/)).toBeNull();
  });

  it('names each bad entry', async () => {
    render(Harness, { props: { initial: ['10.0.0.0/8'] } });
    const box = screen.getByRole('textbox', { name: 'IP restriction' });
    for (const bad of ['10.0.0.256', '10.0.0.0/255.0.255.0', '10.0.0.0/40']) {
      await fireEvent.input(box, { target: { value: bad } });
      await fireEvent.keyDown(box, { key: 'Enter' });
    }
    expect(screen.getByText(/“10.0.0.256” is not an address/)).toBeTruthy();
    expect(screen.getByText(/“10.0.0.0\/255.0.255.0” is not an address/)).toBeTruthy();
    expect(screen.getByText(/“10.0.0.0\/40” is not an address/)).toBeTruthy();
    expect(screen.queryByText(/“10.0.0.0\/8”/)).toBeNull();
    // Removing the bad entry clears its message.
    await fireEvent.click(screen.getByRole('button', { name: 'Remove 10.0.0.256' }));
    expect(screen.queryByText(/“10.0.0.256”/)).toBeNull();
  });

  it('Backspace in the empty box removes the last entry; the field error is tied to the box', async () => {
    render(Harness, { props: { initial: ['10.0.0.1', '10.0.0.2'], error: 'IP restriction entry "x" is not valid.' } });
    const box = screen.getByRole('textbox', { name: 'IP restriction' });
    await fireEvent.keyDown(box, { key: 'Backspace' });
    expect(values()).toBe('10.0.0.1');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const described = box.getAttribute('aria-describedby') ?? '';
    expect(described.split(' ').some((id) => document.getElementById(id)?.textContent?.includes('is not valid'))).toBe(
      true,
    );
  });
});

describe('the chip input inside a labelled field', () => {
  it('is named by the visible label, so the name starts with the words on screen (WCAG 2.5.3)', () => {
    render(Harness, { props: { initial: [] } });
    const box = screen.getByRole('textbox', { name: 'IP restriction' });
    const label = document.querySelector(`label[for="${box.id}"]`);
    expect(label?.textContent?.trim()).toBe('IP restriction');
    expect(box.getAttribute('aria-label')).toBeNull();
  });
});
