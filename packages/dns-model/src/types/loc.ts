import { ValidationError } from '../errors';
import type { WireReader } from '../wire/buffer';
import type { Cursor, RdataBuilder } from './fields';
import { defineType } from './recordType';

/** The equator and the prime meridian on the wire: 2^31 thousandths of an arc second (RFC 1876). */
const EQUATOR = 2 ** 31;
/** Altitudes are centimetres above 100,000 m below the WGS 84 spheroid. */
const ALTITUDE_BASE = 10_000_000;

/**
 * Reads `degrees [minutes [seconds]] hemisphere` and returns thousandths of an arc second from
 * the equator or the prime meridian.
 */
function readAngle(c: Cursor, what: string, positive: string, negative: string, maxDegrees: number): number {
  const degrees = wholeNumber(c.word(`the ${what} degrees`), maxDegrees, `The ${what} degrees`);
  let minutes = 0;
  let milliseconds = 0;
  let word = c.word(`the ${what} hemisphere`);
  if (/^[0-9]+$/.test(word)) {
    minutes = wholeNumber(word, 59, `The ${what} minutes`);
    word = c.word(`the ${what} hemisphere`);
    if (/^[0-9]+(\.[0-9]{1,3})?$/.test(word)) {
      const [whole, fraction = ''] = word.split('.');
      milliseconds = wholeNumber(whole!, 59, `The ${what} seconds`) * 1000 + Number(fraction.padEnd(3, '0'));
      word = c.word(`the ${what} hemisphere`);
    }
  }
  const hemisphere = word.toUpperCase();
  if (hemisphere !== positive && hemisphere !== negative) {
    throw new ValidationError(`The ${what} must end with ${positive} or ${negative}, not "${word}"`);
  }
  const total = (degrees * 3600 + minutes * 60) * 1000 + milliseconds;
  if (total > maxDegrees * 3_600_000) throw new ValidationError(`The ${what} must be at most ${maxDegrees} degrees`);
  return hemisphere === positive ? total : -total;
}

function wholeNumber(text: string, max: number, what: string): number {
  if (!/^[0-9]+$/.test(text) || Number(text) > max) throw new ValidationError(`${what} must be a whole number from 0 to ${max}, not "${text}"`);
  return Number(text);
}

/** A length in metres with at most two decimals and an optional `m`, in centimetres. */
function centimetres(text: string, what: string, signed: boolean): number {
  const m = /^(-?)([0-9]+)(?:\.([0-9]{1,2}))?m?$/i.exec(text);
  if (!m || (m[1] && !signed)) throw new ValidationError(`${what} must be metres with at most two decimals, like 10m or 2.5, not "${text}"`);
  const cm = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cm : cm;
}

/** A size or precision as one octet: a digit and a power of ten, in centimetres (RFC 1876 section 2). */
function sizeOctet(cm: number, what: string): number {
  if (cm > 9 * 10 ** 9) throw new ValidationError(`${what} must be at most 90000000m`);
  let exponent = 0;
  while (cm >= 10 ** (exponent + 1)) exponent++;
  return (Math.floor(cm / 10 ** exponent) << 4) | exponent;
}

function sizeFromOctet(octet: number, what: string): number {
  const mantissa = octet >> 4;
  const exponent = octet & 0x0f;
  if (mantissa > 9 || exponent > 9) throw new ValidationError(`LOC ${what} is not a valid size`);
  return mantissa * 10 ** exponent;
}

const metres = (cm: number) => `${cm < 0 ? '-' : ''}${Math.floor(Math.abs(cm) / 100)}.${String(Math.abs(cm) % 100).padStart(2, '0')}m`;

function angle(value: number, positive: string, negative: string): string {
  const total = Math.abs(value);
  const degrees = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const ms = total % 60_000;
  return `${degrees} ${minutes} ${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')} ${value < 0 ? negative : positive}`;
}

function present(lat: number, lon: number, alt: number, sizes: number[]): string {
  return [angle(lat, 'N', 'S'), angle(lon, 'E', 'W'), metres(alt), ...sizes.map(metres)].join(' ');
}

/** LOC (RFC 1876): latitude, longitude, altitude, and the size and precisions of the location. */
export const LOC = defineType(29, 'LOC', {
  encode(c: Cursor, out: RdataBuilder) {
    const lat = readAngle(c, 'latitude', 'N', 'S', 90);
    const lon = readAngle(c, 'longitude', 'E', 'W', 180);
    const alt = centimetres(c.word('the altitude'), 'The altitude', true);
    if (alt < -ALTITUDE_BASE || alt + ALTITUDE_BASE > 0xffffffff) throw new ValidationError('The altitude must be between -100000m and 42849672.95m');
    // Defaults of RFC 1876 section 3: a 1 m sphere, 10 km horizontal and 10 m vertical precision.
    const sizes = [100, 1_000_000, 1000];
    const names = ['The size', 'The horizontal precision', 'The vertical precision'];
    for (let i = 0; i < 3 && !c.done; i++) sizes[i] = centimetres(c.word(names[i]!), names[i]!, false);
    const octets = sizes.map((cm, i) => sizeOctet(cm, names[i]!));
    out.u8(0);
    for (const octet of octets) out.u8(octet);
    out.u32(EQUATOR + lat);
    out.u32(EQUATOR + lon);
    out.u32(alt + ALTITUDE_BASE);
    return present(
      lat,
      lon,
      alt,
      octets.map((o) => sizeFromOctet(o, 'size')),
    );
  },
  decode(r: WireReader) {
    const version = r.u8();
    if (version !== 0) throw new ValidationError(`LOC version ${version} is unknown`);
    const sizes = [sizeFromOctet(r.u8(), 'size'), sizeFromOctet(r.u8(), 'horizontal precision'), sizeFromOctet(r.u8(), 'vertical precision')];
    const lat = r.u32() - EQUATOR;
    const lon = r.u32() - EQUATOR;
    if (Math.abs(lat) > 90 * 3_600_000 || Math.abs(lon) > 180 * 3_600_000) throw new ValidationError('LOC position is out of range');
    return present(lat, lon, r.u32() - ALTITUDE_BASE, sizes);
  },
});
