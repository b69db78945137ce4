import { createHash } from 'node:crypto';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { DnsClass, type ResourceRecord } from '@kaja/dns-model';
import type { SealedKeys } from '../sealedKeys';
import { Zone, type Rrset } from '../zone';

/**
 * One zone as a DNS node last served it, kept in its snapshot directory: the zone's id, name and
 * serial (its journal position), its records in wire form, and its DNSSEC keys sealed as the
 * database keeps them (opened with the key-encryption key only when loaded).
 */
export interface ZoneSnapshot {
  id: string;
  zone: Zone;
  keys: SealedKeys | undefined;
}

/** A snapshot file that is not one, or not whole: it is refused and the zone waits for the database. */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

const magic = Buffer.from('KAJAZONE');
/** Bumped whenever the layout changes: a node refuses files of another version. */
export const snapshotVersion = 1;
const checksumLength = 32;

/**
 * The file: magic, version (u32), header length (u32), the JSON header (id, name, serial, keys,
 * record count), the RRsets (owner, type, TTL, rdata count, each rdata length-prefixed), and the
 * SHA-256 of everything before it.
 */
export function encodeZoneSnapshot({ id, zone, keys }: ZoneSnapshot): Buffer {
  // Two passes over the RRsets, sizes then bytes, into one buffer: a zone of a million records is
  // encoded without a million small allocations on the thread that answers queries.
  const rrsets = rrsetsOf(zone);
  let size = 0;
  let records = 0;
  for (const rrset of rrsets) {
    size += 2 + Buffer.byteLength(rrset.name, 'utf8') + 10;
    for (const rdata of rrset.rdata) size += 2 + rdata.length;
    records += rrset.rdata.length;
  }
  const header = Buffer.from(JSON.stringify({ id, name: zone.name, serial: zone.serial, keys: keys ?? null, records }), 'utf8');
  const file = Buffer.allocUnsafe(magic.length + 8 + header.length + size + checksumLength);
  let at = magic.copy(file);
  at = file.writeUInt32BE(snapshotVersion, at);
  at = file.writeUInt32BE(header.length, at);
  at += header.copy(file, at);
  for (const rrset of rrsets) {
    const nameLength = file.write(rrset.name, at + 2, 'utf8');
    file.writeUInt16BE(nameLength, at);
    at += 2 + nameLength;
    at = file.writeUInt16BE(rrset.type, at);
    at = file.writeUInt32BE(rrset.ttl, at);
    at = file.writeUInt32BE(rrset.rdata.length, at);
    for (const rdata of rrset.rdata) {
      at = file.writeUInt16BE(rdata.length, at);
      file.set(rdata, at);
      at += rdata.length;
    }
  }
  createHash('sha256').update(file.subarray(0, at)).digest().copy(file, at);
  return file;
}

function rrsetsOf(zone: Zone): Rrset[] {
  const rrsets: Rrset[] = [];
  for (const nodes of [zone.nodes, zone.hashed]) for (const node of nodes.values()) for (const rrset of node.rrsets.values()) rrsets.push(rrset);
  return rrsets;
}

interface SnapshotHeader {
  id: string;
  name: string;
  serial: number;
  keys: SealedKeys | null;
  records: number;
}

/** The checked parts of a snapshot file: throws `SnapshotError` unless magic, version and checksum hold. */
function checkedParts(file: Buffer): { header: SnapshotHeader; body: Buffer; recordsAt: number } {
  if (file.length < magic.length + 8 + checksumLength || !file.subarray(0, magic.length).equals(magic)) {
    throw new SnapshotError('not a zone snapshot');
  }
  const version = file.readUInt32BE(magic.length);
  if (version !== snapshotVersion) throw new SnapshotError(`version ${version}, this server reads version ${snapshotVersion}`);
  const body = file.subarray(0, file.length - checksumLength);
  if (!createHash('sha256').update(body).digest().equals(file.subarray(body.length))) throw new SnapshotError('checksum mismatch');
  const headerLength = body.readUInt32BE(magic.length + 4);
  const recordsAt = magic.length + 8 + headerLength;
  if (recordsAt > body.length) throw new SnapshotError('header past the end');
  return { header: JSON.parse(body.subarray(magic.length + 8, recordsAt).toString('utf8')) as SnapshotHeader, body, recordsAt };
}

/** What a snapshot file holds, checked whole but without building the zone: id, serial and keys. */
export async function inspectZoneSnapshot(path: string): Promise<{ id: string; serial: number; keys: SealedKeys | undefined }> {
  const { header } = checkedParts(await readFile(path));
  return { id: header.id, serial: header.serial, keys: header.keys ?? undefined };
}

/** Reads a file written by `encodeZoneSnapshot`; throws `SnapshotError` for anything else. */
export function decodeZoneSnapshot(file: Buffer): ZoneSnapshot {
  const { header, body, recordsAt } = checkedParts(file);
  let at = recordsAt;
  const records: ResourceRecord[] = [];
  try {
    while (at < body.length) {
      const nameLength = body.readUInt16BE(at);
      const name = body.toString('utf8', at + 2, at + 2 + nameLength);
      at += 2 + nameLength;
      const type = body.readUInt16BE(at);
      const ttl = body.readUInt32BE(at + 2);
      const count = body.readUInt32BE(at + 6);
      at += 10;
      for (let i = 0; i < count; i++) {
        const length = body.readUInt16BE(at);
        if (at + 2 + length > body.length) throw new RangeError('rdata past the end');
        records.push({ name, type, class: DnsClass.IN, ttl, rdata: new Uint8Array(body.subarray(at + 2, at + 2 + length)) });
        at += 2 + length;
      }
    }
  } catch (error) {
    throw new SnapshotError(`records cut short (${(error as Error).message})`);
  }
  if (records.length !== header.records) throw new SnapshotError(`${records.length} records where the header counts ${header.records}`);
  const zone = new Zone(header.name, records);
  if (zone.serial !== header.serial) throw new SnapshotError(`the SOA has serial ${zone.serial}, the header ${header.serial}`);
  return { id: header.id, zone, keys: header.keys ?? undefined };
}

/**
 * Replaces `path` with `data` so that a crash at any moment leaves the old file or the new one,
 * never a torn one: a temporary file beside it, written and flushed to disk, renamed over it.
 * The caller flushes the directory (`syncDirectory`) once after a batch of renames.
 */
export async function writeFileSafely(path: string, data: Uint8Array): Promise<void> {
  const temporary = `${path}.tmp-${process.pid}`;
  const file = await open(temporary, 'w', 0o600);
  try {
    await file.writeFile(data);
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary);
    throw error;
  }
}

/** Makes the renames and removals in a directory durable. */
export async function syncDirectory(path: string): Promise<void> {
  const directory = await open(path, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

export async function readZoneSnapshot(path: string): Promise<ZoneSnapshot> {
  return decodeZoneSnapshot(await readFile(path));
}
