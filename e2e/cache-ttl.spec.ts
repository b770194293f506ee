// TTL is a number box and its message speaks the chosen unit: never "TTL (seconds) must be a
// number" while the unit says days.
import { test, expect } from './fixtures.ts';
import { openServiceTab, shootBothThemes } from './helpers.ts';

test('TTL is numeric; its errors are in the chosen unit; a valid TTL reaches the review', async ({ app }) => {
  await openServiceTab(app, 'Cache control');
  await app.getByRole('button', { name: 'Edit cache control policy Static assets' }).click();
  const editor = app.getByRole('form', { name: /Edit cache control policy/ });
  const ttl = editor.getByRole('spinbutton', { name: 'TTL', exact: true });
  await expect(ttl).toHaveAttribute('type', 'number');
  await editor.getByLabel('TTL unit').selectOption('d');

  await ttl.fill('1.5');
  const dayRule = 'TTL must be a whole number of days, 0 or more (e.g. 1 for one day), or empty to leave it unset.';
  await expect(editor.getByText(dayRule)).toBeVisible();
  await expect(ttl).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.getByText(/TTL \(seconds\)/)).toHaveCount(0);

  // Text the box cannot read as a number is not silently dropped.
  await ttl.fill('');
  await ttl.pressSequentially('2e');
  await expect(editor.getByText(dayRule)).toBeVisible();

  // The unit changes the message with it.
  await editor.getByLabel('TTL unit').selectOption('h');
  await expect(editor.getByText(/TTL must be a whole number of hours/)).toBeVisible();
  await app.setViewportSize({ width: 1024, height: 700 });
  await ttl.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shootBothThemes(app, 'cache-ttl-error-1024');
  await app.setViewportSize({ width: 1280, height: 800 });

  await ttl.fill('3');
  await expect(ttl).not.toHaveAttribute('aria-invalid', 'true');
  await editor.getByRole('button', { name: 'Review and save' }).click();
  const dialog = app.getByRole('dialog', { name: 'Review the change' });
  await expect(dialog.getByRole('row').filter({ hasText: /^TTL/ })).toContainText('3 hours');
});
