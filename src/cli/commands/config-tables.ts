// accel config's tables on standard output: the plan, the diff and the results of applying.
import { cliValue } from '#shared/api/unknown-value.ts';
import type { ChannelOutput } from '#shared/ipc/contract.ts';

type Plan = ChannelOutput<'config.plan'>;

function cell(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

function changeText(changes: Plan['items'][number]['changes']): string {
  return changes.map((c) => `${c.label}: ${cliValue(c.left, c.leftUnknown)} → ${cliValue(c.right, false)}`).join('; ');
}

export function planTable(plan: Plan): string {
  const idWidth = Math.min(48, Math.max(4, ...plan.items.map((i) => i.id.length)));
  const lines = [`Plan: ${plan.source} → ${plan.target}`, '', `${cell('ACTION', 10)} ${cell('ITEM', idWidth)}  DETAIL`];
  for (const i of plan.items) {
    const detail =
      i.action === 'cannot'
        ? (i.reason ?? '')
        : [i.caution === null ? '' : `CHECK: ${i.caution}`, changeText(i.changes), ...i.notes]
            .filter(Boolean)
            .join(' ');
    lines.push(`${cell(i.action === 'cannot' ? 'cannot' : i.action, 10)} ${cell(i.id, idWidth)}  ${detail}`);
  }
  const c = plan.counts;
  lines.push(
    '',
    `${c.create ?? 0} create, ${c.update ?? 0} update, ${c.unchanged ?? 0} unchanged, ${c.cannot ?? 0} cannot apply`,
    '',
  );
  return lines.join('\n');
}

export function diffTable(diff: ChannelOutput<'config.diff'>): string {
  const marks = { same: '=', changed: '~', 'only-left': '<', 'only-right': '>', 'not-known': '?' } as const;
  const lines = [`Left:  ${diff.left}`, `Right: ${diff.right}`, ''];
  for (const g of diff.groups) {
    const suffix = g.status === 'only-left' ? ' (only left)' : g.status === 'only-right' ? ' (only right)' : '';
    lines.push(`${marks[g.status]} ${g.title}${suffix}`);
    if (g.status !== 'same')
      for (const c of g.changes)
        lines.push(`    ${c.label}: ${cliValue(c.left, c.leftUnknown)} → ${cliValue(c.right, false)}`);
    if (g.note && g.status !== 'same') lines.push(`    ${g.note}`);
  }
  lines.push('', diff.identical ? 'The configurations are the same.' : 'The configurations differ.', '');
  return lines.join('\n');
}

export function resultsTable(result: ChannelOutput<'config.apply'>): string {
  const width = Math.min(48, Math.max(4, ...result.results.map((r) => r.id.length)));
  return [
    `Applied to ${result.plan.target}`,
    '',
    `${cell('OUTCOME', 10)} ${cell('ITEM', width)}  MESSAGE`,
    ...result.results.map((r) => `${cell(r.outcome, 10)} ${cell(r.id, width)}  ${r.message ?? ''}`.trimEnd()),
    '',
  ].join('\n');
}
