// The cached path of src/respond.ts `respondFromCache`, in C, over the state src/answerCache.ts,
// src/responseRateLimit.ts and src/metrics/serverCounters.ts keep in typed arrays, and the
// templates src/madeUpAnswers.ts keeps there for names a zone does not hold. Every rule here has
// its home there; this file reads the same octets the same way, and the tests compare the paths
// answer for answer (src/nativeAnswers.test.ts, src/madeUpAnswers.test.ts).
#include "cached_answers.h"

#include <openssl/sha.h>
#include <stdlib.h>
#include <string.h>

// src/answerCache.ts `SlotField`: the fields of a slot in `slots`, eight to a slot.
enum { SLOT_VARIANT, SLOT_ZONE, SLOT_VERSION, SLOT_KIND, SLOT_ANSWERS, SLOT_REFERENCED, SLOT_HITS, SLOT_FIELDS = 8 };
// src/metrics/serverCounters.ts: the cells of `totals`.
enum { TOTAL_CACHE_HITS, TOTAL_LATENCY_SECONDS };
// src/responseRateLimit.ts: the limiter's table and its counts.
#define RRL_SLOTS (1u << 16)
#define RRL_ACCOUNT 4
enum { RRL_SLIPPED, RRL_DROPPED };
#define MAX_BOUNDS 32
// Marks a handle as an answer cache's, so that no other external (a socket's) is taken for one.
#define MAGIC 0x4b414a41u

struct held_wire {
  const uint8_t *wire;
  uint32_t length;
};

struct cached_answers {
  uint32_t magic;
  // The table: per place, slot + 1 of the entry whose hash lands at or before it (0: empty) and
  // that entry's hash, side by side: a probe reads one cache line, not the slot's hash elsewhere.
  const int32_t *table;
  // Places - 1 (the table has two numbers a place).
  uint32_t mask;
  uint32_t capacity;
  uint32_t seed;
  int32_t *slots;
  // Each slot's answer, in memory JavaScript holds for as long as the slot keeps it; its address
  // and length side by side, one cache line read for both.
  struct held_wire *wires;
  // Each zone cell's current version; a slot holds the version its answer was made at.
  const int32_t *versions;
  uint32_t version_cells;
  double *answers;
  double *totals;
  double *latency_buckets;
  double bounds[MAX_BOUNDS];
  int bound_count;
  // Response rate limiting; `rate` 0 when it is off.
  double rate;
  double floor;
  int32_t slip;
  double *accounts;
  uint32_t *limited;
  double *limit_counts;
  const int32_t *exempt;
  uint32_t exempt_count;
};

// src/answerCache.ts `questionHash`: FNV-1a over the name's octets from `start` folded to
// lowercase and the type's two octets, from the seed and the variant, finished with MurmurHash3's
// mix; 30 bits.
static uint32_t question_hash(const uint8_t *p, int start, int name_end, uint8_t type_high, uint8_t type_low, uint32_t variant, uint32_t seed) {
  uint32_t hash = 0x811c9dc5u ^ seed ^ variant;
  for (int i = start; i < name_end; i++) {
    uint32_t c = p[i];
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    hash = (hash ^ c) * 0x01000193u;
  }
  hash = (hash ^ type_high) * 0x01000193u;
  hash = (hash ^ type_low) * 0x01000193u;
  hash = (hash ^ (hash >> 16)) * 0x85ebca6bu;
  hash = (hash ^ (hash >> 13)) * 0xc2b2ae35u;
  return (hash ^ (hash >> 16)) & 0x3fffffffu;
}

// src/answerCache.ts `sameQuestion`, for the name's octets from `start` (the entry's question at 12).
static int same_question(const uint8_t *p, int start, int name_end, uint8_t type_high, uint8_t type_low, const uint8_t *wire, uint32_t wire_length) {
  int at = 12 - start;
  if (wire_length < (uint32_t)(name_end + at + 2)) return 0;
  for (int i = start; i < name_end; i++) {
    uint8_t c = p[i];
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c != wire[i + at]) return 0;
  }
  return wire[name_end + at] == type_high && wire[name_end + at + 1] == type_low;
}

