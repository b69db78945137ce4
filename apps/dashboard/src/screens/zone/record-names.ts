/** A set's absolute owner name as customers write it in the zone: @ for the apex, else relative. */
export function relativeName(name: string, zone: string): string {
  if (name === zone) return '@';
  return name.endsWith(`.${zone}`) ? name.slice(0, -zone.length - 1) : `${name}.`;
}
