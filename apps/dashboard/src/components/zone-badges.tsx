import { networksOfRegion, type ZoneRegion } from '@kaja/catalog';
import { Badge } from '@kaja/ui';
import type { Zone } from '../screens/zones/zones-data';

const dnssecText: Record<Zone['dnssec']['state'], string> = {
  off: 'DNSSEC off',
  signing: 'DNSSEC: making keys',
  active: 'DNSSEC on',
  disabling: 'DNSSEC: turning off',
};

export function ZoneStatusBadge({ zone }: { zone: Zone }) {
  return <Badge variant={zone.status === 'active' ? 'default' : 'outline'}>{zone.status}</Badge>;
}

/** Shown while the parent has not delegated the zone to us (it is served all the same). */
export function DelegationBadge({ zone }: { zone: Zone }) {
  return zone.delegation.status === 'pending' ? <Badge variant="outline">pending delegation</Badge> : null;
}

export function DnssecBadge({ zone }: { zone: Zone }) {
  return <Badge variant={zone.dnssec.state === 'active' ? 'secondary' : 'outline'}>{dnssecText[zone.dnssec.state]}</Badge>;
}

/** The anycast networks that serve the zone. */
export function NetworkBadges({ region }: { region: ZoneRegion }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {networksOfRegion[region].map((network) => (
        <Badge key={network} variant="outline">
          {network === 'EU' ? 'EU network' : 'Global network'}
        </Badge>
      ))}
    </span>
  );
}