// src/answerCache.ts `AnswerCache.get`: the slot of the fresh entry for the name from `start`, the
// type and the variant, whose `question_hash` is `hash`, or -1 (none, or a stale one).
static int32_t find_hashed(cached_answers *c, uint32_t hash, const uint8_t *p, int start, int name_end, uint8_t type_high, uint8_t type_low, uint32_t variant) {
  for (uint32_t i = hash & c->mask;; i = (i + 1) & c->mask) {
    int32_t at = c->table[2 * i];
    if (at == 0) return -1;
    if ((uint32_t)c->table[2 * i + 1] != hash) continue;
    int32_t candidate = at - 1;
    const int32_t *fields = c->slots + (size_t)candidate * SLOT_FIELDS;
    if ((uint32_t)fields[SLOT_VARIANT] != variant) continue;
    if (!same_question(p, start, name_end, type_high, type_low, c->wires[candidate].wire, c->wires[candidate].length)) continue;
    int32_t zone = fields[SLOT_ZONE];
    if (zone >= 0 && ((uint32_t)zone >= c->version_cells || c->versions[zone] != fields[SLOT_VERSION])) return -1;
    c->slots[(size_t)candidate * SLOT_FIELDS + SLOT_REFERENCED] = 1;
    return candidate;
  }
}

static int32_t find_slot(cached_answers *c, const uint8_t *p, int start, int name_end, uint8_t type_high, uint8_t type_low, uint32_t variant) {
  return find_hashed(c, question_hash(p, start, name_end, type_high, type_low, variant, c->seed), p, start, name_end, type_high, type_low, variant);
}

// The hash `cached_answer` looks `p` up by, read without checking the rest of the packet: a packet
// it declines costs a line loaded for nothing. Where it accepts one, this reads the same name end
// and variant as it does.
static uint32_t packet_hash(const cached_answers *c, const uint8_t *p, int n) {
  int pos = 12;
  while (pos < n && p[pos] != 0) {
    if (p[pos] > 63) return CACHED_ANSWERS_NO_HASH;
    pos += p[pos] + 1;
  }
  int name_end = pos + 1;
  if (n < 12 || name_end + 4 > n) return CACHED_ANSWERS_NO_HASH;
  uint32_t variant = 0;
  if (p[11] != 0) {
    int opt = name_end + 4;
    if (opt + 11 > n) return CACHED_ANSWERS_NO_HASH;
    variant = (p[opt + 7] & 0x80) ? 2 : 1;
  }
  return question_hash(p, 12, name_end, p[name_end], p[name_end + 1], variant, c->seed);
}

void cached_answers_prefetch(cached_answers *c, uint8_t *const *packets, const int32_t *lengths, int count, uint32_t *hashes) {
  int32_t candidates[count];
  // Each step loads, for every packet of the batch, what the step before found the address of, so
  // that their misses overlap rather than follow one another in `find_slot`: the table place, then
  // the slot's fields and its answer's address, then the answer's first octets (its question).
  for (int i = 0; i < count; i++) {
    hashes[i] = lengths[i] >= 0 ? packet_hash(c, packets[i], lengths[i]) : CACHED_ANSWERS_NO_HASH;
    if (hashes[i] != CACHED_ANSWERS_NO_HASH) __builtin_prefetch(&c->table[2 * (hashes[i] & c->mask)]);
  }
  for (int i = 0; i < count; i++) {
    candidates[i] = -1;
    if (hashes[i] == CACHED_ANSWERS_NO_HASH) continue;
    uint32_t place = hashes[i] & c->mask;
    int32_t at = c->table[2 * place];
    if (at == 0 || (uint32_t)c->table[2 * place + 1] != hashes[i]) continue;
    candidates[i] = at - 1;
    __builtin_prefetch(c->slots + (size_t)candidates[i] * SLOT_FIELDS);
    __builtin_prefetch(&c->wires[candidates[i]]);
  }
  for (int i = 0; i < count; i++) {
    if (candidates[i] >= 0) __builtin_prefetch(c->wires[candidates[i]].wire);
  }
}

