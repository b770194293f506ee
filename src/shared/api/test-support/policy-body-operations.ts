// Test helper: the operations that take a policy body, listed from their facts (the type
// PolicyBodyOperationId names the same ones), for tests that go through each of them.
import { changeFacts, mutatingOperationIds, type PolicyBodyOperationId } from '../operation-facts.ts';

export const policyBodyOperationIds: readonly PolicyBodyOperationId[] = mutatingOperationIds.filter(
  (id): id is PolicyBodyOperationId => changeFacts(id).policyList !== undefined,
);
