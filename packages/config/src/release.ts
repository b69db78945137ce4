import { execFileSync } from 'node:child_process';

/**
 * The release a build or a running server reports its errors under: `KAJA_RELEASE` when the deployment
 * names it, else the commit of the checkout it was built from (`git describe`, `-dirty` with changes),
 * else `unknown` (a copy without its history).
 */
export function releaseOf(directory: string, env: NodeJS.ProcessEnv = process.env): string {
  const named = env.KAJA_RELEASE?.trim();
  if (named) return named.slice(0, 100);
  try {
    return execFileSync('git', ['describe', '--always', '--dirty'], { cwd: directory, stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 })
      .toString()
      .trim()
      .slice(0, 100);
  } catch {
    return 'unknown';
  }
}
