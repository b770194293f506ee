// The browser host in real Chromium: a printed link opens the app (its single-use token is traded
// for an HttpOnly session cookie, once), a URL without a valid token gets the refusal page, and the
// page reaches the core over HTTP and the event WebSocket under the CSP.
import { test, expect, screenshot, waitForAppShell } from './fixtures.ts';

test('a link loads the app once, drops its token from the address bar and sets the session cookie', async ({
  page,
  host,
  browser,
}) => {
  const linkToken = new URL(host.url).searchParams.get('token') ?? '';
  const response = await page.goto(host.url);
  expect(response?.status()).toBe(200);
  await waitForAppShell(page);
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);
  expect(page.url()).toBe(`${host.origin}/`);

  const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'accel_token');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  // The session secret is not the token that was on the link.
  expect(cookie.value).toMatch(/^[\w-]{43}$/);
  expect(cookie.value).not.toBe(linkToken);
  // HttpOnly: page scripts cannot read it.
  expect(
    await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie),
  ).not.toContain(cookie.value);

  // The cookie keeps the page working across reloads, and reopening the used link here is harmless.
  await page.reload();
  await waitForAppShell(page);
  await page.goto(host.url);
  await waitForAppShell(page);
  await screenshot(page, 'web-host-app');

  // Another browser (no cookie) cannot exchange the same link a second time.
  const other = await browser.newContext();
  try {
    const stranger = await other.newPage();
    const second = await stranger.goto(host.url);
    expect(second?.status()).toBe(401);
    await expect(stranger.getByRole('heading', { name: 'Access token required' })).toBeVisible();
    await expect(stranger.getByText(/Press\s+Enter in the terminal/)).toBeVisible();
    await expect(stranger.locator('#app')).toHaveCount(0);
    await screenshot(stranger, 'web-host-link-used');
    // A new link from the host (what Enter in the terminal prints) works, once.
    expect((await stranger.goto(host.newLink()))?.status()).toBe(200);
    await waitForAppShell(stranger);
  } finally {
    await other.close();
  }
});

test('a URL without the token gets the refusal page', async ({ page, host }) => {
  const response = await page.goto(`${host.origin}/`);
  expect(response?.status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'Access token required' })).toBeVisible();
  await expect(page.locator('#app')).toHaveCount(0);
  await screenshot(page, 'web-host-refused');
  // It follows the system's dark theme like the app does.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(17, 24, 39)');
  await screenshot(page, 'web-host-refused-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  const wrong = await page.goto(`${host.origin}/?token=not-the-token`);
  expect(wrong?.status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'Access token required' })).toBeVisible();
});

test('the page reaches the core over HTTP and receives events over the WebSocket', async ({ app, host }) => {
  const info = await app.evaluate(async () => {
    const response = await fetch('/ipc/app.info', { method: 'POST', headers: { 'Content-Type': 'application/json' } });
    return (await response.json()) as { ok: boolean; data?: { dataDir: string; keychainService: string } };
  });
  expect(info).toMatchObject({ ok: true, data: { dataDir: host.dataDir, keychainService: host.keychainService } });

  // connect-src 'self' covers ws: on the same host and port; the HttpOnly cookie rides along.
  const first = await app.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const { host: pageHost } = (globalThis as unknown as { location: { host: string } }).location;
        const socket = new WebSocket(`ws://${pageHost}/events`);
        socket.onmessage = (message) => {
          resolve(String(message.data));
          socket.close();
        };
        socket.onerror = () => reject(new Error('WebSocket refused'));
      }),
  );
  expect(JSON.parse(first)).toEqual({ event: 'host.connected', payload: null });
});

test('another origin cannot call the host even from a browser holding the cookie', async ({ app, host }) => {
  // localhost:<port> and 127.0.0.1:<port> are different origins: the cookie is not sent across,
  // and a request that names a foreign Origin is refused before the token is looked at.
  const status = await app.evaluate(async (target) => {
    try {
      const response = await fetch(`${target}/ipc/app.info`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
      });
      return response.status;
    } catch {
      return 'blocked';
    }
  }, `http://localhost:${host.port}`);
  // CSP connect-src 'self' blocks it in the page already; were it sent, the host would answer 401/403.
  expect(['blocked', 401, 403]).toContain(status);
});
