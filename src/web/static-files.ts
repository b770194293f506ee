// Static serving of the built renderer, confined to its directory.
import { realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(path: string): string {
  return contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export type StaticLookup =
  { kind: 'file'; path: string; size: number; isIndex: boolean } | { kind: 'not-found' } | { kind: 'forbidden' };

function inside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Maps a request pathname to a file under `root`. Traversal (`..`, encoded or not), NUL bytes,
 * backslashes, dot-files and symlinks leading outside the root are refused. Paths without a
 * file extension fall back to index.html so the single-page app can deep-link.
 */
export async function lookupStaticFile(root: string, rawPathname: string): Promise<StaticLookup> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPathname);
  } catch {
    return { kind: 'forbidden' };
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return { kind: 'forbidden' };
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment.startsWith('.'))) return { kind: 'forbidden' };

  const rootReal = await realpath(root);
  const candidate = resolve(rootReal, ...segments);
  if (!inside(rootReal, candidate)) return { kind: 'forbidden' };

  const found = await statFile(rootReal, candidate);
  if (found) return found;
  if (segments.length === 0 || extname(pathname) === '') {
    const index = await statFile(rootReal, resolve(rootReal, 'index.html'));
    if (index) return index;
  }
  return { kind: 'not-found' };
}

async function statFile(rootReal: string, candidate: string): Promise<StaticLookup | null> {
  try {
    let path = candidate;
    let info = await stat(path);
    if (info.isDirectory()) {
      path = resolve(path, 'index.html');
      info = await stat(path);
    }
    if (!info.isFile()) return null;
    const real = await realpath(path);
    if (!inside(rootReal, real)) return { kind: 'forbidden' };
    return { kind: 'file', path: real, size: info.size, isIndex: real === rootReal + sep + 'index.html' };
  } catch {
    return null;
  }
}
