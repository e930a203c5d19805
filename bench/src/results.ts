import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A run's results as `bench/results/<name>.json` and `.md` (the folder made when missing): the JSON for
 * tools, the Markdown for people. Returns the two files' common path, relative to the repository.
 */
export const writeResults = (root: string, name: string, json: unknown, markdown: string) => {
  const base = path.join(root, 'bench/results', name);
  mkdirSync(path.dirname(base), { recursive: true });
  writeFileSync(`${base}.json`, `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(`${base}.md`, markdown.endsWith('\n') ? markdown : `${markdown}\n`);
  return path.relative(root, base);
};
