import { cn } from '@kaja/ui';
import type { ReactNode } from 'react';
import { NavLink, useParams } from 'react-router';
import { StatusLine } from './status-line';
import { type Zone, useZone } from './zone-data';

/** The zone's screens, as tabs above each of them. */
const zoneScreens = [
  { path: '', label: 'Records' },
  { path: '/dnssec', label: 'DNSSEC' },
  { path: '/history', label: 'History' },
  { path: '/zone-file', label: 'Import and export' },
  { path: '/tsig-keys', label: 'TSIG keys and secondaries' },
] as const;

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
      <nav aria-label="Zone" className="-mx-1 overflow-x-auto">
        <ul className="flex gap-1 px-1">
          {zoneScreens.map((screen) => (
            <li key={screen.path}>
              <NavLink
                to={`/zones/${zone.data.id}${screen.path}`}
                end
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-9 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    isActive && 'bg-muted text-foreground',
                  )
                }
              >
                {screen.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children(zone.data)}
    </div>
  );
}
