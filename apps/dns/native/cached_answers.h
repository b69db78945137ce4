// The answer cache's reading side in C: a UDP query whose answer is cached is answered in the
// batch's system call round without a call into JavaScript. The cache itself (what is kept, its
// CLOCK, its admission) is src/answerCache.ts's; this side reads the same table and slots through
// typed arrays that JavaScript owns and writes, and keeps a pointer to each slot's answer.
#ifndef CACHED_ANSWERS_H
#define CACHED_ANSWERS_H

#define NAPI_VERSION 8
#include <node_api.h>
#include <stdint.h>
#include <time.h>

typedef struct cached_answers cached_answers;

// No question's hash (they have 30 bits): `cached_answer` hashes the question itself.
#define CACHED_ANSWERS_NO_HASH 0xffffffffu

// Loads what the lookups of a batch's `count` packets will read, before they read it: a cached
// answer is found in memory the machine's caches often do not hold (decision 099). Each packet's
// question hash is left in `hashes`, for `cached_answer` (a packet of length -1 gets none).
void cached_answers_prefetch(cached_answers *cache, uint8_t *const *packets, const int32_t *lengths, int count, uint32_t *hashes);

// The answer to the query `packet` (`length` octets) from `network`, written into `out`: its length,
// 0 when response rate limiting drops it, or -1 when the cache has no fresh answer for it (nor a
// template for a name like it, src/madeUpAnswers.ts) and JavaScript must answer it. `hash` is the
// one `cached_answers_prefetch` left, or CACHED_ANSWERS_NO_HASH. `second` is the wall clock's,
// read once per batch.
int cached_answer(cached_answers *cache, const uint8_t *packet, int length, uint32_t hash, int32_t network, uint8_t *out, int64_t second);

// `count` answers of a batch that took `seconds`, in the latency histogram beside JavaScript's.
void cached_answers_took(cached_answers *cache, double seconds, int count);

// The cache behind a handle made by `answerCache` (exported), or NULL.
cached_answers *cached_answers_of(napi_env env, napi_value handle);

// The addon's functions for JavaScript: answerCache, cacheTable, cacheWire, cacheVersions.
void cached_answers_define(napi_env env, napi_value exports);

#endif
