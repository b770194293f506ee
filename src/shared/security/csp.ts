// The renderer's Content-Security-Policy: one source of truth for the Electron host (session
// header), the browser host (every response) and src/renderer/index.html's meta tag (a test in
// src/web/security.test.ts checks the meta tag is exactly this string). All API traffic goes
// through main, so nothing but 'self' is ever needed.
export const CONTENT_SECURITY_POLICY = [
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
].join('; ');
