import type { OperationId } from '#shared/api/operations.ts';
import type { Principal } from '../auth.ts';
import type { SandboxStore } from '../store.ts';

export interface HandlerContext {
  operationId: OperationId;
  store: SandboxStore;
  principal: Principal;
  /** Raw (decoded) path parameters; handlers validate them. */
  params: Readonly<Record<string, string>>;
  /** Parsed JSON body; undefined when the request had none. */
  body: unknown;
  nowMs: number;
}

interface HandlerResult {
  status?: number;
  /** Response JSON; undefined answers 200 without a body. */
  body?: unknown;
}

export type Handler = (ctx: HandlerContext) => HandlerResult;