static uint32_t read32(const uint8_t *p) {
  return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

// src/madeUpAnswers.ts `compareLabels`: RFC 4034 6.1 for two labels ([length, octets]).
static int compare_labels(const uint8_t *a, const uint8_t *b) {
  int n = a[0] < b[0] ? a[0] : b[0];
  for (int i = 1; i <= n; i++) {
    uint8_t x = a[i], y = b[i];
    if (x >= 0x41 && x <= 0x5a) x += 0x20;
    if (y >= 0x41 && y <= 0x5a) y += 0x20;
    if (x != y) return x < y ? -1 : 1;
  }
  return a[0] - b[0];
}

// src/madeUpAnswers.ts `gapOf`, over an encloser's entry (`childrenWire`) whose question ends at
// `question_end`: how many of its children sort before `label`; -1 when it is one of them.
static int64_t child_gap(const uint8_t *wire, uint32_t wire_length, uint32_t question_end, const uint8_t *label) {
  if (wire_length < question_end + 8) return -1;
  uint32_t count = read32(wire + question_end + 4);
  uint32_t first = question_end + 8 + 4 * count;
  if (count > (wire_length - question_end - 8) / 4) return -1;
  uint32_t low = 0, high = count;
  while (low < high) {
    uint32_t middle = low + (high - low) / 2;
    uint32_t at = first + read32(wire + question_end + 8 + 4 * middle);
    if (at >= wire_length || at + 1 + wire[at] > wire_length) return -1;
    int order = compare_labels(wire + at, label);
    if (order == 0) return -1;
    if (order < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

#define DIGEST 20
// The hash's label in base32hex: its length and 32 characters.
#define HASH_LABEL 33
#define TYPE_NSEC3 50

// The record of a zone's NSEC3 chain (src/nsec3Chain.ts) that covers or matches the hash of a
// name, ready to be written into an answer.
struct cover {
  uint32_t position;
  const uint8_t *digest;
  // The NSEC3 after its owner name, then its signatures' count and each one's length and octets.
  const uint8_t *record;
  int records;
  // Its length in the answer: the owner (the hash's label and a pointer), each signature's pointer.
  int length;
};

// src/nsec3Chain.ts `digestPosition`: the record of the chain entry `wire` (its question ends at
// `question_end`) at the greatest hash at or below that of the name `name`, or -1 when the entry
// is not sound.
static int chain_cover(const uint8_t *wire, uint32_t wire_length, uint32_t question_end, const uint8_t *name, int name_length, struct cover *cover) {
  if (wire_length < question_end + 4) return -1;
  uint32_t count = read32(wire + question_end);
  uint32_t at = question_end + 4;
  if (count == 0 || count > (wire_length - at) / (DIGEST + 4)) return -1;
  const uint8_t *digests = wire + at;
  const uint8_t *offsets = digests + (size_t)count * DIGEST;
  uint32_t first = at + count * (DIGEST + 4);

  // RFC 5155 5 with RFC 9276's parameters: SHA-1 of the name in canonical form (lowercase), no
  // salt, no more iterations.
  uint8_t lowercase[255];
  for (int i = 0; i < name_length; i++) {
    uint8_t c = name[i];
    lowercase[i] = c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
  }
  uint8_t digest[DIGEST];
  SHA1(lowercase, (size_t)name_length, digest);

  uint32_t low = 0, high = count;
  while (low < high) {
    uint32_t middle = low + (high - low) / 2;
    if (memcmp(digests + (size_t)middle * DIGEST, digest, DIGEST) <= 0) low = middle + 1;
    else high = middle;
  }
  uint32_t position = low == 0 ? count - 1 : low - 1;
  uint32_t record = first + read32(offsets + 4 * (size_t)position);
  if (record + 2 > wire_length) return -1;
  uint32_t tail = ((uint32_t)wire[record] << 8) | wire[record + 1];
  uint32_t end = record + 2 + tail;
  if (end + 1 > wire_length) return -1;
  int signatures = wire[end++];
  int length = HASH_LABEL + 2 + (int)tail;
  for (int i = 0; i < signatures; i++) {
    if (end + 2 > wire_length) return -1;
    uint32_t signature = ((uint32_t)wire[end] << 8) | wire[end + 1];
    end += 2 + signature;
    if (end > wire_length) return -1;
    length += 2 + (int)signature;
  }
  cover->position = position;
  cover->digest = digests + (size_t)position * DIGEST;
  cover->record = wire + record;
  cover->records = 1 + signatures;
  cover->length = length;
  return 0;
}

// The cover written at `at` of `out`, its owner the hash's label (base32hex, lowercase) and a
// pointer to the zone's name at `apex`, each signature's owner a pointer to that owner.
static void write_cover(const struct cover *cover, uint8_t *out, int at, int apex) {
  static const char base32hex[] = "0123456789abcdefghijklmnopqrstuv";
  int owner = at;
  out[at++] = HASH_LABEL - 1;
  for (int bit = 0; bit < DIGEST * 8; bit += 5) {
    int byte = bit / 8, shift = bit % 8;
    int value = (cover->digest[byte] << 8 | (byte + 1 < DIGEST ? cover->digest[byte + 1] : 0)) >> (11 - shift);
    out[at++] = (uint8_t)base32hex[value & 0x1f];
  }
  out[at++] = (uint8_t)(0xc0 | (apex >> 8));
  out[at++] = (uint8_t)apex;
  const uint8_t *record = cover->record;
  int tail = (record[0] << 8) | record[1];
  memcpy(out + at, record + 2, (size_t)tail);
  at += tail;
  record += 2 + tail;
  int signatures = *record++;
  for (int i = 0; i < signatures; i++) {
    int length = (record[0] << 8) | record[1];
    out[at++] = (uint8_t)(0xc0 | (owner >> 8));
    out[at++] = (uint8_t)owner;
    memcpy(out + at, record + 2, (size_t)length);
    at += length;
    record += 2 + length;
  }
}

// A template (src/madeUpAnswers.ts `templateOf`) written out for the query `p`, whose name ends at
// `name_end` and holds the template's encloser as its last `encloser_length` octets: the query's
// own question, the template's sections after it with the `cover` (when given) where the template
// has room for it, each pointer moved by the octets the query's name has beyond the encloser and
// the cover's before it. Its length, or -1 when it does not fit in `limit`.
static int write_template(const uint8_t *wire, uint32_t wire_length, const uint8_t *p, int name_end, int encloser_length, int limit,
                          const struct cover *cover, int apex_length, uint8_t *out) {
  int question_end = 12 + encloser_length + 4;
  if (wire_length < (uint32_t)question_end + 12) return -1;
  int count = (wire[wire_length - 2] << 8) | wire[wire_length - 1];
  int trailer = (int)wire_length - 12 - 2 * count;
  if (trailer < question_end) return -1;
  const uint8_t *room = wire + trailer + 2 * count;
  int hole = (room[0] << 8) | room[1];
  int inserted = 0;
  if (hole != 0) {
    if (!cover || hole < question_end || hole > trailer) return -1;
    // A cover that is one of the template's own NSEC3s is there already: the denial lists it once.
    if (cover->position != read32(room + 2) && cover->position != read32(room + 6)) inserted = cover->length;
  } else {
    hole = trailer;
  }
  int body = trailer - question_end;
  int name_length = name_end - 12;
  int shift = name_length - encloser_length;
  int length = 12 + name_length + 4 + body + inserted;
  if (length > limit) return -1;
  memcpy(out, wire, 12);
  memcpy(out + 12, p + 12, (size_t)name_length + 4);
  memcpy(out + 12 + name_length + 4, wire + question_end, (size_t)(hole - question_end));
  memcpy(out + hole + shift + inserted, wire + hole, (size_t)(trailer - hole));
  if (inserted > 0) {
    write_cover(cover, out, hole + shift, 12 + name_length - apex_length);
    int authority = ((out[8] << 8) | out[9]) + cover->records;
    out[8] = (uint8_t)(authority >> 8);
    out[9] = (uint8_t)authority;
  }
  for (int i = 0; i < count; i++) {
    int entry = (wire[trailer + 2 * i] << 8) | wire[trailer + 2 * i + 1];
    int position = entry & 0x7fff;
    int at = position + shift + (position >= hole ? inserted : 0);
    if (at < 12 + name_length + 4 || at + 2 > length) return -1;
    int target = ((wire[position] & 0x3f) << 8) | wire[position + 1];
    target = entry & 0x8000 ? 12 : target + shift + (target >= hole ? inserted : 0);
    out[at] = (uint8_t)(0xc0 | (target >> 8));
    out[at + 1] = (uint8_t)target;
  }
  return length;
}

// src/madeUpAnswers.ts `ENCLOSER_VARIANT`, `HASHED`; a template's variant is `templateVariant`.
#define ENCLOSER_VARIANT 3u
#define HASHED 3u
#define VARIANT_DO 2u
#define MAX_LABELS 128

static uint32_t template_variant(uint32_t gap, uint32_t variant) {
  return 4u + gap * 4u + variant;
}

// A name no answer is cached for: the template of its closest encloser (and gap), found as
// src/madeUpAnswers.ts keeps them. The deepest ancestor with a fresh encloser's entry decides:
// when the label below it is one of its children, a name the zone holds (or a deeper encloser) is
// asked, and JavaScript answers. With DO, in a zone whose NSEC3 chain is held, `cover` is the
// chain's record for the next closer name, and `apex_length` the zone name's length. The
// template's slot and its encloser's length, or -1.
static int32_t made_up_slot(cached_answers *c, const uint8_t *p, int name_end, const int *labels, int label_count, uint32_t variant, int *encloser_length,
                            struct cover *cover, int *has_cover, int *apex_length) {
  for (int k = 1; k <= label_count; k++) {
    int start = k < label_count ? labels[k] : name_end - 1;
    int32_t encloser = find_slot(c, p, start, name_end, 0, 0, ENCLOSER_VARIANT);
    if (encloser < 0) continue;
    const uint8_t *wire = c->wires[encloser].wire;
    uint32_t wire_length = c->wires[encloser].length;
    uint32_t question_end = (uint32_t)(12 + name_end - start + 4);
    int64_t gap = child_gap(wire, wire_length, question_end, p + labels[k - 1]);
    if (gap < 0 || gap > 0x3ffffff) return -1;
    *encloser_length = name_end - start;
    uint32_t apex = read32(wire + question_end);
    if (variant == VARIANT_DO && apex > 1 && apex <= (uint32_t)(name_end - start)) {
      int32_t chain = find_slot(c, p, name_end - (int)apex, name_end, 0, TYPE_NSEC3, ENCLOSER_VARIANT);
      if (chain >= 0) {
        if (chain_cover(c->wires[chain].wire, c->wires[chain].length, (uint32_t)(12 + apex + 4), p + labels[k - 1], name_end - labels[k - 1], cover) < 0) return -1;
        *has_cover = 1;
        *apex_length = (int)apex;
        return find_slot(c, p, start, name_end, p[name_end], p[name_end + 1], template_variant(0, HASHED));
      }
    }
    return find_slot(c, p, start, name_end, p[name_end], p[name_end + 1], template_variant(variant == VARIANT_DO ? (uint32_t)gap : 0, variant));
  }
  return -1;
}

static int exempt(const cached_answers *c, int32_t network) {
  uint32_t low = 0, high = c->exempt_count;
  while (low < high) {
    uint32_t middle = (low + high) / 2;
    if (c->exempt[middle] < network) low = middle + 1;
    else high = middle;
  }
  return low < c->exempt_count && c->exempt[low] == network;
}

enum { ANSWER, SLIP, DROP };

// src/responseRateLimit.ts `ResponseRateLimiter.check`, on its own table.
static int rate_limit(cached_answers *c, int32_t network, int32_t kind, int64_t second) {
  if (c->exempt_count > 0 && exempt(c, network)) return ANSWER;
  uint32_t slot = ((((uint32_t)network ^ ((uint32_t)kind * 0x9e3779b1u)) * 0x85ebca6bu) >> 16) & (RRL_SLOTS - 1);
  double *account = c->accounts + (size_t)slot * RRL_ACCOUNT;
  double balance;
  if (account[0] != (double)network || account[1] != (double)kind) {
    account[0] = (double)network;
    account[1] = (double)kind;
    c->limited[slot] = 0;
    balance = c->rate;
  } else {
    balance = account[2];
    double elapsed = (double)second - account[3];
    if (elapsed > 0) {
      balance += elapsed * c->rate;
      if (balance > c->rate) balance = c->rate;
    }
  }
  account[3] = (double)second;
  balance -= 1;
  if (balance < c->floor) balance = c->floor;
  account[2] = balance;
  if (balance >= 0) return ANSWER;
  if (c->slip > 0 && ++c->limited[slot] % (uint32_t)c->slip == 0) {
    c->limit_counts[RRL_SLIPPED]++;
    return SLIP;
  }
  c->limit_counts[RRL_DROPPED]++;
  return DROP;
}

int cached_answer(cached_answers *c, const uint8_t *p, int n, uint32_t hash, int32_t network, uint8_t *out, int64_t second) {
  // What @kaja/dns-model `readQueryOctets` accepts and `Responder.cached` looks up: a QUERY (not a
  // response) of one question of class IN, at most an OPT of version 0 without NSID after it.
  if (n < 12) return -1;
  if ((p[2] & 0x80) || ((p[2] >> 3) & 0xf) != 0) return -1;
  if (p[4] != 0 || p[5] != 1 || p[6] || p[7] || p[8] || p[9] || p[10] || p[11] > 1) return -1;
  int pos = 12;
  int labels[MAX_LABELS];
  int label_count = 0;
  for (;;) {
    if (pos >= n) return -1;
    int len = p[pos];
    if (len == 0) break;
    if (len > 63 || label_count == MAX_LABELS) return -1;
    labels[label_count++] = pos;
    pos += len + 1;
    if (pos > n) return -1;
  }
  if (pos + 1 - 12 > 255) return -1;
  pos++;
  int name_end = pos;
  if (pos + 4 > n) return -1;
  if (p[pos + 2] != 0 || p[pos + 3] != 1) return -1;
  pos += 4;
  int question_end = pos;
  uint32_t variant = 0;
  int udp_limit = 512;
  if (p[11] == 0) {
    if (pos != n) return -1;
  } else {
    if (pos + 11 > n || p[pos] != 0 || p[pos + 1] != 0 || p[pos + 2] != 41) return -1;
    int udp_size = (p[pos + 3] << 8) | p[pos + 4];
    if (p[pos + 6] != 0) return -1;
    variant = (p[pos + 7] & 0x80) ? 2 : 1;
    udp_limit = udp_size < 512 ? 512 : udp_size > 1232 ? 1232 : udp_size;
    int end = pos + 11 + ((p[pos + 9] << 8) | p[pos + 10]);
    pos += 11;
    if (end != n) return -1;
    while (pos < end) {
      if (pos + 4 > end) return -1;
      int code = (p[pos] << 8) | p[pos + 1];
      int length = (p[pos + 2] << 8) | p[pos + 3];
      pos += 4;
      if (pos + length > end) return -1;
      if (code == 3) return -1; // NSID: the answer names this node
      pos += length;
    }
  }

  if (hash == CACHED_ANSWERS_NO_HASH) hash = question_hash(p, 12, name_end, p[name_end], p[name_end + 1], variant, c->seed);
  int32_t slot = find_hashed(c, hash, p, 12, name_end, p[name_end], p[name_end + 1], variant);
  int encloser_length = 0, has_cover = 0, apex_length = 0;
  struct cover cover;
  if (slot < 0) slot = made_up_slot(c, p, name_end, labels, label_count, variant, &encloser_length, &cover, &has_cover, &apex_length);
  if (slot < 0) return -1;
  const uint8_t *wire = c->wires[slot].wire;
  uint32_t wire_length = c->wires[slot].length;
  int length;
  if (encloser_length > 0) {
    // Too long for this client (or not sound): JavaScript answers it.
    length = write_template(wire, wire_length, p, name_end, encloser_length, udp_limit, has_cover ? &cover : NULL, apex_length, out);
    if (length < 0) return -1;
  } else {
    // Too long for this client: JavaScript encodes it again within its limit.
    if (wire_length > (uint32_t)udp_limit) return -1;
    length = (int)wire_length;
  }
  int32_t *fields = c->slots + (size_t)slot * SLOT_FIELDS;
  // Unsigned, as src/answerCache.ts reads it: it wraps rather than overflows.
  ((uint32_t *)fields)[SLOT_HITS]++;
  c->totals[TOTAL_CACHE_HITS]++;
  c->answers[fields[SLOT_ANSWERS]]++;

  int action = network >= 0 && c->rate > 0 ? rate_limit(c, network, fields[SLOT_KIND], second) : ANSWER;
  if (action == DROP) return 0;
  if (action == SLIP) {
    // src/encode.ts `truncatedInto`: the header with TC set and the query's own question.
    out[0] = p[0];
    out[1] = p[1];
    out[2] = wire[2] | 0x02 | (p[2] & 0x01);
    out[3] = wire[3] | (p[3] & 0x10);
    memset(out + 4, 0, 8);
    out[5] = 1;
    memcpy(out + 12, p + 12, (size_t)question_end - 12);
    return question_end;
  }
  // src/encode.ts `personaliseInto`: the query's ID, RD and CD bits, and its name's letter case
  // (a template's answer has the query's question already).
  if (encloser_length == 0) {
    memcpy(out, wire, wire_length);
    memcpy(out + 12, p + 12, (size_t)name_end - 12);
  }
  out[0] = p[0];
  out[1] = p[1];
  out[2] = wire[2] | (p[2] & 0x01);
  out[3] = wire[3] | (p[3] & 0x10);
  return length;
}

void cached_answers_took(cached_answers *c, double seconds, int count) {
  int bucket = 0;
  while (bucket < c->bound_count && seconds > c->bounds[bucket]) bucket++;
  c->latency_buckets[bucket] += count;
  c->totals[TOTAL_LATENCY_SECONDS] += seconds * count;
}

// The data of a typed array of `expected` type and its length in elements; NULL for anything else.
static void *array_data(napi_env env, napi_value value, napi_typedarray_type expected, size_t *length) {
  bool is_typed = false;
  napi_is_typedarray(env, value, &is_typed);
  if (!is_typed) return NULL;
  napi_typedarray_type type;
  napi_value buffer;
  size_t offset;
  void *data = NULL;
  napi_get_typedarray_info(env, value, &type, length, &data, &buffer, &offset);
  return type == expected ? data : NULL;
}

static void *property_array(napi_env env, napi_value object, const char *name, napi_typedarray_type expected, size_t *length) {
  napi_value value;
  if (napi_get_named_property(env, object, name, &value) != napi_ok) return NULL;
  return array_data(env, value, expected, length);
}

static double property_number(napi_env env, napi_value object, const char *name) {
  napi_value value;
  double number = 0;
  if (napi_get_named_property(env, object, name, &value) == napi_ok) napi_get_value_double(env, value, &number);
  return number;
}

static void on_collected(napi_env env, void *data, void *hint) {
  cached_answers *c = data;
  free(c->wires);
  free(c);
}

static napi_value fail(napi_env env, const char *message) {
  napi_throw_type_error(env, NULL, message);
  return NULL;
}

cached_answers *cached_answers_of(napi_env env, napi_value handle) {
  napi_valuetype type;
  if (napi_typeof(env, handle, &type) != napi_ok || type != napi_external) return NULL;
  cached_answers *c = NULL;
  napi_get_value_external(env, handle, (void **)&c);
  return c && c->magic == MAGIC ? c : NULL;
}

// answerCache(shared) -> handle: the arrays src/nativeAnswers.ts lists in `NativeAnswerState`.
static napi_value create(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value object;
  napi_get_cb_info(env, info, &argc, &object, NULL, NULL);
  cached_answers *c = calloc(1, sizeof *c);
  c->magic = MAGIC;
  size_t table_length = 0, slots_length = 0, versions_length = 0;
  size_t answers_length = 0, totals_length = 0, buckets_length = 0, bounds_length = 0;
  c->table = property_array(env, object, "table", napi_int32_array, &table_length);
  c->slots = property_array(env, object, "slots", napi_int32_array, &slots_length);
  c->versions = property_array(env, object, "versions", napi_int32_array, &versions_length);
  c->answers = property_array(env, object, "answers", napi_float64_array, &answers_length);
  c->totals = property_array(env, object, "totals", napi_float64_array, &totals_length);
  c->latency_buckets = property_array(env, object, "latencyBuckets", napi_float64_array, &buckets_length);
  const double *bounds = property_array(env, object, "latencyBounds", napi_float64_array, &bounds_length);
  c->capacity = (uint32_t)(slots_length / SLOT_FIELDS);
  c->seed = (uint32_t)property_number(env, object, "seed");
  if (!c->table || table_length < 2 || (table_length & (table_length - 1)) != 0 || !c->slots || slots_length == 0 ||
      slots_length % SLOT_FIELDS != 0 || !c->versions ||
      !c->answers || !c->totals || totals_length < 2 || !bounds || bounds_length > MAX_BOUNDS || buckets_length != bounds_length + 1) {
    free(c);
    return fail(env, "answerCache: the shared arrays are missing or of the wrong size");
  }
  c->mask = (uint32_t)table_length / 2 - 1;
  c->version_cells = (uint32_t)versions_length;
  c->bound_count = (int)bounds_length;
  memcpy(c->bounds, bounds, bounds_length * sizeof(double));
  c->wires = calloc(c->capacity, sizeof *c->wires);

  napi_value limit;
  napi_valuetype limit_type = napi_undefined;
  if (napi_get_named_property(env, object, "rateLimit", &limit) == napi_ok) napi_typeof(env, limit, &limit_type);
  if (limit_type == napi_object) {
    size_t accounts_length = 0, limited_length = 0, counts_length = 0, exempt_length = 0;
    c->rate = property_number(env, limit, "rate");
    c->floor = -c->rate * property_number(env, limit, "window");
    c->slip = (int32_t)property_number(env, limit, "slip");
    c->accounts = property_array(env, limit, "accounts", napi_float64_array, &accounts_length);
    c->limited = property_array(env, limit, "limited", napi_uint32_array, &limited_length);
    c->limit_counts = property_array(env, limit, "counts", napi_float64_array, &counts_length);
    c->exempt = property_array(env, limit, "exempt", napi_int32_array, &exempt_length);
    c->exempt_count = (uint32_t)exempt_length;
    if (!c->accounts || accounts_length != RRL_SLOTS * RRL_ACCOUNT || !c->limited || limited_length != RRL_SLOTS || !c->limit_counts ||
        counts_length < 2 || (exempt_length > 0 && !c->exempt)) {
      on_collected(env, c, NULL);
      return fail(env, "answerCache: the rate limiter's arrays are missing or of the wrong size");
    }
  }
  napi_value handle;
  napi_create_external(env, c, on_collected, NULL, &handle);
  return handle;
}

static cached_answers *handle_argument(napi_env env, napi_callback_info info, size_t count, napi_value *argv) {
  size_t argc = count;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  cached_answers *c = argc == count ? cached_answers_of(env, argv[0]) : NULL;
  if (!c) fail(env, "not an answer cache handle");
  return c;
}

// cacheTable(handle, table: Int32Array): the table after it grew or was emptied.
static napi_value set_table(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  cached_answers *c = handle_argument(env, info, 2, argv);
  if (!c) return NULL;
  size_t length = 0;
  const int32_t *table = array_data(env, argv[1], napi_int32_array, &length);
  if (!table || length < 2 || (length & (length - 1)) != 0) return fail(env, "cacheTable: not a table");
  c->table = table;
  c->mask = (uint32_t)length / 2 - 1;
  return NULL;
}

// cacheWire(handle, slot, wire: Uint8Array): the answer a slot keeps from now on.
static napi_value set_wire(napi_env env, napi_callback_info info) {
  napi_value argv[3];
  cached_answers *c = handle_argument(env, info, 3, argv);
  if (!c) return NULL;
  uint32_t slot = 0;
  size_t length = 0;
  napi_get_value_uint32(env, argv[1], &slot);
  const uint8_t *wire = array_data(env, argv[2], napi_uint8_array, &length);
  if (!wire || slot >= c->capacity) return fail(env, "cacheWire: no such slot or not an answer");
  c->wires[slot].wire = wire;
  c->wires[slot].length = (uint32_t)length;
  return NULL;
}

// cacheVersions(handle, versions: Int32Array): the zone cells' versions after they grew.
static napi_value set_versions(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  cached_answers *c = handle_argument(env, info, 2, argv);
  if (!c) return NULL;
  size_t length = 0;
  const int32_t *versions = array_data(env, argv[1], napi_int32_array, &length);
  if (!versions) return fail(env, "cacheVersions: not an Int32Array");
  c->versions = versions;
  c->version_cells = (uint32_t)length;
  return NULL;
}

void cached_answers_define(napi_env env, napi_value exports) {
  napi_property_descriptor properties[] = {
    {"answerCache", NULL, create, NULL, NULL, NULL, napi_default, NULL},
    {"cacheTable", NULL, set_table, NULL, NULL, NULL, napi_default, NULL},
    {"cacheWire", NULL, set_wire, NULL, NULL, NULL, napi_default, NULL},
    {"cacheVersions", NULL, set_versions, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, 4, properties);
}
