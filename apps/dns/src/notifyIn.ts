import { Rcode } from '@kaja/dns-model';
import { emptyAnswer, type Answer } from './answer';
import type { ClientAddress } from './update';

/**
 * What the server does with a NOTIFY (RFC 1996) for a zone it is a secondary of: `accept` says
 * whether the sender is one of the zone's primaries and, when it is, starts a refresh without the
 * answer waiting for it; undefined for a zone that is not secondary here.
 */
export interface NotifyReceiver {
  accept(zone: string, client: string | null): boolean | undefined;
}

/**
 * The answer to a NOTIFY: NOERROR with AA from a primary of a secondary zone (RFC 1996 4.7: the
 * question echoed), REFUSED from anyone else or for a zone we are not a secondary of.
 */
export function answerNotify(receiver: NotifyReceiver | undefined, zone: string, client: ClientAddress): Answer {
  const address = typeof client === 'function' ? client() : client;
  const accepted = receiver?.accept(zone, address);
  if (!accepted) return emptyAnswer(Rcode.REFUSED);
  const answer = emptyAnswer(Rcode.NOERROR);
  answer.aa = true;
  answer.uncacheable = true;
  return answer;
}
