import { apiScopes } from '@kaja/catalog';
import type { Role } from '@kaja/db';
import { invalid } from '../../errors';

const resources = [...new Set(apiScopes.map((scope) => scope.split(':')[0]!))];

/** What each role may do at most; an API key never does more than its user's role. */
export function roleScopes(role: Role): string[] {
  if (role === 'member') return ['customers:read', 'zones:*', 'records:*', 'dnssec:*'];
  return resources.map((resource) => `${resource}:*`);
}

/** True when `granted` includes `needed` directly or through `<resource>:*`. */
export function grants(granted: readonly string[], needed: string): boolean {
  const [resource] = needed.split(':');
  return granted.includes(needed) || granted.includes(`${resource}:*`);
}

export const isKnownScope = (scope: string) => (apiScopes as readonly string[]).includes(scope) || resources.some((resource) => scope === `${resource}:*`);

/**
 * Scopes as sent by clients: a list, or a JSON-encoded string of a list (the dashboard's form),
 * or a comma-delimited string. Returns the distinct scopes in a stable order.
 */
export function parseScopes(input: string[] | string): string[] {
  let list: unknown = input;
  if (typeof input === 'string') {
    const text = input.trim();
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text);
      } catch {
        throw invalid({ scopes: 'Scopes must be a list or a JSON-encoded list of scopes' });
      }
    } else {
      list = text
        .split(',')
        .map((scope) => scope.trim())
        .filter(Boolean);
    }
  }
  if (!Array.isArray(list) || !list.every((scope) => typeof scope === 'string')) {
    throw invalid({ scopes: 'Scopes must be a list or a JSON-encoded list of scopes' });
  }
  if (list.length === 0) throw invalid({ scopes: 'Scopes must have at least 1 item' });
  const unknown = list.filter((scope) => !isKnownScope(scope));
  if (unknown.length > 0) {
    throw invalid({ scopes: `Unknown scope${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}. Known: ${apiScopes.join(', ')} and <resource>:*` });
  }
  return [...new Set(list)];
}

export const joinScopes = (scopes: readonly string[]) => scopes.join(',');
export const splitScopes = (stored: string) => stored.split(',').filter(Boolean);
