import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@kaja/ui';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { exportZoneFile } from './zone-file-data';

/** Downloading the zone as a master file. */
export function ExportCard({ zoneId, zoneName }: { zoneId: string; zoneName: string }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      const text = await exportZoneFile(zoneId);
      const url = URL.createObjectURL(new Blob([text], { type: 'text/dns' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${zoneName}.zone`;
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      // The API client has already said what went wrong.
    } finally {
      setPending(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Export</h2>
        </CardTitle>
        <CardDescription>The zone as an RFC 1035 master file, with its SOA and NS records: a backup, or a file for another DNS server.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => void download()} disabled={pending}>
          <Download aria-hidden />
          {pending ? 'Preparing…' : `Download ${zoneName}.zone`}
        </Button>
      </CardContent>
    </Card>
  );
}
