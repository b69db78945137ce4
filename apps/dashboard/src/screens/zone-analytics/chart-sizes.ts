// The charts' heights, apart from the charts' code (recharts, loaded lazily), so that the screen keeps
// the place of a chart free while its code loads.
export const queriesOverTimeHeight = 240;
export const breakdownHeight = (entries: number) => Math.max(80, entries * 32 + 24);
