// Writes resources/openapi.json from the operation table (npm run openapi). Never edit the output.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '#shared/api/openapi.ts';

export const openApiPath = fileURLToPath(new URL('../resources/openapi.json', import.meta.url));

/** The document as committed: 2-space JSON with a trailing newline. */
export function renderOpenApi(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
    license: string;
  };
  return `${JSON.stringify(buildOpenApiDocument({ version: pkg.version, license: pkg.license }), null, 2)}\n`;
}

// Write only when run as the script (the test imports renderOpenApi).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(openApiPath, renderOpenApi());
  console.log(`wrote ${openApiPath}`);
}
