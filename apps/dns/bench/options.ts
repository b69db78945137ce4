// The benchmarks' numeric flags (`--runs 5`), read one way: each is a whole number no smaller than
// its least value (1 unless said), or the benchmark stops at once, naming the flag.
import { parseArgs } from 'node:util';
import { exitWithUsageOnHelp } from '@kaja/test-support/benchUsage';

type Flag = number | { default: number; least: number };

/** The flags given, by name, with their defaults for those not given. */
export function wholeNumberFlags<Name extends string>(flags: Record<Name, Flag>): Record<Name, number> {
  const entries = Object.entries<Flag>(flags).map(([name, flag]) => [name, typeof flag === 'number' ? { default: flag, least: 1 } : flag] as const);
  exitWithUsageOnHelp(
    [
      'Options:',
      ...entries.map(([name, flag]) => `  --${name} N`.padEnd(24) + `default ${flag.default}, at least ${flag.least}`),
      '  --help'.padEnd(24) + 'show this text',
    ].join('\n'),
  );
  const { values } = parseArgs({ options: Object.fromEntries(entries.map(([name, flag]) => [name, { type: 'string', default: String(flag.default) }])) });
  const read: Record<string, number> = {};
  for (const [name, { least }] of entries) {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < least) throw new Error(`--${name} must be a whole number of at least ${least}`);
    read[name] = value;
  }
  return read;
}
