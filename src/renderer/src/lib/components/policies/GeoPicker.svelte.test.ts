// @vitest-environment jsdom
// The country search is a combobox: arrows move through the matches, Enter adds the highlighted
// one and never submits the policy form.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import Harness from './GeoPickerHarness.test.svelte';

afterEach(() => cleanup());

const codes = () => screen.getByTestId('codes').textContent;

describe('GeoPicker country search', () => {
  it('Enter adds the first match and is kept from submitting the form', async () => {
    render(Harness, { props: { initial: [] } });
    const box = screen.getByRole('combobox', { name: 'Search countries' });
    await fireEvent.input(box, { target: { value: 'germ' } });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    // fireEvent returns false when the default action (implicit form submission) was prevented.
    expect(await fireEvent.keyDown(box, { key: 'Enter' })).toBe(false);
    expect(codes()).toBe('DE');
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('submits').textContent).toBe('0');
  });

  it('arrow keys move the highlight through the list; Enter adds the highlighted country', async () => {
    render(Harness, { props: { initial: [] } });
    const box = screen.getByRole('combobox', { name: 'Search countries' });
    await fireEvent.input(box, { target: { value: 'united' } });
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(2);
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    await fireEvent.keyDown(box, { key: 'ArrowDown' });
    await fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2].id);
    expect(options[2].getAttribute('aria-selected')).toBe('true');
    await fireEvent.keyDown(box, { key: 'ArrowUp' });
    const second = options[1].textContent?.match(/\(([A-Z]{2})\)/)?.[1];
    await fireEvent.keyDown(box, { key: 'Enter' });
    expect(codes()).toBe(second);
  });

  it('ArrowUp from the first match wraps to the last', async () => {
    render(Harness, { props: { initial: [] } });
    const box = screen.getByRole('combobox', { name: 'Search countries' });
    await fireEvent.input(box, { target: { value: 'united' } });
    const options = screen.getAllByRole('option');
    await fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[options.length - 1].id);
  });

  it('Enter with no match adds nothing and still does not submit', async () => {
    render(Harness, { props: { initial: ['FR'] } });
    const box = screen.getByRole('combobox', { name: 'Search countries' });
    await fireEvent.input(box, { target: { value: 'zzzz' } });
    expect(await fireEvent.keyDown(box, { key: 'Enter' })).toBe(false);
    expect(codes()).toBe('FR');
    expect(screen.getByText('No country matches “zzzz”.')).toBeTruthy();
  });
});
