// Builds a TestRequest from what a user types (a URL or a path with query).
import type { TestRequest } from './types.ts';

export interface RequestForm {
  /** Absolute URL (https://host/path?q) or a path with optional query (/path?q). */
  readonly url: string;
  readonly method?: string;
  readonly clientIp?: string;
  /** Overrides the URL's host when given. */
  readonly host?: string;
  readonly userAgent?: string;
  readonly cookie?: string;
  readonly origin?: string;
  readonly via?: string;
  readonly clientCountry?: string;
  readonly clientAnonymous?: boolean;
  readonly hasToken?: boolean;
}

export type ParsedRequest =
  { ok: true; request: TestRequest } | { ok: false; problem: string; field: 'url' | 'clientCountry' };

export function parseRequest(form: RequestForm): ParsedRequest {
  const text = form.url.trim();
  if (text === '')
    return {
      ok: false,
      field: 'url',
      problem: 'Enter a URL such as https://www.example.com/img/a.png?x=1 or /img/a.png',
    };
  let path: string;
  let query: string;
  let urlHost = '';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return { ok: false, field: 'url', problem: `"${text}" is not a valid URL` };
    }
    // Keep the raw (not re-encoded) path: rules are written against what clients send.
    const afterHost = text.slice(text.indexOf('//') + 2);
    const slash = afterHost.search(/[/?#]/);
    const rest = slash === -1 ? '/' : afterHost.slice(slash);
    [path, query] = splitPathQuery(rest.startsWith('/') ? rest : `/${rest}`);
    urlHost = url.host;
  } else if (text.startsWith('/')) {
    [path, query] = splitPathQuery(text);
  } else {
    return { ok: false, field: 'url', problem: 'The URL must start with http://, https:// or /' };
  }
  const clientCountry = (form.clientCountry ?? '').trim().toUpperCase();
  if (clientCountry !== '' && !/^[A-Z]{2}$/.test(clientCountry)) {
    return {
      ok: false,
      field: 'clientCountry',
      problem: `Client country "${form.clientCountry}" must be a two-letter ISO 3166 code such as DE or US`,
    };
  }
  return {
    ok: true,
    request: {
      path,
      query,
      method: (form.method ?? 'GET').trim().toUpperCase() || 'GET',
      clientIp: (form.clientIp ?? '').trim(),
      host: (form.host ?? '').trim() || urlHost,
      userAgent: form.userAgent ?? '',
      cookie: form.cookie ?? '',
      origin: form.origin ?? '',
      via: form.via ?? '',
      clientCountry,
      clientAnonymous: form.clientAnonymous === true,
      hasToken: form.hasToken === true,
    },
  };
}

function splitPathQuery(text: string): [string, string] {
  const noFragment = text.split('#')[0] ?? '';
  const q = noFragment.indexOf('?');
  return q === -1 ? [noFragment, ''] : [noFragment.slice(0, q), noFragment.slice(q + 1)];
}
