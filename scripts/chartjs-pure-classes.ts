// A Vite plugin for the renderer build: lets tree shaking drop the Chart.js classes the app does not
// register. Chart.js's scales, controllers and elements are classes with static fields
// (`static defaults = { ticks: { callback: Ticks.formatters.logarithmic } }`); a bundler must assume
// a property read may run a getter, so it keeps every such class even when nothing uses it
// (the logarithmic, radial and time-series scales here). Each top-level class of Chart.js's
// bundle is wrapped in a call marked pure, `const X = /* @__PURE__ */ (() => class X … {…})()`,
// which is kept only when X is used. Chart.js's static fields only describe the class (ids,
// defaults, routes), so nothing is lost by not evaluating them for an unused class.
import { parseSync, type Plugin } from 'vite';

/** Chart.js's ES module bundle, the one the app imports (`chart.js` → dist/chart.js). */
const CHART_JS_BUNDLE = /[\\/]chart\.js[\\/]dist[\\/]chart\.js$/;

/** The module's code with each top-level class declaration wrapped in a pure call; throws when it has none. */
export function wrapClassesPure(code: string, filename = 'chart.js'): string {
  const { program, errors } = parseSync(filename, code, { sourceType: 'module' });
  if (errors.length > 0) throw new Error(`chartjs-pure-classes: ${filename} does not parse: ${errors[0]?.message}`);
  // Innermost edits last: walk the top-level statements from the end so offsets stay valid.
  const classes = program.body.filter((node) => node.type === 'ClassDeclaration' && node.id !== null);
  if (classes.length === 0) throw new Error('chartjs-pure-classes: no top-level class found (Chart.js changed?)');
  let out = code;
  for (const node of classes.reverse()) {
    if (node.type !== 'ClassDeclaration' || node.id === null) continue;
    const name = node.id.name;
    const source = code.slice(node.start, node.end);
    out = `${out.slice(0, node.start)}const ${name} = /* @__PURE__ */ (() => ${source})();${out.slice(node.end)}`;
  }
  return out;
}

export function chartJsPureClasses(): Plugin {
  let wrapped = false;
  return {
    name: 'chartjs-pure-classes',
    apply: 'build',
    transform: {
      filter: { id: CHART_JS_BUNDLE },
      handler(code, id) {
        wrapped = true;
        return { code: wrapClassesPure(code, id), map: null };
      },
    },
    // A build without the bundle (Chart.js moved it) would quietly keep every scale.
    buildEnd(error) {
      if (!error && !wrapped)
        this.error('chartjs-pure-classes: chart.js/dist/chart.js was not in the build (Chart.js changed?)');
    },
  };
}
