import type { Config } from '@kaja/config';
import type { MailMessage } from '../ops/mail';

/** To the owners when the platform turns off an endpoint whose deliveries kept failing. */
export const endpointDisabledMail = (config: Config, to: string, endpoint: { id: string; url: string }, reason: string): MailMessage => ({
  to,
  subject: `Kaja DNS: webhook endpoint ${endpoint.url} was disabled`,
  text: [
    `We turned off the webhook endpoint ${endpoint.url}: ${reason}.`,
    '',
    'No events are sent to it until it is enabled again; events meanwhile are not kept for it.',
    `Its delivery log shows what it answered. Enable it again once it works: ${config.appUrl}/webhooks/${endpoint.id}`,
    '',
    '-- ',
    'Kaja DNS',
  ].join('\n'),
});
