import { Badge } from '@kaja/ui';
import type { WebhookEndpoint } from './webhooks-data';

/** The event types an endpoint takes, in a few words. */
export const eventsText = (endpoint: Pick<WebhookEndpoint, 'event_types'>) => (endpoint.event_types ? endpoint.event_types.join(', ') : 'All events');

/** Enabled, failing (attempts failing since the last success) or disabled. */
export function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.enabled) return <Badge variant="outline">Disabled</Badge>;
  if (endpoint.failing_since) return <Badge variant="secondary">Failing</Badge>;
  return <Badge>Enabled</Badge>;
}
