// Where the browser host and the CLI keep their data: the same directory the Electron app uses
// (Electron's appData + "acceleration-console"), so all three hosts see the same accounts.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const override = env.ACCEL_DATA_DIR?.trim();
  if (override) return override;
  const home = homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'acceleration-console');
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'acceleration-console');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'acceleration-console');
}
