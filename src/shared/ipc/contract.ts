// THE IPC table: every channel the renderer may call, `feature.action` → { input, output } zod
// schemas, and every event main sends to the renderer. Hosts, the preload and the dispatcher
// are all derived from these two objects.
//
// Adding a feature: create channels/<feature>.ts exporting `<feature>Channels` (and optionally
// `<feature>Events`), import it below and add it to the lists.
import type { z } from 'zod';
import { mergeTables } from './define.ts';
import { accountChannels, accountEvents } from './channels/accounts.ts';
import { apiChannels } from './channels/api.ts';
import { appChannels, appEvents } from './channels/app.ts';
import { draftsChannels } from './channels/drafts.ts';
import { journalChannels } from './channels/journal.ts';
import { changesChannels } from './channels/changes.ts';
import { analyticsChannels, analyticsEvents } from './channels/analytics.ts';
import { statsChannels } from './channels/stats.ts';
import { inventoryChannels, inventoryEvents } from './channels/inventory.ts';
import { configChannels } from './channels/config.ts';
import { bulkChannels, bulkEvents } from './channels/bulk.ts';
import { tagsChannels, tagsEvents } from './channels/tags.ts';
import { impactChannels } from './channels/impact.ts';
import { suitesChannels } from './channels/suites.ts';
import { baselinesChannels, baselinesEvents } from './channels/baselines.ts';
import { overviewChannels, overviewEvents } from './channels/overview.ts';

export type { ChannelTable, IpcError, IpcResult } from './define.ts';

export const ipcContract = mergeTables(
  accountChannels,
  apiChannels,
  appChannels,
  draftsChannels,
  journalChannels,
  changesChannels,
  analyticsChannels,
  statsChannels,
  inventoryChannels,
  configChannels,
  bulkChannels,
  tagsChannels,
  impactChannels,
  suitesChannels,
  baselinesChannels,
  overviewChannels,
);

const ipcEvents = mergeTables(
  accountEvents,
  appEvents,
  analyticsEvents,
  inventoryEvents,
  bulkEvents,
  tagsEvents,
  baselinesEvents,
  overviewEvents,
);

type IpcContract = typeof ipcContract;
export type Channel = keyof IpcContract & string;
/** What the caller sends (before defaults/coercion). */
export type ChannelInput<C extends Channel> = z.input<IpcContract[C]['input']>;
/** What the handler receives (after parsing). */
export type ParsedChannelInput<C extends Channel> = z.output<IpcContract[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<IpcContract[C]['output']>;

type IpcEvents = typeof ipcEvents;
export type IpcEventName = keyof IpcEvents & string;
export type IpcEventPayload<E extends IpcEventName> = z.output<IpcEvents[E]>;

export const channelNames = Object.keys(ipcContract) as Channel[];
export const eventNames = Object.keys(ipcEvents) as IpcEventName[];
