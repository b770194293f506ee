// Search boxes never submit their form: Enter in the country search of the access
// control editor adds the highlighted country; arrow keys move through the matches. (That every
// search box is the shared SearchBox is checked by src/renderer/src/lib/ui/search-box.test.ts.)
import { test, expect } from './fixtures.ts';
import { openServiceTab, shootBothThemes } from './helpers.ts';

test('Enter in the country search adds the highlighted country and does not submit the policy', async ({ app }) => {
  await openServiceTab(app, 'Access control');
  await app.getByRole('button', { name: 'New access control policy' }).click();
  const editor = app.getByRole('form', { name: 'New access control policy' });
  await editor.getByLabel('Policy name').fill('Country block');
  await editor.getByRole('textbox', { name: 'URL path patterns' }).fill('/shop');
  await editor.getByRole('textbox', { name: 'URL path patterns' }).press('Enter');

  const search = editor.getByRole('combobox', { name: 'Search countries' });
  await search.fill('germ');
  await search.press('Enter');
  await expect(editor.getByRole('button', { name: 'Remove DE' })).toBeVisible();
  await expect(search).toHaveValue('');
  await expect(search).toBeFocused();
  // Nothing was submitted: no review dialog, no error summary.
  await expect(app.getByRole('dialog', { name: 'Review the change' })).toBeHidden();
  await expect(editor.getByText(/before saving/)).toBeHidden();

  // Arrow keys move through the matches; Enter adds the highlighted one.
  await search.fill('united');
  const options = editor.getByRole('listbox', { name: 'Matching countries' }).getByRole('option');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await search.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.first()).toHaveAttribute('aria-selected', 'false');
  const second = (await options.nth(1).textContent())?.match(/\(([A-Z]{2})\)/)?.[1] ?? 'none';
  await app.setViewportSize({ width: 1024, height: 700 });
  await search.scrollIntoViewIfNeeded();
  await shootBothThemes(app, 'search-country-combobox-1024');
  await app.setViewportSize({ width: 1280, height: 800 });
  await search.press('Enter');
  await expect(editor.getByRole('button', { name: `Remove ${second}` })).toBeVisible();
  await expect(app.getByRole('dialog', { name: 'Review the change' })).toBeHidden();
  await shootBothThemes(app, 'search-country-added-1280');
});
