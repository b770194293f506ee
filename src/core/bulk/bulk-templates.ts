// Bulk templates: a change saved under a name (<dataDir>/bulk-templates.json, through the one JSON
// document store), listed, planned from by name, and deleted. Names are matched without regard to
// case ("Shop CORS" = "shop cors").
import { AppCode } from '#shared/app-errors.ts';
import { join } from 'node:path';
import { z } from 'zod';
import { CoreError } from '../errors.ts';
import { createJsonDocument } from '../storage/json-document.ts';
import type { StoreOptions } from './bulk-store.ts';
import { bulkTemplateSchema, type BulkTemplate } from '#shared/bulk/batch.ts';
import type { BulkChange } from '#shared/bulk/change.ts';

export const BULK_TEMPLATES_FILE = 'bulk-templates.json';

const templatesFileSchema = z.object({ version: z.literal(1), templates: z.array(bulkTemplateSchema) });

export type TemplateStore = {
  list(): Promise<BulkTemplate[]>;
  get(name: string): Promise<BulkTemplate | undefined>;
  save(template: BulkTemplate): Promise<void>;
  remove(name: string): Promise<boolean>;
};

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function createTemplateStore(options: StoreOptions): TemplateStore {
  const document = createJsonDocument({
    path: join(options.dataDir, BULK_TEMPLATES_FILE),
    schema: templatesFileSchema,
    empty: () => ({ version: 1 as const, templates: [] }),
    now: options.now,
    corruptWarning: options.corruptWarning,
    onWarning: options.onWarning,
  });
  return {
    async list() {
      return [...(await document.read()).templates].sort((a, b) => a.name.localeCompare(b.name));
    },
    async get(name) {
      return (await document.read()).templates.find((t) => sameName(t.name, name));
    },
    async save(template) {
      await document.update((file) => {
        file.templates = [...file.templates.filter((t) => !sameName(t.name, template.name)), template];
      });
    },
    remove(name) {
      return document.update((file, control) => {
        const before = file.templates.length;
        file.templates = file.templates.filter((t) => !sameName(t.name, name));
        if (file.templates.length === before) control.skipWrite();
        return file.templates.length !== before;
      });
    },
  };
}

export type BulkTemplates = {
  list(): Promise<BulkTemplate[]>;
  save(name: string, change: BulkChange): Promise<BulkTemplate>;
  remove(name: string): Promise<void>;
  /** The change a plan request gives, or the one of the template it names (Bulk.TemplateNotFound). */
  changeFor(request: { change?: BulkChange; template?: string }): Promise<BulkChange>;
};

export function createBulkTemplates(store: TemplateStore, now: () => Date): BulkTemplates {
  return {
    list: () => store.list(),
    async save(name, change) {
      const template: BulkTemplate = { name: name.trim(), change, savedAt: now().toISOString() };
      await store.save(template);
      return template;
    },
    async remove(name) {
      if (!(await store.remove(name))) {
        throw new CoreError(AppCode.Bulk.TemplateNotFound, `There is no template named “${name}”.`);
      }
    },
    async changeFor(request) {
      if (request.change !== undefined) return request.change;
      const template = request.template === undefined ? undefined : await store.get(request.template);
      if (!template)
        throw new CoreError(
          AppCode.Bulk.TemplateNotFound,
          `There is no template named “${request.template ?? ''}”. Choose a saved template or give the change.`,
        );
      return template.change;
    },
  };
}
