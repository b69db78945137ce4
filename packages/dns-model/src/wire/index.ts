export { WireReader, WireWriter } from './buffer';
export { DnsClass, EdnsOptionCode, Opcode, Rcode, rcodeName } from './constants';
export { nameToWire, readName, writeName } from './name';
export { compressionPointers, readRdata, writeRdata, type CompressionPointer } from './rdataNames';
export { serialCompare, soaSerial } from './serial';
export {
  decodeMessage,
  emptyMessage,
  encodeMessage,
  encodeMessageView,
  type Edns,
  type EdnsOption,
  type EncodeOptions,
  type Message,
  type Question,
  type ResourceRecord,
} from './message';
export { createQueryView, readQuery, readQueryName, readQueryOctets, type QueryView } from './query';
