// Drafts of every policy kind survive an invalid save (redirection and rate limit; cache control
// and CORS are in policies.spec/drafts.spec) and an app restart (a new host on the same data dir
// and keychain). Also the quiet pristine form and the labelled error summary, with 1024×700
// screenshots in e2e/screenshots/.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, restartWebHost, screenshot, waitForAppShell, type E2eHost } from './fixtures.ts';
import { openServiceTab as openSection } from './helpers.ts';

/** Waits until the debounced autosave has written `text` into the drafts file. */
async function draftStored(host: E2eHost, text: string): Promise<void> {
  await expect
    .poll(async () => (await readFile(join(host.dataDir, 'drafts.json'), 'utf8').catch(() => '')).includes(text))
    .toBe(true);
}

async function at1024(app: Page, name: string): Promise<void> {
  await app.setViewportSize({ width: 1024, height: 700 });
  await screenshot(app, name);
}

test('redirection: the draft survives an invalid save and a reload', async ({ app, host }) => {
  await openSection(app, 'Redirection');
  await app.getByRole('button', { name: 'Edit redirection Campaign landing' }).click();
  const editor = app.getByRole('form', { name: /Edit redirection/ });
  await editor.getByLabel('Redirect destination').fill('not a url');
  await editor.getByRole('button', { name: 'Review and save' }).click();
  await expect(editor.getByText(/Redirect destination must be an http\(s\) URL/).first()).toBeVisible();
  await expect(app.getByRole('dialog', { name: 'Review the change' })).toBeHidden();
  await draftStored(host, 'not a url');

  await app.reload();
  await openSection(app, 'Redirection');
  await expect(app.getByRole('button', { name: /Edit redirection Campaign landing/ })).toBeVisible();
  await app.getByRole('button', { name: 'Edit redirection Campaign landing' }).click();
  await expect(editor.getByText(/Draft restored/)).toBeVisible();
  await expect(editor.getByLabel('Redirect destination')).toHaveValue('not a url');
  // A restored draft counts as touched: its error shows without another edit.
  await expect(editor.getByText(/Redirect destination must be an http\(s\) URL/).first()).toBeVisible();
});

test('rate limit: a pristine form is quiet; the draft survives an invalid save and a reload', async ({ app, host }) => {
  await openSection(app, 'Rate limit');
  const editor = app.getByRole('form', { name: 'Rate limit' });
  await expect(editor.getByLabel('Time window (seconds)')).toBeVisible();
  await expect(editor.getByText(/is required/)).toHaveCount(0);
  await at1024(app, 'rate-limit-pristine-1024x700');
  // The long "Leave out — …" option fits its select at 1024 px.
  const select = editor.getByLabel(/Ignore query string/);
  // Text width of the chosen option, measured in the select's font (no DOM types in e2e code).
  const id = await select.getAttribute('id');
  const fits = await app.evaluate(`(() => {
    const el = document.getElementById(${JSON.stringify(id)});
    const probe = document.createElement('span');
    probe.style.cssText = 'font:' + getComputedStyle(el).font + ';white-space:nowrap;position:absolute';
    probe.textContent = el.options[el.selectedIndex].text;
    document.body.append(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width + 24 <= el.clientWidth;
  })()`);
  expect(fits).toBe(true);

  await editor.getByLabel('Time window (seconds)').fill('0');
  await editor.getByLabel('Request limit').fill('250');
  await editor.getByRole('button', { name: 'Review and save rate limit' }).click();
  await expect(editor.getByText('Time window (seconds) must be a whole number greater than 0.').first()).toBeVisible();
  await expect(app.getByRole('dialog', { name: 'Review the change' })).toBeHidden();
  await draftStored(host, '250');

  await app.reload();
  await openSection(app, 'Rate limit');
  await expect(editor.getByText(/Draft restored/)).toBeVisible();
  await expect(editor.getByLabel('Time window (seconds)')).toHaveValue('0');
  await expect(editor.getByLabel('Request limit')).toHaveValue('250');
  await expect(editor.getByText('Time window (seconds) must be a whole number greater than 0.')).toBeVisible();
});

test('a draft survives an app restart (new host on the same data dir and keychain)', async ({ app, host, page }) => {
  await openSection(app, 'Rate limit');
  const editor = app.getByRole('form', { name: 'Rate limit' });
  await editor.getByLabel('Time window (seconds)').fill('45');
  await editor.getByLabel('Request limit').fill('987');
  await expect(editor.getByText(/Draft saved/)).toBeVisible();
  await draftStored(host, '987');

  const restarted = await restartWebHost(host);
  try {
    await page.goto(restarted.url);
    await waitForAppShell(page);
    await openSection(page, 'Rate limit');
    const again = page.getByRole('form', { name: 'Rate limit' });
    await expect(again.getByText(/Draft restored/)).toBeVisible();
    await expect(again.getByLabel('Time window (seconds)')).toHaveValue('45');
    await expect(again.getByLabel('Request limit')).toHaveValue('987');
  } finally {
    await restarted.stop();
  }
});

test('cache control: the error summary names fields by their labels', async ({ app }) => {
  await openSection(app, 'Cache control');
  await app.getByRole('button', { name: 'Edit cache control policy Static assets' }).click();
  const editor = app.getByRole('form', { name: /Edit cache control policy/ });
  await editor.getByRole('button', { name: 'Add header rule' }).click();
  // Not touched yet: the new rule's empty name is not flagged.
  await expect(editor.getByText(/Header name is required/)).toHaveCount(0);
  await editor.getByRole('button', { name: 'Review and save' }).click();
  const summary = editor.getByRole('alert').filter({ hasText: 'before saving' });
  await expect(summary).toContainText('(Response header 1 — name)');
  await expect(summary).not.toContainText('responseHeaders.');
  await summary.scrollIntoViewIfNeeded();
  await at1024(app, 'cache-save-errors-1024x700');
});
