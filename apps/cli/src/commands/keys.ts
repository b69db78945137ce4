import type { Command } from 'commander';
import type { Kaja } from '@kaja/sdk';
import { clientOf } from '../client';
import { CliError, exitCodes, usageError } from '../exitCodes';
import { print, type Output } from '../output';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `zone:name:type` or `name:type` (every allowed zone), `!` in front to deny: one record policy. */
function recordPolicy(text: string): { zone?: string; name: string; type: string; allow: boolean } {
  const allow = !text.startsWith('!');
  const parts = (allow ? text : text.slice(1)).split(':');
  if (parts.length === 2) return { name: parts[0]!, type: parts[1]!, allow };
  if (parts.length === 3) return { zone: parts[0]!, name: parts[1]!, type: parts[2]!, allow };
  throw usageError(`--record ${text}: write [!][zone:]name:type, e.g. example.com:home:A or '!*:NS'`);
}

/** The user the new key is for: the one given, or the customer's only user. */
async function userId(kaja: Kaja, given: string | undefined): Promise<string> {
  if (given) return given;
  const users = await kaja.all((page) => kaja.api.GET('/v1/users', { params: { query: page } }));
  if (users.length === 1) return users[0]!.id;
  throw new CliError(`Your customer has ${users.length} users: name the key's with --user ID (kaja keys create --help)`, exitCodes.usage);
}

export function keysCommand(program: Command, output: () => Output): void {
  const keys = program.command('keys').description('API keys');
  const global = () => program.opts<{ apiUrl?: string }>();

  keys
    .command('create <name>')
    .description('Create an API key with scopes and restrictions; its secret is shown this once. Needs customers:write, and no scope the calling key lacks')
    .requiredOption('--scope <scope>', 'a scope, e.g. records:write (repeat for more)', collect)
    .option('--zone <zone>', 'only this zone (repeat for more)', collect)
    .option('--record <policy>', '[!][zone:]name:type the key may (or with ! may not) change (repeat for more)', collect)
    .option('--cidr <cidr>', 'only from this client network (repeat for more)', collect)
    .option('--expires-in <days>', 'the key expires after this many days', (value) => Number(value))
    .option('--user <id>', 'the user the key belongs to (default: your customer’s only user)')
    .action(async (name: string, options: { scope: string[]; zone?: string[]; record?: string[]; cidr?: string[]; expiresIn?: number; user?: string }) => {
      if (options.expiresIn !== undefined && !(options.expiresIn > 0)) throw usageError('--expires-in must be a number of days above 0');
      const restrictions = {
        ...(options.zone ? { allowed_zones: options.zone } : {}),
        ...(options.record ? { record_policies: options.record.map(recordPolicy) } : {}),
        ...(options.cidr ? { allowed_cidrs: options.cidr } : {}),
      };
      const kaja = clientOf(global());
      const key = await kaja.data(
        kaja.api.POST('/v1/users/{userId}/apikeys', {
          params: { path: { userId: await userId(kaja, options.user) } },
          body: {
            name,
            scopes: options.scope,
            restrictions,
            ...(options.expiresIn ? { expires_at: new Date(Date.now() + options.expiresIn * 86_400_000).toISOString() } : {}),
          },
        }),
      );
      print(output(), key, () => `Created key ${key.name} (${key.id}), scopes ${key.scopes.join(', ')}.\nIts secret, shown this once:\n${key.key}`);
    });
}
