import type { Config } from '@kaja/config';
import type { DsDelegationState } from '@kaja/db';
import type { MailMessage } from '../ops/mail';

const signature = '\n\n-- \nKaja DNS';

const day = (date: Date) => date.toISOString().slice(0, 10);

const dsProblems: Partial<Record<DsDelegationState, string>> = {
  missing:
    'The parent zone no longer publishes a DS record for it. The zone is still signed, but validating resolvers now treat it as unsigned: its answers are no longer protected by DNSSEC.',
  stale:
    'The DS record at the parent zone points to a key that no longer signs the zone. Validating resolvers cannot validate its answers and return SERVFAIL: for them the zone is down.',
  wrong:
    'The DS record at the parent zone matches none of the zone’s keys. Validating resolvers cannot validate its answers and return SERVFAIL: for them the zone is down.',
};

/** To the owners when a signed zone's DS at the parent goes missing or stops matching. */
export const dsProblemMail = (
  config: Config,
  to: string,
  zone: { id: string; name: string },
  state: DsDelegationState,
  parentDs: readonly string[],
  expected: readonly string[],
): MailMessage => ({
  to,
  subject:
    state === 'missing'
      ? `Kaja DNS: the DS record of ${zone.name} is gone from its parent zone`
      : `Kaja DNS: the DS record of ${zone.name} no longer matches its keys`,
  text:
    [
      `We checked what the parent zone says about ${zone.name}.`,
      '',
      dsProblems[state] ?? '',
      '',
      `The parent publishes: ${parentDs.length > 0 ? `\n${parentDs.map((ds) => `  ${ds}`).join('\n')}` : 'no DS record'}`,
      `Set at your registrar: ${expected.length > 0 ? `\n${expected.map((ds) => `  ${ds}`).join('\n')}` : 'nothing (the zone has no active KSK)'}`,
      '',
      `If you did not change the DS yourself, check your registrar account. Details and a new check: ${config.appUrl}/zones/${zone.id}/delegation`,
    ].join('\n') + signature,
});

/** To the owners ahead of the release of a zone never delegated to our name servers. */
export const pendingReleaseWarningMail = (
  config: Config,
  to: string,
  zone: { id: string; name: string },
  nameServers: readonly string[],
  releaseAt: Date,
): MailMessage => ({
  to,
  subject: `Kaja DNS: ${zone.name} will be removed on ${day(releaseAt)} unless it is delegated to us`,
  text:
    [
      `The zone ${zone.name} has been pending since it was added: its parent zone has never delegated it to our name servers.`,
      '',
      `Unless it is delegated to us by ${day(releaseAt)}, we remove the zone and its records, and the name can be added by whoever holds it.`,
      '',
      `To keep it, set these name servers at your registrar:\n${nameServers.map((server) => `  ${server}`).join('\n')}`,
      '',
      `Then check the delegation: ${config.appUrl}/zones/${zone.id}/delegation`,
    ].join('\n') + signature,
});

/** To the owners when a pending zone has been released. */
export const pendingReleasedMail = (config: Config, to: string, zone: { name: string }): MailMessage => ({
  to,
  subject: `Kaja DNS: ${zone.name} was removed (never delegated to us)`,
  text:
    [
      `The zone ${zone.name} was never delegated to our name servers, so we removed it and its records as announced.`,
      '',
      `If you hold the name, you can add it again at ${config.appUrl}/zones and delegate it to us this time.`,
    ].join('\n') + signature,
});
