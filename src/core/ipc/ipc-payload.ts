// The IPC boundary's first check, before the schema or any handler runs: a payload must be plain
// JSON data (no BigInt, Map, Date, function…), nested at most MAX_PAYLOAD_DEPTH levels and at most
// the channel's size. Iterative, so a payload nested thousands of levels cannot overflow the stack
// here, and refused, so it never reaches the recursive walkers (redaction, masking) behind it.
import { AppCode } from '#shared/app-errors.ts';

export type PayloadLimits = { maxChars: number; maxDepth: number };

export type PayloadProblem = {
  code: typeof AppCode.Ipc.PayloadTooLarge | typeof AppCode.Ipc.InvalidInput;
  message: string;
  path?: string;
};

type Frame = { value: unknown; depth: number; key: string | number | null; parent: Frame | null };

function pathOf(frame: Frame): string {
  const keys: (string | number)[] = [];
  for (let f: Frame | null = frame; f; f = f.parent) if (f.key !== null) keys.push(f.key);
  return keys.reverse().join('.');
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** null when the payload is within the limits. */
export function checkPayload(payload: unknown, limits: PayloadLimits): PayloadProblem | null {
  const stack: Frame[] = [{ value: payload, depth: 0, key: null, parent: null }];
  let chars = 0;
  const tooLarge = (): PayloadProblem => ({
    code: AppCode.Ipc.PayloadTooLarge,
    message: `The request is too large (more than ${limits.maxChars} characters).`,
  });
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    const { value, depth } = frame;
    chars += 1;
    switch (typeof value) {
      case 'string':
        chars += value.length;
        break;
      case 'undefined':
      case 'boolean':
      case 'number':
        break;
      case 'object': {
        if (value === null) break;
        if (depth >= limits.maxDepth) {
          return {
            code: AppCode.Ipc.PayloadTooLarge,
            message: `The request is nested too deeply (more than ${limits.maxDepth} levels).`,
          };
        }
        if (Array.isArray(value)) {
          for (let i = value.length - 1; i >= 0; i--)
            stack.push({ value: value[i], depth: depth + 1, key: i, parent: frame });
        } else if (isPlainObject(value)) {
          for (const [key, item] of Object.entries(value)) {
            chars += key.length;
            stack.push({ value: item, depth: depth + 1, key, parent: frame });
          }
        } else {
          const path = pathOf(frame);
          return {
            code: AppCode.Ipc.InvalidInput,
            message: `${path || 'The request'}: only plain JSON values can be sent (not a ${value.constructor?.name ?? 'special object'}).`,
            path,
          };
        }
        break;
      }
      default: {
        // bigint, symbol, function: JSON has no such values (a BigInt would fail later when stored).
        const path = pathOf(frame);
        return {
          code: AppCode.Ipc.InvalidInput,
          message: `${path || 'The request'}: only plain JSON values can be sent (not a ${typeof value}).`,
          path,
        };
      }
    }
    if (chars > limits.maxChars) return tooLarge();
  }
  return null;
}
