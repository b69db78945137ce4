import { describe, expect, it } from 'vitest';
import { BATCH_OCTETS, batchRecords, RecordBatchWriter } from './recordBatch';

describe('RecordBatchWriter', () => {
  it('hands over names in single octets and beyond, types, TTLs and rdata as they were', () => {
    const records = [
      { name: 'www.example.com', type: 1, ttl: 300, rdata: Uint8Array.of(192, 0, 2, 1) },
      { name: 'caf\u00e9.\\046.example.com', type: 16, ttl: 0xffffffff, rdata: new Uint8Array(65_535).fill(7) },
      { name: 'b\u4e2d.example.com', type: 65_535, ttl: 0, rdata: new Uint8Array(0) },
      { name: '', type: 2, ttl: 1, rdata: Uint8Array.of(0) },
    ];
    const writer = new RecordBatchWriter();
    for (const { name, type, ttl, rdata } of records) expect(writer.add(name, type, ttl, rdata)).toBe(true);
    const read = [...batchRecords(writer.take())].map(({ name, type, ttl, rdata }) => ({ name, type, ttl, rdata: new Uint8Array(rdata) }));
    expect(read).toEqual(records);
    expect(writer.empty).toBe(true);
  });

  it('says a batch is full rather than split a record, and starts the next empty', () => {
    const writer = new RecordBatchWriter();
    const rdata = new Uint8Array(60_000);
    let added = 0;
    while (writer.add('big.example.com', 16, 60, rdata)) added++;
    expect(added).toBe(Math.floor(BATCH_OCTETS / (3 + 15 + 8 + 60_000)));
    expect([...batchRecords(writer.take())]).toHaveLength(added);
    expect(writer.add('big.example.com', 16, 60, rdata)).toBe(true);
    expect([...batchRecords(writer.take())]).toHaveLength(1);
  });
});
