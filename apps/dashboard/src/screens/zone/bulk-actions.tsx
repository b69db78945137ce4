import { Button, Select, toast } from '@kaja/ui';
import { useState } from 'react';
import { ttlPresets } from '../../components/ttl';
import type { Zone } from '../zones/zones-data';
import { type BulkChange, type RecordSet, useChangeRecordSets } from './zone-data';
import { countOf } from '../../format/plural';

/**
 * Changes the selected sets in one request (the API's bulk PATCH): all of them or, when one change is
 * refused, none, under one new serial.
 */
export function BulkActions({ zone, selected, onDone }: { zone: Zone; selected: RecordSet[]; onDone: () => void }) {
  const [ttl, setTtl] = useState(String(zone.ttl));
  const apply = useChangeRecordSets(zone.id);
  const change = (changes: BulkChange[]) =>
    apply.mutate(changes, {
      onSuccess: ({ data }) => {
        toast.success(`${countOf(data.changes.length, 'record set')} changed`, { description: `Zone serial ${data.serial}` });
        onDone();
      },
    });
  if (selected.length === 0) return null;
  return (
    <div
      role="group"
      aria-label="Change the selected record sets"
      className="flex flex-wrap items-center gap-2 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm"
    >
      <span className="font-medium">{selected.length} selected</span>
      <Select aria-label="New TTL for the selected sets" value={ttl} onChange={(event) => setTtl(event.target.value)} className="h-9 w-36">
        {ttlPresets.map((preset) => (
          <option key={preset.seconds} value={preset.seconds}>
            {preset.label}
          </option>
        ))}
      </Select>
      <Button
        size="sm"
        variant="outline"
        disabled={apply.isPending}
        onClick={() => change(selected.map((set) => ({ action: 'replace', type: set.type, name: set.name, content: set.content, ttl: Number(ttl) })))}
      >
        Set TTL
      </Button>
      <Button
        size="sm"
        variant="destructive"
        disabled={apply.isPending}
        onClick={() => change(selected.map((set) => ({ action: 'delete', type: set.type, name: set.name })))}
      >
        Delete selected
      </Button>
    </div>
  );
}
