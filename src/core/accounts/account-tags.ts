// Tags given with accounts.add / accounts.update (the add/edit account dialog, one call): the
// account is written first, then its tags (tags.json), so a bad or failed account write never
// leaves tags behind. Once an account is added, a failed tag write must not look like a failed
// add (a retry would be refused as a duplicate): it is reported beside the added account.
import { AppCode } from '#shared/app-errors.ts';
import type { CoreContext } from '../context.ts';
import { CoreError } from '../errors.ts';
import type { TagStore } from '../tags/tags.ts';

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/[.\s]+$/u, '');
}

async function storeAccountTags(
  ctx: CoreContext,
  store: TagStore,
  accountId: string,
  tags: readonly string[],
): Promise<string[]> {
  const stored = await store.setAccountTags(accountId, tags);
  ctx.emit('tags.changed', { accountId });
  return stored;
}

/** Tags of an account just added: the stored tags, or the plain-words reason they are missing. */
export async function tagNewAccount(
  ctx: CoreContext,
  store: TagStore,
  account: { id: string; name: string },
  tags: readonly string[] | undefined,
): Promise<{ tags?: string[]; tagsError?: string }> {
  if (tags === undefined || tags.length === 0) return {};
  try {
    return { tags: await storeAccountTags(ctx, store, account.id, tags) };
  } catch (error) {
    return {
      tagsError: `“${account.name}” was added, but its tags (${tags.join(', ')}) could not be stored: ${reason(error)}. Add them on the Accounts screen with “Add tags”.`,
    };
  }
}

/**
 * Replaces the tags of an account whose changes were just saved. A failure is an error naming
 * what was saved and what was not; saving again is safe (the same patch, then the tags).
 */
export async function retagAccount(
  ctx: CoreContext,
  store: TagStore,
  account: { id: string; name: string },
  tags: readonly string[] | undefined,
): Promise<void> {
  if (tags === undefined) return;
  try {
    await storeAccountTags(ctx, store, account.id, tags);
  } catch (error) {
    throw new CoreError(
      AppCode.Tags.NotStored,
      `The changes to “${account.name}” were saved, but its tags could not be stored: ${reason(error)}. Save again to retry.`,
      {
        retryable: true,
        fields: { tags: 'Not stored: save again to retry.' },
      },
    );
  }
}
