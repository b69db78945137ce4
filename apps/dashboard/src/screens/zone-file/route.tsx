import { ZoneToolsPage } from '../zone-tools/zone-tools-page';
import { ExportCard } from './export-card';
import { ImportCard } from './import-card';

/** /zones/:zoneId/zone-file: importing a zone file after seeing its changes, and exporting the zone. */
export default function ZoneFileScreen() {
  return (
    <ZoneToolsPage title="Import and export">
      {(zone) => (
        <div className="grid gap-6 [&>*]:min-w-0">
          <ImportCard zoneId={zone.id} />
          <ExportCard zoneId={zone.id} zoneName={zone.name} />
        </div>
      )}
    </ZoneToolsPage>
  );
}
