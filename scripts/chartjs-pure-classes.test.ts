import { rolldown, type Plugin } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { chartJsPureClasses, wrapClassesPure } from './chartjs-pure-classes.ts';

// Registers two of Chart.js's pieces, as the app's chart-setup.ts does with its own.
const entry = `
import { Chart, LinearScale, LineController } from 'chart.js';
Chart.register(LinearScale, LineController);
export const registered = [Chart.registry.getScale('linear') === LinearScale, Chart.registry.getController('line') === LineController];
export const ids = [LinearScale.id, LineController.id, Chart.defaults.scales.linear !== undefined];
export const linearDefaults = LinearScale.defaults;
`;

async function bundle(plugins: Plugin[], source = entry): Promise<string> {
  const virtualEntry: Plugin = {
    name: 'entry',
    resolveId: (id) => (id === 'entry' ? id : null),
    load: (id) => (id === 'entry' ? source : null),
  };
  const build = await rolldown({
    input: 'entry',
    cwd: import.meta.dirname,
    plugins: [virtualEntry, ...plugins],
    logLevel: 'silent',
  });
  const { output } = await build.generate({ format: 'esm' });
  await build.close();
  return output[0].code;
}

describe('Chart.js classes marked pure', () => {
  it('leaves out the scales nothing uses and keeps the registered pieces working', async () => {
    const full = await bundle([]);
    const wrapped = await bundle([chartJsPureClasses() as Plugin]);
    for (const unused of ['static id = "logarithmic"', 'static id = "radialLinear"', 'static id = "timeseries"']) {
      expect(full).toContain(unused);
      expect(wrapped).not.toContain(unused);
    }
    expect(wrapped.length).toBeLessThan(full.length - 20_000);

    const mod = (await import(`data:text/javascript;base64,${Buffer.from(wrapped).toString('base64')}`)) as Record<
      string,
      unknown
    >;
    expect(mod.registered).toEqual([true, true]);
    expect(mod.ids).toEqual(['linear', 'line', true]);
    expect(mod.linearDefaults).toMatchObject({ ticks: { callback: expect.any(Function) } });
  });

  it('wraps each top-level class declaration and refuses code without one', () => {
    expect(wrapClassesPure('class A {}\nexport class B extends A { static id = "b"; }\nexport { A };')).toBe(
      'const A = /* @__PURE__ */ (() => class A {})();\nexport class B extends A { static id = "b"; }\nexport { A };',
    );
    expect(() => wrapClassesPure('export const x = 1;')).toThrow(/no top-level class/);
  });
  it('fails the build when the module it edits is not in it (the library moved its code)', async () => {
    await expect(bundle([chartJsPureClasses() as Plugin], 'export const nothing = 1;')).rejects.toThrow(
      /chart\.js\/dist\/chart\.js was not in the build/,
    );
  });
});
