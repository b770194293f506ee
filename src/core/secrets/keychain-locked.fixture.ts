// Child process of keychain-locked.test.ts, run inside a D-Bus session of its own whose login
// keyring is locked or was never created: prints what keytar, the store and the core answer.
import keytar from 'keytar';
import { createKeytarSecretStore } from './keytar-store.ts';
import { createCore } from '../app-core.ts';

const PROBE = 'locked-keyring-probe-secret';
let rawError: string | null = null;
try {
  await keytar.setPassword('Acceleration Console locked test', 'raw', PROBE);
} catch (error) {
  rawError = (error as Error).message;
}
const store = createKeytarSecretStore();
let set: unknown = null;
try {
  await store.set('probe', PROBE);
} catch (error) {
  const e = error as { code?: string; details?: { reason?: string }; message: string };
  set = { code: e.code, reason: e.details?.reason, message: e.message };
}
const core = createCore({ dataDir: process.env.ACCEL_DATA_DIR!, sandboxOptions: { statePath: null } });
const add = await core.invoke('accounts.add', {
  name: 'Locked keyring',
  baseUrl: 'https://api.example.net',
  accessKeyId: 'AK1',
  customerId: 1,
  secret: PROBE,
  verify: false,
});
await core.dispose();
process.stdout.write(JSON.stringify({ rawError, set, add }));
