import { describe, expect, it } from 'vitest';
import { isInsecureBaseUrl, isLoopbackHost } from './base-url.ts';

describe('base URL policy', () => {
  it.each(['localhost', 'app.localhost', '127.0.0.1', '127.8.9.10', '[::1]', 'LOCALHOST.'])(
    '%s is this computer',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each(['api.example.net', '10.0.0.5', '128.0.0.1', 'localhost.example.net', '[::2]', '127.0.0.1.example.net'])(
    '%s is not',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );

  it('refuses http:// to another computer only', () => {
    expect(isInsecureBaseUrl(new URL('http://api.example.net:8080'))).toBe(true);
    expect(isInsecureBaseUrl(new URL('http://192.168.1.10'))).toBe(true);
    expect(isInsecureBaseUrl(new URL('https://api.example.net'))).toBe(false);
    expect(isInsecureBaseUrl(new URL('http://127.0.0.1:8443'))).toBe(false);
    expect(isInsecureBaseUrl(new URL('http://[::1]:8443'))).toBe(false);
  });
});
