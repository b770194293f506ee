export { default as FormField } from './form-field.svelte';
export type { FieldControlAttrs } from './form-field.svelte';
export { default as Modal } from './modal.svelte';
export { default as ConfirmDialog } from './confirm-dialog.svelte';
export { default as Tabs } from './tabs.svelte';
export { default as Badge } from './badge.svelte';
export { default as ToastRegion } from './toast-region.svelte';
export { default as SecretInput } from './secret-input.svelte';
export { default as CopyButton } from './copy-button.svelte';
// Added by the policies engineer's screens (owned by them).
export { default as DiffView } from './diff-view.svelte';
export { default as TagListInput } from './tag-list-input.svelte';
export { formatDateTime } from './format-date.ts';
export type { DateZone, FormatDateOptions } from './format-date.ts';
export { default as SearchBox } from './search-box.svelte';
export { default as ErrorSummary } from './error-summary.svelte';
export { FieldIndex, provideFieldIndex, focusField, focusFirstInvalid } from './form-errors.svelte.ts';
