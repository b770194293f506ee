// THE table of the application's own error codes: the codes the core, the API client, the hosts,
// the CLI and the renderer raise themselves (the API's codes are in api/errors.ts, apiErrorTable;
// the two tables never share a code). Code refers to them through AppCode (Bulk.NotFound
// === 'Bulk.NotFound'), never as string literals: a test checks that every code written in src/
// is in a table and that every row here is used. No imports, so the CLI's error printer and the
// sandboxed preload can load it without zod.

export interface AppErrorEntry {
  /** What it means for the user and what to do, for when nothing more specific is known. */
  readonly meaning: string;
  /** Whether the same action may succeed when tried again (CoreError's default). */
  readonly retryable?: boolean;
  /** The input field (dotted path) it concerns, when it concerns one. */
  readonly field?: string;
  /** A mistake in what the user typed or chose: the CLI exits with status 2, not 1. */
  readonly inputMistake?: boolean;
  /** Reported as a warning (app.warning, app.status), not as a failed action. */
  readonly warning?: boolean;
}

const table = {
  // Accounts and the keychain
  'Accounts.Duplicate': {
    meaning: 'Another account already uses this base URL, key ID and customer ID. Edit that account instead.',
  },
  'Accounts.FileCorrupt': {
    meaning: 'The accounts file could not be read; it was kept aside and a new one was started.',
    warning: true,
  },
  'Accounts.ImportInvalid': {
    meaning: 'The file is not an accounts export of this app. Choose a file exported with "Export profiles".',
  },
  'Accounts.NoneSelected': { meaning: 'No account is selected. Add an account or choose the Sandbox account first.' },
  'Accounts.NotFound': { meaning: 'This account does not exist any more (it may have been removed).' },
  'Accounts.SandboxReadOnly': { meaning: 'The Sandbox account is managed by the app and cannot be changed.' },
  'Accounts.SecretMissing': {
    meaning: 'The access key secret of this account is not in the keychain. Enter it again.',
    field: 'secret',
  },
  'Accounts.VerificationFailed': { meaning: 'The credentials could not be checked against the gateway.' },
  'Keychain.Unavailable': {
    meaning: 'The system keychain is not available. Unlock or install it, then try again.',
    retryable: true,
  },
  'Tags.NotStored': {
    meaning: 'The change was saved, but its tags could not be stored. Save again to retry.',
    retryable: true,
    field: 'tags',
  },
  'Tags.Corrupt': {
    meaning: 'The tags file could not be read; it was kept aside and a new one was started.',
    warning: true,
  },
  'Tags.CleanupFailed': { meaning: 'The removed account’s tags could not be deleted.', warning: true },
  'Settings.FileCorrupt': { meaning: 'The settings file could not be read; the defaults are used.', warning: true },
  'Clock.Skew': {
    meaning: 'This computer’s clock differs from the gateway’s. Correct the system clock.',
    warning: true,
  },

  // The API client (no answer, or an answer that could not be used)
  'Network.ConnectionFailed': {
    meaning: 'The gateway could not be reached. Check the connection and the account’s base URL, then try again.',
    retryable: true,
  },
  'Network.ConnectionReset': { meaning: 'The connection to the gateway was cut. Try again.', retryable: true },
  'Network.Timeout': {
    meaning: 'The gateway did not answer in time. Check the connection and try again.',
    retryable: true,
  },
  'Network.TlsFailed': { meaning: 'The gateway’s TLS certificate was not accepted. Check the base URL.' },
  'Network.ResponseTooLarge': { meaning: 'The gateway’s answer was too large to use. Ask for less at once.' },
  'Request.Aborted': { meaning: 'The request was cancelled.' },
  'Request.InvalidInput': {
    meaning: 'The input does not fit the operation; nothing was sent. Correct the named fields.',
  },
  'Request.UnknownOperation': { meaning: 'This version of the app does not know the operation.' },
  'Response.Invalid': { meaning: 'The gateway’s answer could not be read. Check the account’s base URL.' },
  'Client.Closed': { meaning: 'The API client was closed (the account changed or the app is closing).' },
  'Config.InvalidBaseUrl': { meaning: 'The API base URL is not a valid http:// or https:// URL.' },
  'Config.InsecureBaseUrl': { meaning: 'The API base URL must use https:// (http:// only for this computer).' },
  'Config.MissingCredentials': { meaning: 'An access key ID and secret are required.' },

  // Reads through api.call
  'Api.WriteNotAllowed': {
    meaning: 'Changes go through the guarded write path, not a plain call.',
    field: 'operationId',
  },
  'Api.RevealNotAllowed': { meaning: 'Secrets can only be revealed from read operations.' },
  'Api.RevealThrottled': {
    meaning: 'Too many secrets were revealed in a short time. Wait a moment and try again.',
    retryable: true,
  },
  'Api.SecretNotFound': {
    meaning: 'There is no secret at this place in the answer (it may have changed). Read it again.',
  },

  // The guarded write path and the journal
  'Change.ConfirmationRequired': {
    meaning: 'This is a production account: confirm the change to send it.',
    inputMistake: true,
  },
  'Change.RuleTestsFlipped': {
    meaning: 'The change would make rule test expectations fail. Accept them or change it first.',
    inputMistake: true,
  },
  'Change.RuleTestsUnchecked': {
    meaning: 'The service’s rule tests could not be checked. Accept applying unchecked, or try again.',
    inputMistake: true,
  },
  'Change.OutcomeUnknown': {
    meaning: 'The change was sent but no answer came; it is not known whether it applied. Check the service.',
  },
  'Change.OutcomeCannotTell': {
    meaning: 'A read of the service could not tell whether the change applied. Decide by looking at it.',
  },
  'Change.NotApplied': { meaning: 'The change was not applied.' },
  'Change.CreatedServiceIdUnknown': {
    meaning: 'The service was created but its ID is not known. Find it by its domain with "Add by ID".',
  },
  'Change.Failed': { meaning: 'The change failed.' },
  'Journal.NotFound': {
    meaning: 'No journal entry has this ID; it may have been dropped. Refresh the journal.',
    inputMistake: true,
  },
  'Journal.AmbiguousId': {
    meaning: 'Several journal entries start with this ID. Give more of it.',
    inputMistake: true,
  },
  'Journal.NotReapplicable': { meaning: 'This change cannot be applied again through the API.' },
  'Journal.PreviousUnknown': { meaning: 'The version before this change is not known, so it cannot be applied again.' },
  'Journal.Corrupt': {
    meaning: 'The change journal could not be read; it was kept aside and a new one was started.',
    warning: true,
  },

  // Bulk changes
  'Bulk.NotFound': { meaning: 'No stored bulk batch has this ID.', inputMistake: true },
  'Bulk.AmbiguousId': { meaning: 'Several bulk batches start with this ID. Give more of it.', inputMistake: true },
  'Bulk.Running': { meaning: 'The batch is running. Wait for it or cancel it first.' },
  'Bulk.NothingToRun': { meaning: 'Nothing is left to run in this batch.' },
  'Bulk.OutcomeKnown': { meaning: 'The outcome of this item is known already; only unknown outcomes can be marked.' },
  'Bulk.TemplateNotFound': { meaning: 'There is no template of this name.' },
  'Bulk.NoTargets': { meaning: 'No known service matches this selection, or there is nothing to change.' },
  'Bulk.PlanRunning': { meaning: 'A plan with this ID is already being read.' },
  'Bulk.PlanCancelled': { meaning: 'Planning was cancelled. Nothing was changed.' },
  'Bulk.Interrupted': {
    meaning: 'A bulk change stopped when the app closed. Open Bulk changes to resume it.',
    warning: true,
  },
  'Bulk.BatchesCorrupt': { meaning: 'The bulk batches could not be read; the file was kept aside.', warning: true },
  'Bulk.TemplatesCorrupt': { meaning: 'The bulk templates could not be read; the file was kept aside.', warning: true },

  // Baselines and snapshots
  'Baselines.NotFound': { meaning: 'There is no baseline of this name.', field: 'name' },
  'Baselines.NameTaken': { meaning: 'A baseline of this name exists already: choose another name.', field: 'name' },
  'Baselines.CheckNotFound': { meaning: 'The baseline has no check of this number.' },
  'Baselines.FixSpent': { meaning: 'This Fix plan is no longer kept or was applied already. Plan the Fix again.' },
  'Baselines.InvalidDocument': {
    meaning: 'The baselines file is not valid. Choose a file exported from Baselines.',
    field: 'document',
  },
  'Baselines.NothingToExport': { meaning: 'There is no baseline to export yet: save one first.' },
  'Baselines.Corrupt': { meaning: 'The baselines could not be read; the file was kept aside.', warning: true },
  'Baselines.CleanupFailed': {
    meaning: 'The removed account’s configuration snapshots could not be deleted.',
    warning: true,
  },
  'Snapshots.Corrupt': { meaning: 'A configuration snapshot could not be read; it was kept aside.', warning: true },

  // Configuration documents (export, compare, plan, clone)
  'Config.InvalidDocument': { meaning: 'The configuration document is not valid. Choose a file exported by this app.' },
  'Config.NothingToExport': { meaning: 'There is no service to export.' },
  'Config.UnexpectedAnswer': { meaning: 'The gateway’s answer could not be read as a configuration.' },
  'Config.CloneCreatedEarlier': {
    meaning: 'A service with this domain was created earlier by a clone. Find it by its domain with "Add by ID".',
  },
  'Config.InvalidClone': { meaning: 'The clone is not valid. Correct the named fields.', inputMistake: true },
  'Config.PlanChanged': { meaning: 'The service changed since the plan was made. Plan again.' },
  'Config.ServiceNotChosen': { meaning: 'The document holds several services: choose one.', inputMistake: true },
  'Config.ServiceNotInDocument': { meaning: 'The document does not hold the chosen service.', inputMistake: true },
  'Config.PassphraseRequired': { meaning: 'This document is encrypted: enter its passphrase.', field: 'passphrase' },
  'Config.PassphraseTooShort': { meaning: 'The passphrase is too short.', field: 'passphrase' },
  'Config.WrongPassphrase': { meaning: 'Wrong passphrase: check it and try again.', field: 'passphrase' },
  'Config.Tampered': { meaning: 'The encrypted document is damaged or was changed. Export it again.' },
  'Config.UnsupportedEncryption': { meaning: 'The document is encrypted in a way this app does not open.' },

  // Service inventory, drafts, rule test suites, analytics
  'Inventory.InvalidIds': { meaning: 'The service IDs are not valid: give numbers, lists or ranges.', field: 'ids' },
  'Inventory.WriteFailed': { meaning: 'The service could not be recorded in the inventory.' },
  'Inventory.RecordFailed': { meaning: 'A service could not be recorded in the inventory.', warning: true },
  'Inventory.Corrupt': { meaning: 'The service list could not be read; the file was kept aside.', warning: true },
  'Inventory.CleanupFailed': { meaning: 'The removed account’s service list could not be deleted.', warning: true },
  'Drafts.TooLarge': { meaning: 'This draft is too large to keep.' },
  'Drafts.Corrupt': { meaning: 'Saved drafts could not be read; the file was kept aside.', warning: true },
  'Drafts.CleanupFailed': { meaning: 'The removed account’s drafts could not be deleted.', warning: true },
  'Suites.Invalid': { meaning: 'The rule test suite is not valid.', inputMistake: true },
  'Suites.NotFound': { meaning: 'The suite has no such expectation any more. Reload the suite.', inputMistake: true },
  'Suites.Full': { meaning: 'This suite holds as many expectations as it can; delete one first.' },
  'Suites.Empty': { meaning: 'The service has no rule test suite yet: save expectations from its rule tester first.' },
  'Suites.TagsUnavailable': { meaning: 'Running by tag is not available here; choose the services instead.' },
  'Suites.NoTaggedServices': { meaning: 'No listed service carries this tag.' },
  'Suites.Corrupt': { meaning: 'Rule test suites could not be read; the file was kept aside.', warning: true },
  'Suites.CleanupFailed': { meaning: 'The removed account’s rule test suites could not be deleted.', warning: true },
  'Overview.AlertsCorrupt': {
    meaning: 'The overview’s alert history could not be read; it was kept aside and a new one was started.',
    warning: true,
  },
  'Analytics.NotCached': { meaning: 'No saved data covers this while the gateway cannot be reached.', retryable: true },
  'Analytics.CacheEntryCorrupt': {
    meaning: 'Saved traffic data could not be read; it is fetched again.',
    warning: true,
  },
  'Bundle.NotJson': { meaning: 'This file is not a statistics bundle: it is not valid JSON.' },
  'Bundle.NotBundle': { meaning: 'This file is not a statistics bundle of this app.' },
  'Bundle.UnsupportedVersion': { meaning: 'This bundle was written by a newer version of the app.' },
  'Bundle.Invalid': { meaning: 'This bundle is damaged or incomplete. It was not opened.' },
  'Bundle.Tampered': { meaning: 'This bundle was changed after it was exported. It was not opened.' },

  // The IPC boundary and the hosts
  'Ipc.InvalidInput': { meaning: 'The input is not valid. Correct the named fields.', inputMistake: true },
  'Ipc.InvalidOutput': { meaning: 'The application answered with data it should not have. Please report a problem.' },
  'Ipc.NoHandler': { meaning: 'This action is not available in this version of the app.' },
  'Ipc.UnknownChannel': { meaning: 'This action is not known to this version of the app.' },
  'Ipc.UntrustedSender': { meaning: 'The request did not come from the application window.' },
  'Ipc.PayloadTooLarge': { meaning: 'The request is too large or too deeply nested.' },
  'Internal.Error': { meaning: 'Unexpected error in the application. Please try again.' },
  'Core.Disposed': { meaning: 'The application is shutting down.' },
  'Host.Unreachable': {
    meaning: 'The console server cannot be reached. Check that it is still running.',
    retryable: true,
  },
  'Host.Unauthorized': {
    meaning: 'The console server did not accept this page. Open the link the server printed again.',
  },
  'Host.BadResponse': { meaning: 'The console server answered with something unexpected.' },
  'Host.MethodNotAllowed': { meaning: 'The console server expects POST for actions.' },
  'Host.FileReadFailed': { meaning: 'The file could not be read.' },
  'Host.FileTooLarge': { meaning: 'The file is too large to open.' },
  'Host.FileWriteFailed': { meaning: 'The file could not be saved. Choose another folder.' },

  // Raised in the renderer itself
  'Client.ChannelMissing': { meaning: 'This version of the app does not offer this action.' },
  'Client.Error': { meaning: 'Something went wrong in this window.' },
  'Traffic.InvalidSelection': { meaning: 'The selection is not valid.', inputMistake: true },
} as const satisfies Record<string, AppErrorEntry>;

/** Every code the application raises itself. */
export type AppErrorCode = keyof typeof table;

export const appErrorTable: Readonly<Record<AppErrorCode, AppErrorEntry>> = table;

type AreaOf<C extends string> = C extends `${infer Area}.${string}` ? Area : never;

/** The codes by area: Bulk.NotFound is 'Bulk.NotFound'. */
export type AppCodes = {
  readonly [Area in AreaOf<AppErrorCode>]: {
    readonly [C in AppErrorCode as C extends `${Area}.${infer Name}` ? Name : never]: C;
  };
};

function codesByArea(): AppCodes {
  const areas: Record<string, Record<string, string>> = {};
  for (const code of Object.keys(table)) {
    const [area, name] = code.split('.');
    (areas[area] ??= {})[name] = code;
  }
  for (const names of Object.values(areas)) Object.freeze(names);
  return Object.freeze(areas) as unknown as AppCodes;
}

/** The constants code uses for the app's own error codes (one source: the table above). */
export const AppCode: AppCodes = codesByArea();

export function isAppErrorCode(code: string): code is AppErrorCode {
  return Object.hasOwn(table, code);
}

export function findAppError(code: string): AppErrorEntry | undefined {
  return isAppErrorCode(code) ? table[code] : undefined;
}
