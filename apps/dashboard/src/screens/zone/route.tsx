export default function ZoneScreen() {
  return <h1 className="text-2xl font-semibold tracking-tight">Zone</h1>;
}
