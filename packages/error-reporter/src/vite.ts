import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { releaseOf } from '@kaja/config/release';
import type { Plugin } from 'vite';

export interface ErrorReportingBuildOptions {
  /** The repository's root: the maps name sources relative to it (`apps/dashboard/src/main.tsx`). */
  root: string;
  /** The directory of the browser build, which the platform serves. */
  servedDir: string;
  /** Where its source maps go instead: beside the build, never served; the API reads them (decision 063). */
  sourceMapDir: string;
}

/**
 * Error reporting's part of a web app's build: the release the reports carry (`import.meta.env.KAJA_RELEASE`)
 * and source maps that stay on the server. The built scripts carry no `sourceMappingURL` ('hidden'), the
 * maps hold no sources (the repository has them), and they are moved out of the served directory.
 */
export function errorReportingBuild({ root, servedDir, sourceMapDir }: ErrorReportingBuildOptions): Plugin {
  return {
    name: 'kaja-error-reporting-build',
    apply: 'build',
    config: () => ({
      define: { 'import.meta.env.KAJA_RELEASE': JSON.stringify(releaseOf(root)) },
    }),
    configEnvironment: (name) =>
      name === 'client'
        ? {
            build: {
              sourcemap: 'hidden',
              rollupOptions: {
                output: {
                  sourcemapExcludeSources: true,
                  sourcemapPathTransform: (source: string, mapPath: string) => relative(root, resolve(dirname(mapPath), source)),
                },
              },
            },
          }
        : undefined,
    buildStart() {
      if (this.environment.name === 'client') rmSync(sourceMapDir, { recursive: true, force: true });
    },
    writeBundle(output, bundle) {
      if (!output.dir || resolve(output.dir) !== resolve(servedDir)) return;
      for (const name of Object.keys(bundle)) {
        if (!name.endsWith('.map')) continue;
        const target = join(sourceMapDir, name);
        mkdirSync(dirname(target), { recursive: true });
        renameSync(join(output.dir, name), target);
      }
    },
  };
}
