// Path matching for the 19 operations. Method, path templates and alias paths (plural service
// read, the requestNumber path of the origin request example) come from the shared operation table;
// this matcher also reports the allowed methods for 405 answers.
import { operations, type OperationId } from '#shared/api/operations.ts';

interface CompiledRoute {
  operationId: OperationId;
  method: string;
  pattern: RegExp;
  paramNames: string[];
  template: string;
}

export type RouteMatch =
  | { kind: 'match'; operationId: OperationId; params: Record<string, string>; template: string }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

function compile(operationId: OperationId, method: string, template: string): CompiledRoute {
  const paramNames: string[] = [];
  const source = template
    .split('/')
    .map((segment) => {
      const m = /^\{(\w+)\}$/.exec(segment);
      if (!m) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(m[1]);
      // Any non-empty segment: the handler decides whether it is a valid ID (400, not 404).
      return '([^/]+)';
    })
    .join('/');
  return { operationId, method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), paramNames, template };
}

function buildRoutes(): CompiledRoute[] {
  const routes: CompiledRoute[] = [];
  const ids = Object.keys(operations) as OperationId[];
  for (const id of ids) {
    const op = operations[id];
    routes.push(compile(id, op.method, op.path));
    for (const alias of op.aliasPaths) routes.push(compile(id, op.method, alias));
  }
  return routes;
}

const ROUTES = buildRoutes();

export function matchRoute(method: string, path: string): RouteMatch {
  const allowed = new Set<string>();
  for (const route of ROUTES) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    if (route.method !== method.toUpperCase()) {
      allowed.add(route.method);
      continue;
    }
    const params: Record<string, string> = {};
    route.paramNames.forEach((name, i) => {
      params[name] = safeDecode(m[i + 1]);
    });
    return { kind: 'match', operationId: route.operationId, params, template: route.template };
  }
  return allowed.size > 0 ? { kind: 'method-not-allowed', allowed: [...allowed].sort() } : { kind: 'not-found' };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
