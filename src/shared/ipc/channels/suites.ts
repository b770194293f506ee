// Rule test suites (src/shared/suites): per service, kept by the core in <dataDir>/rule-suites.json.
// Edit them, run them on a service or across services, and check a proposed change against them
// before its review (the review dialog lists the expectations it would flip).
import { z } from 'zod';
import { defineChannels, idSchema } from '../define.ts';
import { mutatingOperationIdSchema } from './journal.ts';
import { expectationResultSchema, expectationSchema, flippedExpectationSchema } from '../../suites/schema.ts';

const serviceIdSchema = z.number().int().positive();
const serviceKey = { accountId: idSchema, serviceId: serviceIdSchema };

const suiteOutput = z.object({
  expectations: z.array(expectationSchema),
  /** null: the service has no suite yet. */
  updatedAt: z.string().nullable(),
});

const suiteRunTargetSchema = z.strictObject(serviceKey);

const suiteRunSchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  serviceId: z.number(),
  /** As the account's service list knows it; null when not known. */
  domainName: z.string().nullable(),
  results: z.array(expectationResultSchema),
  counts: z.object({ pass: z.number(), fail: z.number(), cannotTell: z.number() }),
  /** The service's rules could not be read (the expectations were not run). */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type SuiteRun = z.output<typeof suiteRunSchema>;

export const suitesChannels = defineChannels({
  'suites.get': {
    input: z.strictObject(serviceKey),
    output: suiteOutput,
  },
  'suites.save': {
    /** Adds an expectation, or replaces the one named `replaces` (an edit, possibly renaming it). */
    input: z.strictObject({ ...serviceKey, expectation: expectationSchema, replaces: z.string().max(120).optional() }),
    output: suiteOutput,
  },
  'suites.delete': {
    input: z.strictObject({ ...serviceKey, name: z.string().max(120) }),
    output: suiteOutput,
  },
  'suites.list': {
    /** Services with a suite (all accounts, or one). */
    input: z.strictObject({ accountId: idSchema.optional() }).optional(),
    output: z.object({
      suites: z.array(
        z.object({ accountId: z.string(), serviceId: z.number(), count: z.number(), updatedAt: z.string() }),
      ),
    }),
  },
  'suites.run': {
    /**
     * Runs the suite of (accountId, serviceId) on its own service, or on `targets` (services of any
     * account), or on every service with `tag` (when the app knows tags).
     */
    input: z.strictObject({
      ...serviceKey,
      targets: z
        .array(suiteRunTargetSchema)
        .min(1, { error: 'Choose at least one service to run the suite on.' })
        .max(500)
        .optional(),
      tag: z.string().trim().min(1).max(60).optional(),
    }),
    output: z.object({ runs: z.array(suiteRunSchema) }),
  },
  'suites.check': {
    /** The suite of the change's service against the rules now and after the change. */
    input: z.strictObject({
      accountId: idSchema,
      operationId: mutatingOperationIdSchema,
      input: z.object({ params: z.record(z.string().max(100), z.unknown()), body: z.unknown().optional() }),
    }),
    output: z.object({
      /** Expectations in the service's suite (0: nothing was checked). */
      total: z.number(),
      flipped: z.array(flippedExpectationSchema),
      fixed: z.array(z.string()),
    }),
  },
});
