export { Algorithm, algorithmSuite, type AlgorithmNumber, type AlgorithmSuite } from './algorithms';
export {
  dnskeyRdata,
  exportPrivateKey,
  generateCryptokey,
  importCryptokey,
  keyTag,
  KSK_FLAGS,
  readDnskey,
  ZSK_FLAGS,
  type Cryptokey,
  type CryptokeyOptions,
  type Keytype,
} from './keys';
export { decryptPrivateKey, encryptPrivateKey, keyEncryptionKeyId, sealedKeyId } from './keyEncryption';
export { CDNSKEY_DELETE, CDS_DELETE, DigestType, dsRdata, dsRecord, type DigestTypeNumber, type DsRecord } from './ds';
export { canonicalRdataSet, canonicalSortKey, signatureLabels, type Rrset } from './canonical';
export { readRrsig, RRSIG_TYPE, signRrset, verifyRrsig, type RrsigFields, type SignatureTimes } from './rrsig';
export { DEFAULT_POLICY, SignatureCache, signatureCacheCounts, signedByKsk, signingKeys, type SignaturePolicy } from './signatureCache';
export { ZoneIndex, type IndexChange, type IndexEntry } from './zoneIndex';
export { holdsRrset, nextCloser, wildcardOf, type Denial } from './denial';
export { NSEC_TYPE, NsecDenial } from './nsec';
export { NSEC3_TYPE, Nsec3Denial, nsec3Hash, NSEC3PARAM_TYPE, RFC9276_PARAMETERS, type Nsec3Parameters } from './nsec3';
export { planZone, signedZoneRecords, signZone, writeSignedZone, type SignedRecord, type SigningJob, type SignZoneOptions, type ZonePlan } from './signZone';
export { signZoneInParallel } from './signParallel';
export { signAhead, SigningPool, type AheadOptions } from './signAhead';
export { bindKeyFile, type BindKeyFile } from './bindKeyFiles';
