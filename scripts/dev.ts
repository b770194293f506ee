// `npm run dev`: Electron with hot reload (electron-vite dev). Without an Electron binary there is
// nothing to reload into, so say so in one line and point to the browser host.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { ensureElectronBinary } from './start.ts';

const root = resolve(import.meta.dirname, '..');

const { binary, reason } = ensureElectronBinary(root);
if (!binary) {
  console.error(
    `No Electron binary (${reason}): \`npm run dev\` needs it. Use \`npm start\` or \`npm run start:web\` for the browser host.`,
  );
  process.exit(1);
}
const child = spawn(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'dev'], {
  stdio: 'inherit',
  cwd: root,
});
child.on('exit', (code) => process.exit(code ?? 1));
