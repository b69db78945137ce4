import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useZone } from '../zone/zone-data';
import type { Zone } from '../zones/zones-data';
import { StatusLine } from './status-line';
import { ZoneTabs } from './zone-tabs';

/**
 * A per-zone screen: loads the zone from the `:zoneId` route parameter, shows its name and the zone's
 * tabs, and renders `children` with the zone once it is there.
 */
export function ZoneToolsPage({ title, children }: { title: string; children: (zone: Zone) => ReactNode }) {
  const { zoneId = '' } = useParams();
  const zone = useZone(zoneId);
  if (zone.isPending) return <StatusLine>Loading the zone…</StatusLine>;
  if (zone.isError) return <StatusLine error>{zone.error.message}</StatusLine>;
  return (
    <div className="grid min-w-0 gap-6 [&>*]:min-w-0">
      <div className="grid gap-1">
        <p className="break-all text-sm text-muted-foreground">{zone.data.name}</p>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      </div>
      <ZoneTabs zoneId={zone.data.id} />
      {children(zone.data)}
    </div>
  );
}
