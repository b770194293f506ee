// The error codes of the guarded write path (changes.apply and every write through it), in a
// module of their own with no imports: the CLI's error printer maps them without loading zod.

/** A production account's change was sent without confirmProduction: true. */
export const CONFIRMATION_REQUIRED = 'Change.ConfirmationRequired';
/** The change would make rule test expectations fail that the caller did not accept. */
export const RULE_TESTS_FLIPPED = 'Change.RuleTestsFlipped';
/** The service's rule tests could not be checked, and the caller did not accept applying unchecked. */
export const RULE_TESTS_UNCHECKED = 'Change.RuleTestsUnchecked';
