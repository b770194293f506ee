// Rule test suites: requests saved from the rule tester with the outcome they should
// get, per service. Stored by the core (<dataDir>/rule-suites.json), carried in configuration
// documents (per service, `ruleTests`), run on drafts, across services and from `accel test`.
// docs/rule-test-suites.md records the decisions.
import { z } from 'zod';

export const MAX_EXPECTATIONS = 200;

const text = (label: string, max: number) =>
  z.string().max(max, { error: `${label} must be at most ${max} characters.` });

/**
 * The request as the rule tester's form holds it (src/shared/rules/request.ts); fields at their
 * default are left out, so suites in documents stay short.
 */
const expectationRequestSchema = z.strictObject({
  url: text('Request URL', 2000).trim().min(1, { error: 'Request URL is required (a URL or a path such as /admin).' }),
  method: text('Method', 20).optional(),
  clientIp: text('Client IP', 100).optional(),
  clientCountry: text('Client country', 2).optional(),
  host: text('Host', 253).optional(),
  userAgent: text('User agent', 1000).optional(),
  cookie: text('Cookie', 4000).optional(),
  origin: text('Origin header', 1000).optional(),
  via: text('Via header', 1000).optional(),
  clientAnonymous: z.boolean().optional(),
  hasToken: z.boolean().optional(),
});
export type ExpectationRequest = z.output<typeof expectationRequestSchema>;

/** How a served request is cached: for a TTL, never, or as the origin's headers say (no rule, or a rule without TTL). */
export const cacheOutcomes = ['cached', 'never', 'origin'] as const;

const ruleName = text('Rule name', 200)
  .trim()
  .min(1, { error: 'Rule name must not be empty; leave it out to accept any rule.' });

/**
 * What the request should get. Fields left out are not checked ("403 by any rule"). The deciding
 * rule is named, not numbered: the same suite runs on other services, whose policy IDs differ.
 */
const expectedOutcomeSchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({ status: z.literal('denied'), rule: ruleName.optional() }),
    z.strictObject({
      status: z.literal('redirected'),
      rule: ruleName.optional(),
      httpCode: z.union([z.literal(301), z.literal(302)], { error: 'HTTP code must be 301 or 302.' }).optional(),
      destination: text('Destination', 2000).optional(),
    }),
    z
      .strictObject({
        status: z.literal('served'),
        /** The cache rule that applies. */
        rule: ruleName.optional(),
        cache: z.enum(cacheOutcomes).optional(),
        /** Seconds; only with cache "cached". */
        ttl: z
          .number()
          .int({ error: 'TTL must be a whole number of seconds.' })
          .nonnegative({ error: 'TTL must be 0 or more seconds.' })
          .optional(),
      })
      .refine((o) => o.ttl === undefined || o.cache === 'cached', {
        path: ['ttl'],
        error: 'A TTL is only expected when the request is cached (cache: cached).',
      }),
  ],
  { error: 'Expected outcome must be denied, redirected or served.' },
);
export type ExpectedOutcome = z.output<typeof expectedOutcomeSchema>;

export const expectationSchema = z.strictObject({
  /** Unique in its suite: it names the expectation in results, the journal and documents. */
  name: text('Name', 120).trim().min(1, { error: 'Name is required, e.g. “Admin blocked from outside”.' }),
  request: expectationRequestSchema,
  expect: expectedOutcomeSchema,
});
export type Expectation = z.output<typeof expectationSchema>;

/** A suite: expectations with unique names (the name is the key for editing, diffs and the journal). */
export const expectationListSchema = z
  .array(expectationSchema)
  .max(MAX_EXPECTATIONS, { error: `A suite holds at most ${MAX_EXPECTATIONS} expectations.` })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((e, index) => {
      if (seen.has(e.name))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `Another expectation is already named “${e.name}”; names must be unique in a suite.`,
        });
      seen.add(e.name);
    });
  });

/** The result of one expectation on one set of rules. */
const expectationOutcomes = ['pass', 'fail', 'cannot-tell'] as const;
export type ExpectationOutcome = (typeof expectationOutcomes)[number];

export const expectationResultSchema = z.object({
  name: z.string(),
  outcome: z.enum(expectationOutcomes),
  /** "403 by “Block admin”". */
  expected: z.string(),
  /** The tester's verdict headline for the request. */
  actual: z.string(),
  /** Why it failed or cannot be told; null when it passes. */
  reason: z.string().nullable(),
});
export type ExpectationResult = z.output<typeof expectationResultSchema>;

/** An expectation whose result a change turns from pass to fail or cannot-tell. */
export const flippedExpectationSchema = z.object({
  name: z.string(),
  expected: z.string(),
  before: z.string(),
  after: z.string(),
  outcome: z.enum(['fail', 'cannot-tell']),
  reason: z.string().nullable(),
});
export type FlippedExpectation = z.output<typeof flippedExpectationSchema>;
