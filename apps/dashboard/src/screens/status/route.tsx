import { StaffOnly } from '../../shell/staff-only';
import { useSignedInSession } from '../../shell/use-session-context';
import { Incidents } from './incidents';
import { QueryTotals } from './query-totals';
import { RegionsAndNodes } from './regions';

/** /status: the platform's regions and DNS nodes, the incidents of the status page, and the queries per network (platform staff). */
export default function StatusScreen() {
  const session = useSignedInSession();
  if (!session.user.is_staff) return <StaffOnly title="Status" what="the platform’s status here; everyone can read the public status page" />;
  return (
    <div className="grid grid-cols-1 gap-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Status</h1>
        <p className="text-muted-foreground">The regions and their DNS nodes, the incidents on the public status page, and the queries the networks answer.</p>
      </div>
      <section aria-labelledby="status-incidents" className="grid gap-4">
        <h2 id="status-incidents" className="text-lg font-semibold">
          Incidents
        </h2>
        <Incidents />
      </section>
      <section aria-labelledby="status-regions" className="grid gap-4">
        <h2 id="status-regions" className="text-lg font-semibold">
          Regions and DNS nodes
        </h2>
        <RegionsAndNodes />
      </section>
      <section aria-labelledby="status-queries" className="grid gap-4">
        <h2 id="status-queries" className="text-lg font-semibold">
          DNS queries per network
        </h2>
        <QueryTotals />
      </section>
    </div>
  );
}
