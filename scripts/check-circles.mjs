// npm run circles (part of `npm run check`): fails when a source file imports, through any chain, a file that
// imports it back, type-only imports included. An import circle hides which module owns a rule and makes load
// order matter; the one allowed shape is the deliberate lazy pair of a feature's form values and its
// validation (`x-form-values.ts` loads `x-validation.ts` with import() so zod stays out of the first paint,
// and the validation imports the values' types back). Uses the TypeScript compiler's own pre-processing and
// module resolution, so it reads imports exactly as `tsc` does.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages/domain/src', 'bench/src', 'e2e'];
const SOURCE = /\.(ts|tsx|mts)$/;
const IS_TEST = /\.(test|spec)\.tsx?$|\/test-setup\.ts$/;

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : walk(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !IS_TEST.test(full) ? [full] : [];
  });

const files = SOURCE_ROOTS.flatMap((root) => {
  try {
    return walk(path.join(ROOT, root));
  } catch {
    return [];
  }
});
const known = new Set(files);
const options = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
};
const host = ts.createCompilerHost(options);

/** file → the project files it imports (static, dynamic and type-only alike). */
const edges = new Map();
for (const file of files) {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = new Set();
  for (const ref of info.importedFiles) {
    if (!ref.fileName.startsWith('.') && !ref.fileName.startsWith('@karya/')) continue;
    const resolved = ts.resolveModuleName(ref.fileName, file, options, host).resolvedModule?.resolvedFileName;
    if (resolved && known.has(path.resolve(resolved))) targets.add(path.resolve(resolved));
  }
  edges.set(file, targets);
}

// Tarjan's strongly connected components: every component of more than one file is a circle.
let index = 0;
const stack = [];
const state = new Map();
const components = [];
const visit = (v) => {
  state.set(v, { index, low: index, onStack: true });
  index += 1;
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    if (!state.has(w)) {
      visit(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
  }
  if (state.get(v).low === state.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component.map((f) => path.relative(ROOT, f)).sort());
  }
};
for (const file of files) if (!state.has(file)) visit(file);

const lazyPair = (c) => {
  if (c.length !== 2) return false;
  const [a, b] = c;
  const values = [a, b].find((f) => f.endsWith('-form-values.ts'));
  const validation = [a, b].find((f) => f.endsWith('-validation.ts'));
  return Boolean(values && validation) && path.dirname(values) === path.dirname(validation);
};

const allowed = components.filter(lazyPair);
const circles = components.filter((c) => !lazyPair(c));
if (circles.length > 0) {
  console.error(`${circles.length} import circle(s) (a file imports, through the others, itself):`);
  for (const c of circles) console.error(`  ${c.join(' ↔ ')}`);
  console.error('Move what both need into a third file that neither imports back.');
  process.exit(1);
}
console.log(
  `no import circles in ${files.length} files (${allowed.length} deliberate lazy form-values ↔ validation pairs)`,
);
