// Command palette (Ctrl+K): fuzzy filter, arrow keys and Enter jump to a service, to a section
// of the current service, and switch the account; Escape closes it.
import { test, expect } from './fixtures.ts';
import { addAccount, gatewayProfile } from './helpers.ts';

test('Ctrl+K jumps to a service and a section, and switches the account', async ({ app, sandbox }) => {
  await app.getByRole('button', { name: /^Use the sandbox account/ }).click();
  const switcher = app.getByRole('button', { name: /^Account: / });
  await expect(switcher).toHaveAccessibleName('Account: Sandbox');
  await addAccount(app, gatewayProfile(sandbox, 'Staging gateway'));

  const palette = app.getByRole('dialog', { name: 'Command palette' });
  const search = palette.getByRole('combobox', { name: 'Search services, screens and accounts' });

  // Jump to a service: fuzzy text, Enter opens the first match.
  await app.keyboard.press('Control+k');
  await expect(search).toBeFocused();
  await search.fill('stmedia');
  await expect(palette.getByRole('option').first()).toContainText('static.example-media.net');
  await app.screenshot({ path: 'e2e/screenshots/palette-light.png' });
  await search.press('Enter');
  await expect(palette).toBeHidden();
  await expect(app.getByRole('heading', { level: 1, name: 'static.example-media.net' })).toBeVisible();

  // A section of the current service, chosen with the arrow keys.
  await app.keyboard.press('Control+k');
  await search.fill('control');
  const options = palette.getByRole('option');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await search.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  const text = (await options.nth(1).textContent())?.trim() ?? '';
  const chosen = ['Cache control', 'Access control'].find((label) => text.startsWith(label)) ?? '';
  expect(chosen).not.toBe('');
  // Entries of the current account name it too.
  expect(text).toContain('Sandbox');
  await search.press('Enter');
  await expect(app.getByRole('tab', { name: chosen })).toHaveAttribute('aria-selected', 'true');

  // Escape closes without doing anything.
  await app.keyboard.press('Control+k');
  await search.fill('traffic');
  await search.press('Escape');
  await expect(palette).toBeHidden();
  await expect(app.getByRole('tab', { name: chosen })).toHaveAttribute('aria-selected', 'true');

  // Switch the account.
  await app.keyboard.press('Control+k');
  await search.fill('staging gw');
  await expect(options.first()).toContainText('Switch to Staging gateway');
  await search.press('Enter');
  await expect(switcher).toHaveAccessibleName('Account: Staging gateway');

  // Dark screenshot of the palette.
  await app.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark', exact: true }).click();
  await app.keyboard.press('Control+k');
  await search.fill('acc');
  await app.screenshot({ path: 'e2e/screenshots/palette-dark.png' });
  await search.press('Escape');
});
