// Child process of keychain-unavailable.test.ts: exercises the real keytar store and the core
// with whatever keychain this process can reach, prints the outcome as JSON.
import { createKeytarSecretStore } from './keytar-store.ts';
import { createCore } from '../app-core.ts';

const store = createKeytarSecretStore();
const status = await store.status();
let set: unknown = null;
try {
  await store.set('probe', 'plain-text-must-not-happen');
} catch (error) {
  set = { code: (error as { code?: string }).code, message: (error as Error).message };
}
const core = createCore({ dataDir: process.env.ACCEL_DATA_DIR!, sandboxOptions: { statePath: null } });
const add = await core.invoke('accounts.add', {
  name: 'No keychain',
  baseUrl: 'https://api.example.net',
  accessKeyId: 'AK1',
  customerId: 1,
  secret: 'plain-text-must-not-happen',
  verify: false,
});
const appStatus = await core.invoke('app.status', undefined);
await core.dispose();
process.stdout.write(JSON.stringify({ status, set, add, appStatus: appStatus.ok ? appStatus.data : appStatus }));
