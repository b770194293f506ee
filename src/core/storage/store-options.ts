// The options of a store in the data dir whose unreadable file becomes a warning with the store's
// code, kept in app.status until dismissed (the file itself is kept aside, never dropped).
import type { CoreContext } from '../context.ts';
import type { CorruptFileReport } from './atomic-json.ts';
import type { Warning } from '#shared/ipc/channels/accounts.ts';

export function storeOptions(ctx: CoreContext, code: string, message: (report: CorruptFileReport) => string) {
  return {
    dataDir: ctx.dataDir,
    now: ctx.clock.now,
    corruptWarning: { code, message },
    onWarning: (warning: Warning) => ctx.warnings.add(warning),
  };
}
