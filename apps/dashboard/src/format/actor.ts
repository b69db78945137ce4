import type { components } from '@kaja/api-client';

type Actor = Pick<components['schemas']['ZoneChange']['actor'], 'type' | 'person' | 'api_key_name'>;
type Person = NonNullable<Actor['person']>;

/** A person as the API names them for this team: members by name and email, former members by name only (decision 055). */
function personText(person: Person): string {
  switch (person.relation) {
    case 'member':
      return `${person.full_name} (${person.email})`;
    case 'former_member':
      return person.full_name ? `${person.full_name} (former member)` : 'A former member';
    case 'staff':
      return 'Kaja DNS staff';
    case 'outside':
      return 'Someone outside your team';
  }
}

/**
 * Who made a change, the same in the zone history and the audit log: the person, and the API key by
 * its name when one was used ("Olivia Owner (olivia@example.com) with API key “ci-deploy”").
 */
export function actorText(actor: Actor, tsigKeyName?: string): string {
  switch (actor.type) {
    case 'system':
      return 'Kaja DNS';
    case 'tsig_key':
      return tsigKeyName ? `TSIG key “${tsigKeyName}”` : 'A TSIG key';
    case 'user':
      return actor.person ? personText(actor.person) : 'Someone';
    case 'api_key': {
      const key = actor.api_key_name ? `API key “${actor.api_key_name}”` : 'a removed API key';
      return actor.person ? `${personText(actor.person)} with ${key}` : key.charAt(0).toUpperCase() + key.slice(1);
    }
  }
}
