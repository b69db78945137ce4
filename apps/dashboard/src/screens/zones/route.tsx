export default function ZonesScreen() {
  return <h1 className="text-2xl font-semibold tracking-tight">Zones</h1>;
}
