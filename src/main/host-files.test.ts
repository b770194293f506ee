import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptToExtensions, createHostFileHandlers, safeFileName, type HostDialogs } from './host-files.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'accel-host-files-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function dialogs(overrides: Partial<HostDialogs> = {}): HostDialogs {
  return {
    showSaveDialog: vi.fn(async () => ({ canceled: true })),
    showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })),
    ...overrides,
  };
}

describe('host.saveFile', () => {
  it('writes text and binary content where the user chose, suggesting a safe name', async () => {
    const target = join(dir, 'out.json');
    const fake = dialogs({ showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: target })) });
    const files = createHostFileHandlers(fake, () => dir);
    expect(
      await files.saveFile({
        suggestedName: '../../etc/accounts.json',
        mimeType: 'application/json',
        content: '{"a":1}',
      }),
    ).toEqual({ ok: true, data: true });
    expect(await readFile(target, 'utf8')).toBe('{"a":1}');
    expect(fake.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ defaultPath: join(dir, 'accounts.json') }),
    );
    await files.saveFile({
      suggestedName: 'b.bin',
      mimeType: 'application/octet-stream',
      content: new Uint8Array([1, 2, 255]),
    });
    expect([...(await readFile(target))]).toEqual([1, 2, 255]);
  });

  it('answers false when cancelled and refuses malformed requests', async () => {
    const files = createHostFileHandlers(dialogs(), () => dir);
    expect(await files.saveFile({ suggestedName: 'a.txt', mimeType: 'text/plain', content: 'x' })).toEqual({
      ok: true,
      data: false,
    });
    expect(await files.saveFile({ suggestedName: 'a.txt', content: 5 })).toMatchObject({
      ok: false,
      error: { code: 'Ipc.InvalidInput' },
    });
  });
});

describe('host.openFile', () => {
  it('reads the chosen file with filters from the accept list', async () => {
    const source = join(dir, 'in.json');
    await writeFile(source, '{"hello":true}');
    const fake = dialogs({ showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: [source] })) });
    const files = createHostFileHandlers(fake, () => dir);
    expect(await files.openFile({ accept: ['.json', 'application/json', 'text/csv'] })).toEqual({
      ok: true,
      data: { name: 'in.json', content: '{"hello":true}' },
    });
    expect(fake.showOpenDialog).toHaveBeenCalledWith(
      expect.objectContaining({ filters: [{ name: 'JSON, CSV', extensions: ['json', 'csv'] }] }),
    );
  });

  it('answers null when cancelled and reports unreadable files', async () => {
    expect(await createHostFileHandlers(dialogs(), () => dir).openFile({ accept: [] })).toEqual({
      ok: true,
      data: null,
    });
    const missing = dialogs({
      showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: [join(dir, 'missing')] })),
    });
    expect(await createHostFileHandlers(missing, () => dir).openFile({ accept: [] })).toMatchObject({
      ok: false,
      error: { code: 'Host.FileReadFailed' },
    });
  });
});

describe('helpers', () => {
  it('maps accept lists to extensions', () => {
    expect(acceptToExtensions(['.JSON', 'text/plain', 'image/*', '.tar.gz'])).toEqual(['json', 'txt']);
  });

  it('makes file names safe', () => {
    expect(safeFileName('a/b\\c:d?.json')).toBe('c_d_.json');
    expect(safeFileName('..')).toBe('export');
    expect(safeFileName('x\u0000y.csv')).toBe('xy.csv');
  });
});
