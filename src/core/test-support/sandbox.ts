// Test helper: a real sandbox gateway on 127.0.0.1 (port 0) for core and CLI tests.
import { startSandbox } from '#sandbox';

export type TestSandbox = Awaited<ReturnType<typeof startSandbox>>;

export function startTestSandbox(): Promise<TestSandbox> {
  return startSandbox({ port: 0, host: '127.0.0.1' });
}
