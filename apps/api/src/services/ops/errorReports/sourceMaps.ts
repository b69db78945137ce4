import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { ErrorFrame } from '@kaja/db';

/** Where each web app's build keeps its source maps, by the built file's path (`assets/index-x.js` → `assets/index-x.js.map`). */
export type SourceMapDirectories = Partial<Record<'site' | 'dashboard', string>>;

// A built script's address path: hashed names under the app's root, nothing that climbs out of it.
const builtScriptPath = /^\/(?:[\w-]+\/)*[\w.-]+\.js$/;
const cacheSize = 50;

/**
 * Maps browser stack frames back to the sources with the build's source maps, which stay on the server
 * (never served: decision 063). Maps are read once and kept while the same file is on disk.
 */
export class SourceMapper {
  private readonly cache = new Map<string, { modified: number; map: TraceMap | null }>();

  constructor(private readonly directories: SourceMapDirectories) {}

  map(app: 'site' | 'dashboard', frame: ErrorFrame): ErrorFrame {
    const directory = this.directories[app];
    if (!directory || frame.line === null || frame.column === null) return frame;
    let path: string;
    try {
      path = new URL(frame.file).pathname;
    } catch {
      return frame;
    }
    if (!builtScriptPath.test(path) || path.includes('..')) return frame;
    const traceMap = this.load(join(directory, `${path}.map`));
    if (!traceMap) return frame;
    // Browsers count columns from 1, source maps from 0.
    const original = originalPositionFor(traceMap, { line: frame.line, column: Math.max(0, frame.column - 1) });
    if (original.source === null || original.line === null) return frame;
    return { file: original.source, line: original.line, column: original.column + 1, function: original.name ?? frame.function, mapped: true };
  }

  private load(file: string): TraceMap | null {
    let modified: number;
    try {
      modified = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    const cached = this.cache.get(file);
    if (cached && cached.modified === modified) return cached.map;
    let map: TraceMap | null;
    try {
      map = new TraceMap(readFileSync(file, 'utf8'));
    } catch {
      map = null;
    }
    if (this.cache.size >= cacheSize) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(file, { modified, map });
    return map;
  }
}
