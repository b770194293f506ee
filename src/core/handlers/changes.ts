// changes.* channels: apply a change (journaled) and read the current state for the diff.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';
import { maskSecrets } from '../secrets/secret-mask.ts';
import type { OperationCallInput } from '../changes/changes.ts';

export function createChangesHandlers(ctx: CoreContext, services: CoreServices): FeatureHandlers<'changes'> {
  return {
    // A confirmed change is carried out (and journaled) even when its window goes away meanwhile:
    // cancelling a write in flight would leave its outcome unknown.
    'changes.apply': async ({
      accountId,
      operationId,
      input,
      confirmProduction,
      flippedExpectations,
      acceptFlippedExpectations,
    }) => {
      const result = await services.changes.apply({
        accountId,
        operationId,
        input: input as OperationCallInput,
        confirmProduction,
        ...(flippedExpectations ? { flippedExpectations } : {}),
        ...(acceptFlippedExpectations ? { acceptFlippedExpectations } : {}),
      });
      return { entry: result.entry, data: maskSecrets(result.data).data };
    },
    'changes.current': async ({ accountId, operationId, input }, { signal }) => {
      await ctx.accounts.get(accountId);
      const state = await services.changes.current(
        accountId,
        operationId,
        input as OperationCallInput,
        signal ? { signal } : undefined,
      );
      return { before: maskSecrets(state.before).data, source: state.source, at: state.at };
    },
  };
}
