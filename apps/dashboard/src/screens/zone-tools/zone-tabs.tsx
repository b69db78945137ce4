import { cn } from '@kaja/ui';
import { NavLink } from 'react-router';

/** The zone's screens, as tabs above each of them. */
const zoneScreens = [
  { path: '', label: 'Records' },
  { path: '/delegation', label: 'Delegation' },
  { path: '/dnssec', label: 'DNSSEC' },
  { path: '/history', label: 'History' },
  { path: '/zone-file', label: 'Import and export' },
  { path: '/tsig-keys', label: 'TSIG keys and secondaries' },
  { path: '/analytics', label: 'Analytics' },
] as const;

export function ZoneTabs({ zoneId }: { zoneId: string }) {
  return (
    <nav aria-label="Zone" className="-mx-1 overflow-x-auto">
      <ul className="flex gap-1 px-1">
        {zoneScreens.map((screen) => (
          <li key={screen.path}>
            <NavLink
              to={`/zones/${zoneId}${screen.path}`}
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
  );
}
