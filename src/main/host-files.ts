// host.saveFile / host.openFile for the Electron host: native dialogs, the file is read or
// written in main. The renderer never gets a path or any other file-system access.
import { AppCode } from '#shared/app-errors.ts';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { failure, success, type IpcResult } from '#shared/ipc/result.ts';

const MAX_OPEN_BYTES = 50 * 1024 * 1024;

const saveFileSchema = z.strictObject({
  suggestedName: z.string().min(1).max(255),
  mimeType: z.string().max(200),
  content: z.union([z.string(), z.instanceof(Uint8Array)]),
});
const openFileSchema = z.strictObject({ accept: z.array(z.string().max(200)).max(50) });

/** The dialog functions used, shaped like Electron's `dialog` bound to our window. */
export type HostDialogs = {
  showSaveDialog(options: {
    defaultPath: string;
    filters: { name: string; extensions: string[] }[];
  }): Promise<{ canceled: boolean; filePath?: string }>;
  showOpenDialog(options: {
    properties: ['openFile'];
    filters: { name: string; extensions: string[] }[];
  }): Promise<{ canceled: boolean; filePaths: string[] }>;
};

const mimeExtensions: Readonly<Record<string, string[]>> = {
  'application/json': ['json'],
  'text/csv': ['csv'],
  'text/plain': ['txt'],
  'application/zip': ['zip'],
};

/** `<input accept>` style list (".json", "application/json") → dialog extensions. */
export function acceptToExtensions(accept: readonly string[]): string[] {
  const extensions = new Set<string>();
  for (const item of accept) {
    const value = item.trim().toLowerCase();
    if (value.startsWith('.') && /^\.[a-z0-9]+$/.test(value)) extensions.add(value.slice(1));
    else for (const ext of mimeExtensions[value] ?? []) extensions.add(ext);
  }
  return [...extensions];
}

/** A file name with no directory parts or characters that Windows refuses. */
export function safeFileName(name: string): string {
  const cleaned = basename(name.replace(/\\/g, '/'))
    .replace(/[<>:"/\\|?*]/g, '_')
    .split('')
    .filter((ch) => ch.charCodeAt(0) >= 0x20)
    .join('')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'export' : cleaned;
}

function invalid(message: string): IpcResult<never> {
  return failure(AppCode.Ipc.InvalidInput, message);
}

export function createHostFileHandlers(dialogs: HostDialogs, defaultDir: () => string) {
  return {
    async saveFile(input: unknown): Promise<IpcResult<boolean>> {
      const parsed = saveFileSchema.safeParse(input);
      if (!parsed.success) return invalid('saveFile needs { suggestedName, mimeType, content }.');
      const { suggestedName, mimeType, content } = parsed.data;
      const name = safeFileName(suggestedName);
      const dot = name.lastIndexOf('.');
      const extensions = dot > 0 ? [name.slice(dot + 1).toLowerCase()] : acceptToExtensions([mimeType]);
      const filters = extensions.length > 0 ? [{ name: extensions.join(', ').toUpperCase(), extensions }] : [];
      const choice = await dialogs.showSaveDialog({
        defaultPath: join(defaultDir(), name),
        filters: [...filters, { name: 'All files', extensions: ['*'] }],
      });
      if (choice.canceled || !choice.filePath) return success(false);
      try {
        await writeFile(choice.filePath, content);
      } catch (error) {
        return failure(
          AppCode.Host.FileWriteFailed,
          `Could not save the file: ${(error as NodeJS.ErrnoException).code ?? 'write error'}. Choose another folder.`,
        );
      }
      return success(true);
    },

    async openFile(input: unknown): Promise<IpcResult<{ name: string; content: string } | null>> {
      const parsed = openFileSchema.safeParse(input);
      if (!parsed.success) return invalid('openFile needs { accept: string[] }.');
      const extensions = acceptToExtensions(parsed.data.accept);
      const choice = await dialogs.showOpenDialog({
        properties: ['openFile'],
        filters: extensions.length > 0 ? [{ name: extensions.join(', ').toUpperCase(), extensions }] : [],
      });
      const path = choice.filePaths[0];
      if (choice.canceled || !path) return success(null);
      try {
        if ((await stat(path)).size > MAX_OPEN_BYTES) {
          return failure(AppCode.Host.FileTooLarge, 'The file is larger than 50 MB and cannot be opened.');
        }
        return success({ name: basename(path), content: await readFile(path, 'utf8') });
      } catch (error) {
        return failure(
          AppCode.Host.FileReadFailed,
          `Could not read the file: ${(error as NodeJS.ErrnoException).code ?? 'read error'}.`,
        );
      }
    },
  };
}
