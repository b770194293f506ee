// A check's parameters as the baseline editor types them: one field per parameter (its control
// from the check's `fields`), converted to the parameters object and checked by the check's own
// zod schema, so the editor, the core and an imported document apply the same rules and messages.
// Each problem is reported on its field. Pure.
import { durationUnits, splitSeconds, type DurationUnit } from '../api/duration-units.ts';
import { checkParametersById } from './check-parameters.ts';
import type { ParamField } from './check-types.ts';

/** What a field holds while typed: text, a switch, chosen values, a list, or seconds with a unit. */
type ParamFormValue = string | boolean | string[] | { value: string; unit: DurationUnit };
export type ParamForm = Record<string, ParamFormValue>;

export type ParamFieldView = ParamField & { key: string };

/** The check's fields in the order it declares them. */
export function paramFieldsOf(checkId: string): ParamFieldView[] {
  const check = checkParametersById(checkId);
  return check ? Object.entries(check.fields).map(([key, field]) => ({ ...field, key })) : [];
}

/** The form of a check's parameters (missing ones take the check's defaults). */
export function paramFormOf(checkId: string, params: Record<string, unknown>): ParamForm {
  const check = checkParametersById(checkId);
  const parsed = check?.params.safeParse({});
  const defaults = parsed?.success ? (parsed.data as Record<string, unknown>) : {};
  const form: ParamForm = {};
  for (const field of paramFieldsOf(checkId)) {
    const value = params[field.key] ?? defaults[field.key];
    switch (field.kind) {
      case 'switch':
        form[field.key] = value === true;
        break;
      case 'choices':
      case 'list':
        form[field.key] = Array.isArray(value) ? value.map(String) : [];
        break;
      case 'seconds':
        form[field.key] =
          typeof value === 'number'
            ? splitSeconds(value)
            : { value: value === undefined ? '' : String(value), unit: 's' };
        break;
      default:
        form[field.key] = value === undefined || value === null ? '' : String(value);
    }
  }
  return form;
}

const WHOLE = /^\d+$/;

/**
 * The parameters a form stands for, or the problem of each field (by parameter name). A number
 * that is not a whole number is named here, in the unit the user chose; every other rule is the
 * check's schema's.
 */
export function paramsFromForm(
  checkId: string,
  form: ParamForm,
): { ok: true; params: Record<string, unknown> } | { ok: false; errors: Record<string, string> } {
  const check = checkParametersById(checkId);
  if (!check) return { ok: false, errors: { '': `Unknown check ${checkId}.` } };
  const params: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of paramFieldsOf(checkId)) {
    const value = form[field.key];
    switch (field.kind) {
      case 'switch':
        params[field.key] = value === true;
        break;
      case 'choices':
      case 'list':
        params[field.key] = Array.isArray(value) ? value : [];
        break;
      case 'count': {
        const text = typeof value === 'string' ? value.trim() : '';
        if (!WHOLE.test(text)) errors[field.key] = `${field.label}: enter a whole number of ${field.unit}.`;
        else params[field.key] = Number(text);
        break;
      }
      case 'seconds': {
        const typed = typeof value === 'object' && !Array.isArray(value) ? value : { value: '', unit: 's' as const };
        const unit = durationUnits.find((u) => u.id === typed.unit) ?? durationUnits[0];
        const text = typed.value.trim();
        if (!WHOLE.test(text)) errors[field.key] = `${field.label}: enter a whole number of ${unit.label}, 0 or more.`;
        else params[field.key] = Number(text) * unit.seconds;
        break;
      }
      case 'text': {
        const text = typeof value === 'string' ? value.trim() : '';
        if (!(field.optional && text === '')) params[field.key] = text;
        break;
      }
      case 'choice':
        params[field.key] = typeof value === 'string' ? value : '';
        break;
    }
  }
  const parsed = check.params.safeParse(params);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (errors[key] !== undefined) continue;
      const item =
        issue.path.length > 1 && typeof issue.path[1] === 'number'
          ? (params[key] as unknown[] | undefined)?.[issue.path[1]]
          : undefined;
      errors[key] = item === undefined ? issue.message : `${String(item)}: ${issue.message}`;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, params };
}

/** The problem of one entry of a list field (for the list's own input), or null. */
export function paramListEntryProblem(checkId: string, key: string, entry: string): string | null {
  const check = checkParametersById(checkId);
  const result = check?.params.safeParse({ [key]: [entry] });
  if (!result || result.success) return null;
  return result.error.issues.find((i) => i.path[0] === key && i.path[1] === 0)?.message ?? null;
}
