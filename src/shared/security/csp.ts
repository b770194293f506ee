// The renderer's Content-Security-Policy, one source of truth: the Electron host (session
// header) and the browser host (every response) send CONTENT_SECURITY_POLICY as an HTTP header;
// src/renderer/index.html's meta tag carries META_CONTENT_SECURITY_POLICY (a test in
// src/web/security.test.ts checks it is exactly this string). All API traffic goes through main,
// so nothing but 'self' is ever needed.

const directives = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
] as const;

/** Directives a browser ignores (with a console warning) in a meta tag: they only work as a header. */
const headerOnly = ['frame-ancestors', 'report-uri', 'sandbox'] as const;

/** The full policy, sent as a Content-Security-Policy response header by both hosts. */
export const CONTENT_SECURITY_POLICY = directives.join('; ');

/** The same policy without the header-only directives, for the renderer's meta tag. */
export const META_CONTENT_SECURITY_POLICY = directives
  .filter((d) => !headerOnly.some((name) => d.startsWith(`${name} `)))
  .join('; ');
