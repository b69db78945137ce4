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

// The answer to the query `packet` (`length` octets) from `network`, written into `out`: its length,
// 0 when response rate limiting drops it, or -1 when the cache has no fresh answer for it (nor a
// template for a name like it, src/madeUpAnswers.ts) and JavaScript must answer it. `second` is
// the wall clock's, read once per batch.
int cached_answer(cached_answers *cache, const uint8_t *packet, int length, int32_t network, uint8_t *out, int64_t second);

// `count` answers of a batch that took `seconds`, in the latency histogram beside JavaScript's.
void cached_answers_took(cached_answers *cache, double seconds, int count);

// The cache behind a handle made by `answerCache` (exported), or NULL.
cached_answers *cached_answers_of(napi_env env, napi_value handle);

// The addon's functions for JavaScript: answerCache, cacheTable, cacheWire, cacheVersions.
void cached_answers_define(napi_env env, napi_value exports);

#endif
