export type RegionStatus = 'online' | 'offline' | 'NA';

export const regionStatuses = ['online', 'offline', 'NA'] as const satisfies readonly RegionStatus[];

export interface StatusRegion {
  name: string;
  status: RegionStatus;
  summary: string;
}

/** The regions of the status page, as first seeded. Staff change them through the API afterwards. */
export const statusRegions: readonly StatusRegion[] = [
  { name: 'North America', status: 'online', summary: 'All systems operational.' },
  { name: 'Europe', status: 'online', summary: 'All systems operational.' },
  { name: 'Asia', status: 'online', summary: 'All systems operational.' },
  { name: 'South America', status: 'online', summary: 'All systems operational.' },
  { name: 'Oceania', status: 'online', summary: 'All systems operational.' },
  { name: 'Africa', status: 'NA', summary: 'No regional presence; requests route through the EU or global network.' },
];
