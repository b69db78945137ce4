// A benchmark asked for `--help` prints how it is run and stops before it measures anything. Each
// benchmark's usage is its opening comment (the `npm run bench:…` line and what it prints), so
// that text has one home and `--help` cannot drift from it.
import { readFileSync } from 'node:fs';

/** The opening `//` or `/* … *\/` comment of a script, without its comment marks. */
export function openingComment(source: string): string {
  const block = /^\s*\/\*([\s\S]*?)\*\//.exec(source);
  if (block) return block[1]!.replace(/^[ \t]*\* ?/gm, '').trim();
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    if (!line.startsWith('//')) break;
    lines.push(line.replace(/^\/\/ ?/, ''));
  }
  return lines.join('\n').trim();
}

/**
 * With `--help` or `-h` among the arguments: prints the running script's opening comment (and
 * `options`, when given) and ends the process. Call it before reading any other argument.
 */
export function exitWithUsageOnHelp(options = ''): void {
  const args = process.argv.slice(2);
  if (!args.includes('--help') && !args.includes('-h')) return;
  const usage = openingComment(readFileSync(process.argv[1]!, 'utf8'));
  console.log(options ? `${usage}\n\n${options}` : usage);
  process.exit(0);
}
