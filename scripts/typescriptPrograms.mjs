// The TypeScript programs the type check (scripts/checks.mjs) and lint (eslint.config.js) build: one
// for every workspace that takes the base options as they are (the servers and the packages they
// share, which each workspace's own program read again: a dozen programs over mostly the same files),
// and one for each workspace with options of its own (the web apps, the UI kit, the SDK and the
// command line: the DOM, JSX, export conditions).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

const root = join(dirname(new URL(import.meta.url).pathname), '..');

/** Workspaces with a type check (a `typecheck` script), each with its tsconfig.json as TypeScript reads it. */
function typecheckedWorkspaces() {
  return ['apps', 'packages']
    .flatMap((dir) => readdirSync(join(root, dir)).map((name) => `${dir}/${name}`))
    .filter((workspace) => JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')).scripts?.typecheck)
    .map((workspace) => {
      const { config, error } = ts.readConfigFile(join(root, workspace, 'tsconfig.json'), ts.sys.readFile);
      if (error) throw new Error(`${workspace}/tsconfig.json: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
      return { workspace, config };
    });
}

/**
 * Writes the combined program's tsconfig (generated, under node_modules/.cache, so that a new
 * server workspace joins it without an edit) and answers the programs, paths from the repository's
 * root. `name` names the file; `extraInclude` adds files no workspace's tsconfig includes (lint reads
 * the root's Vitest config and the API's benchmarks, which the type check leaves out).
 */
export function typescriptPrograms({ name = 'tsconfig.json', extraInclude = [] } = {}) {
  const workspaces = typecheckedWorkspaces();
  const plain = workspaces.filter(
    ({ config }) => config.extends === '../../tsconfig.base.json' && Object.keys(config).every((key) => key === 'extends' || key === 'include'),
  );
  const combined = join(root, 'node_modules/.cache/kaja-checks', name);
  mkdirSync(dirname(combined), { recursive: true });
  const fromCombined = (path) => relative(dirname(combined), join(root, path));
  const include = [
    ...new Set([
      ...plain.flatMap(({ workspace, config }) => config.include.map((path) => fromCombined(join(workspace, path)))),
      ...extraInclude.map(fromCombined),
    ]),
  ];
  const text = JSON.stringify({ extends: fromCombined('tsconfig.base.json'), include }, null, 2);
  // Rewritten only when it changed: an editor's TypeScript server watches the file.
  let previous = null;
  try {
    previous = readFileSync(combined, 'utf8');
  } catch {
    // Not written yet.
  }
  if (previous !== text) writeFileSync(combined, text);
  return {
    combined: { tsconfig: relative(root, combined), workspaces: plain.map(({ workspace }) => workspace) },
    own: workspaces.filter((workspace) => !plain.includes(workspace)).map(({ workspace }) => ({ workspace, tsconfig: `${workspace}/tsconfig.json` })),
  };
}
