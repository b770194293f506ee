// DESIGN.md's "One clock" as an ESLint rule: production code in src/core and src/shared never reads
// the wall clock on its own (Date.now, Date() or new Date() without an argument, performance.now,
// process.hrtime); it takes time from the core's clock (src/core/clock.ts: a `now` option, or
// ctx.clock), so that tests can move time and no test depends on the day it runs. An exception is
// an `eslint-disable-next-line clock/no-wall-clock -- why` comment: one without a reason is reported.

const RULE = 'clock/no-wall-clock';

const nameOf = (node) =>
  node.type === 'Identifier'
    ? node.name
    : node.type === 'Literal' && typeof node.value === 'string'
      ? node.value
      : null;

/** `performance.now`, `globalThis.performance.now`, `perf_hooks.performance.now`. */
const isPerformance = (node) =>
  nameOf(node) === 'performance' || (node.type === 'MemberExpression' && nameOf(node.property) === 'performance');

/** What a member expression reads of the wall clock, or null. */
function wallClockMember(node) {
  const object = node.object;
  const property = nameOf(node.property);
  if (object.type === 'Identifier' && object.name === 'Date' && property === 'now') return 'Date.now';
  if (property === 'now' && isPerformance(object)) return 'performance.now';
  if (object.type === 'Identifier' && object.name === 'process' && property === 'hrtime') return 'process.hrtime';
  return null;
}

const noWallClockRule = {
  meta: {
    type: 'problem',
    docs: { description: 'src/core and src/shared read time only through the core’s clock (src/core/clock.ts).' },
    schema: [],
    messages: {
      wallClock:
        '{{what}} reads a clock of its own: take the time from the core’s clock (a `now` option, ctx.clock; src/core/clock.ts). For how long something took, use monotonicMs() from src/core/clock.ts.',
      noReason: 'An exception to the one clock says why: `eslint-disable-next-line clock/no-wall-clock -- <reason>`.',
    },
  },
  create(context) {
    const report = (node, what) => context.report({ node, messageId: 'wallClock', data: { what } });
    return {
      MemberExpression(node) {
        const what = wallClockMember(node);
        if (what) report(node, what);
      },
      NewExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'Date' && node.arguments.length === 0)
          report(node, 'new Date()');
      },
      CallExpression(node) {
        // Date(...) without `new` is always the current time as a string, whatever its arguments.
        if (node.callee.type === 'Identifier' && node.callee.name === 'Date') report(node, 'Date()');
      },
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const directive = /^\s*eslint-disable(?:-next-line|-line)?\s+([^]*)$/.exec(comment.value);
          if (!directive) continue;
          const [rules, reason = ''] = directive[1].split(/\s--\s?/);
          if (rules.split(',').some((r) => r.trim() === RULE) && reason.trim() === '') {
            context.report({ loc: comment.loc, messageId: 'noReason' });
          }
        }
      },
    };
  },
};

export const clockPlugin = { rules: { 'no-wall-clock': noWallClockRule } };
