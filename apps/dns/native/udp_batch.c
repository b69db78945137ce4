// UDP with many datagrams per system call (recvmmsg/sendmmsg) for the answer path: the queries whose
// answers are cached are answered here (cached_answers.c), and one call into JavaScript per batch
// answers the others, none when there are none. Each process binds its own socket with
// SO_REUSEPORT, so the kernel spreads queries over the workers. Linux only; the server falls back
// to node's dgram when this addon is missing.
#define _GNU_SOURCE
#define NAPI_VERSION 8
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <node_api.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <uv.h>

#include "cached_answers.h"

#define BATCH 64
#define SLOT 4096
#define META_STRIDE 3

typedef struct {
  uv_poll_t poll;
  int fd;
  napi_env env;
  napi_ref on_batch;
  napi_ref buffers[3];
  napi_async_context async;
  // The answer cache whose fresh answers are sent without a call into JavaScript; NULL for none.
  cached_answers *cache;
  napi_ref cache_ref;
  uint8_t *in;
  uint8_t *out;
  int32_t *meta;
  struct mmsghdr recv[BATCH];
  struct iovec recv_iov[BATCH];
  struct sockaddr_storage peers[BATCH];
  struct mmsghdr send[BATCH];
  struct iovec send_iov[BATCH];
  int closed;
  // Freed when both let go: the poll handle once libuv has closed it, and the JavaScript handle
  // once collected (a late answer or a second close may still reach a closed socket through it).
  int owners;
  // Closes the socket when its thread or process ends with it open: a worker thread whose loop
  // still holds a handle at exit aborts the whole process.
  napi_async_cleanup_hook_handle teardown;
} batch_socket;

static void release(batch_socket *s) {
  if (--s->owners == 0) free(s);
}

static napi_value throw_errno(napi_env env, const char *what) {
  char message[160];
  snprintf(message, sizeof message, "%s: %s", what, strerror(errno));
  napi_throw_error(env, NULL, message);
  return NULL;
}

// The client's network as src/responseRateLimit.ts `clientNetwork` numbers it: an IPv4 /24 as its
// 24 bits, an IPv6 /56 as an FNV-1a hash above the IPv4 range; -1 for any other family.
static int32_t client_network(const struct sockaddr_storage *peer) {
  if (peer->ss_family == AF_INET) {
    const uint8_t *b = (const uint8_t *)&((const struct sockaddr_in *)peer)->sin_addr;
    return (int32_t)((b[0] << 16) | (b[1] << 8) | b[2]);
  }
  if (peer->ss_family == AF_INET6) {
    const uint8_t *b = ((const struct sockaddr_in6 *)peer)->sin6_addr.s6_addr;
    uint32_t hash = 0x811c9dc5u;
    for (int i = 0; i < 7; i++) hash = (hash ^ b[i]) * 0x01000193u;
    return (int32_t)((hash & 0x3fffffffu) | 0x40000000u);
  }
  return -1;
}

static double seconds_since(const struct timespec *start) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

// JavaScript answers the batch's misses. Only a batch with misses enters V8: a batch the cache
// answered whole costs no handle scope and no callback.
static bool answer_in_javascript(batch_socket *s, int n) {
  napi_handle_scope scope;
  napi_open_handle_scope(s->env, &scope);
  napi_value callback, global, argv[1], result;
  napi_get_reference_value(s->env, s->on_batch, &callback);
  napi_get_global(s->env, &global);
  napi_create_int32(s->env, n, &argv[0]);
  // An exception reaches process 'uncaughtException' like any other callback's.
  bool answered = napi_make_callback(s->env, s->async, global, callback, 1, argv, &result) == napi_ok;
  napi_close_handle_scope(s->env, scope);
  return answered;
}

static void on_readable(uv_poll_t *handle, int status, int events) {
  batch_socket *s = (batch_socket *)handle->data;
  if (status < 0 || s->closed) return;
  // Bounded: a flood must not keep the event loop from its other work (TCP, timers).
  for (int round = 0; round < 4 && !s->closed; round++) {
    for (int i = 0; i < BATCH; i++) s->recv[i].msg_hdr.msg_namelen = sizeof(struct sockaddr_storage);
    int n = recvmmsg(s->fd, s->recv, BATCH, MSG_DONTWAIT, NULL);
    if (n <= 0) break;
    // As src/udpBatch.ts times its answers: from the batch taken up until its answers are ready.
    struct timespec started;
    clock_gettime(CLOCK_MONOTONIC, &started);
    struct timespec wall;
    clock_gettime(CLOCK_REALTIME_COARSE, &wall);
    int cached = 0, missed = 0;
    uint8_t *packets[BATCH];
    int32_t lengths[BATCH];
    uint32_t hashes[BATCH];
    for (int i = 0; i < n; i++) {
      packets[i] = s->in + (size_t)i * SLOT;
      lengths[i] = (s->recv[i].msg_hdr.msg_flags & MSG_TRUNC) ? -1 : (int32_t)s->recv[i].msg_len;
    }
    if (s->cache) cached_answers_prefetch(s->cache, packets, lengths, n, hashes);
    for (int i = 0; i < n; i++) {
      int32_t length = lengths[i];
      int32_t network = client_network(&s->peers[i]);
      s->meta[i * META_STRIDE + 2] = network;
      int answer = s->cache && length >= 0 ? cached_answer(s->cache, packets[i], length, hashes[i], network, s->out + (size_t)i * SLOT, wall.tv_sec) : -1;
      if (answer >= 0) {
        // Answered here: JavaScript skips it (a length of -1), and it leaves with the others.
        s->meta[i * META_STRIDE] = -1;
        s->meta[i * META_STRIDE + 1] = answer;
        cached++;
        continue;
      }
      s->meta[i * META_STRIDE] = length;
      s->meta[i * META_STRIDE + 1] = 0;
      if (length >= 0) missed++;
    }
    if (missed > 0) {
      if (!answer_in_javascript(s, n)) break;
      if (s->closed) break; // closed from JavaScript during the batch: the descriptor is gone
    }
    if (cached > 0) cached_answers_took(s->cache, seconds_since(&started), cached);
    int count = 0;
    for (int i = 0; i < n; i++) {
      int32_t length = s->meta[i * META_STRIDE + 1];
      if (length <= 0 || length > SLOT) continue;
      s->send_iov[count].iov_base = s->out + (size_t)i * SLOT;
      s->send_iov[count].iov_len = (size_t)length;
      memset(&s->send[count].msg_hdr, 0, sizeof(struct msghdr));
      s->send[count].msg_hdr.msg_name = &s->peers[i];
      s->send[count].msg_hdr.msg_namelen = s->recv[i].msg_hdr.msg_namelen;
      s->send[count].msg_hdr.msg_iov = &s->send_iov[count];
      s->send[count].msg_hdr.msg_iovlen = 1;
      count++;
    }
    int sent = 0;
    while (sent < count) {
      int r = sendmmsg(s->fd, s->send + sent, (unsigned)(count - sent), MSG_DONTWAIT);
      // A full send buffer or a vanished peer costs that answer only; clients retry.
      if (r <= 0) {
        if (r < 0 && errno == EINTR) continue;
        sent++;
        continue;
      }
      sent += r;
    }
    if (n < BATCH) break;
  }
}

static int bind_socket(const char *host, int port, int *bound_port) {
  struct sockaddr_storage addr;
  memset(&addr, 0, sizeof addr);
  socklen_t length;
  int family;
  struct sockaddr_in *v4 = (struct sockaddr_in *)&addr;
  struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&addr;
  if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
    family = AF_INET;
    v4->sin_family = AF_INET;
    v4->sin_port = htons((uint16_t)port);
    length = sizeof *v4;
  } else if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
    family = AF_INET6;
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons((uint16_t)port);
    length = sizeof *v6;
  } else {
    errno = EINVAL;
    return -1;
  }
  int fd = socket(family, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  int one = 1;
  int buffer = 4 * 1024 * 1024;
  setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, sizeof one);
  setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &buffer, sizeof buffer);
  setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &buffer, sizeof buffer);
  if (family == AF_INET6) setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
  if (bind(fd, (struct sockaddr *)&addr, length) < 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  getsockname(fd, (struct sockaddr *)&addr, &length);
  *bound_port = ntohs(family == AF_INET ? v4->sin_port : v6->sin6_port);
  return fd;
}

static void *buffer_data(napi_env env, napi_value value, size_t need) {
  void *data = NULL;
  size_t length = 0;
  bool is_buffer = false;
  napi_is_buffer(env, value, &is_buffer);
  if (is_buffer) {
    napi_get_buffer_info(env, value, &data, &length);
  } else {
    napi_typedarray_type type;
    napi_value array_buffer;
    size_t offset;
    napi_get_typedarray_info(env, value, &type, &length, &data, &array_buffer, &offset);
    length *= 4;
  }
  return length >= need ? data : NULL;
}

static void on_closed(uv_handle_t *handle) {
  batch_socket *s = (batch_socket *)handle->data;
  for (int i = 0; i < 3; i++) napi_delete_reference(s->env, s->buffers[i]);
  napi_delete_reference(s->env, s->on_batch);
  if (s->cache_ref) napi_delete_reference(s->env, s->cache_ref);
  napi_async_destroy(s->env, s->async);
  napi_remove_async_cleanup_hook(s->teardown);
  release(s);
}

static void stop(batch_socket *s) {
  if (s->closed) return;
  s->closed = 1;
  uv_poll_stop(&s->poll);
  close(s->fd);
  uv_close((uv_handle_t *)&s->poll, on_closed);
}

static void on_teardown(napi_async_cleanup_hook_handle hook, void *data) {
  stop((batch_socket *)data);
}

static void on_collected(napi_env env, void *data, void *hint) {
  release((batch_socket *)data);
}

// open(host, port, in: Buffer, out: Buffer, meta: Int32Array, onBatch, answers?) -> [handle, port],
// `answers` a handle from answerCache.
static napi_value open_socket(napi_env env, napi_callback_info info) {
  size_t argc = 7;
  napi_value argv[7];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  char host[64];
  size_t host_length;
  int32_t port;
  napi_get_value_string_utf8(env, argv[0], host, sizeof host, &host_length);
  napi_get_value_int32(env, argv[1], &port);
  uint8_t *in = buffer_data(env, argv[2], (size_t)BATCH * SLOT);
  uint8_t *out = buffer_data(env, argv[3], (size_t)BATCH * SLOT);
  int32_t *meta = buffer_data(env, argv[4], (size_t)BATCH * META_STRIDE * 4);
  if (!in || !out || !meta) {
    napi_throw_range_error(env, NULL, "buffers are too small for a batch");
    return NULL;
  }
  cached_answers *cache = NULL;
  if (argc >= 7) {
    napi_valuetype type;
    napi_typeof(env, argv[6], &type);
    if (type != napi_undefined && !(cache = cached_answers_of(env, argv[6]))) {
      napi_throw_type_error(env, NULL, "not an answer cache handle");
      return NULL;
    }
  }
  int bound_port = 0;
  int fd = bind_socket(host, port, &bound_port);
  if (fd < 0) return throw_errno(env, "bind");
  batch_socket *s = calloc(1, sizeof *s);
  s->fd = fd;
  s->env = env;
  s->in = in;
  s->out = out;
  s->meta = meta;
  s->cache = cache;
  if (cache) napi_create_reference(env, argv[6], 1, &s->cache_ref);
  for (int i = 0; i < BATCH; i++) {
    s->recv_iov[i].iov_base = in + (size_t)i * SLOT;
    s->recv_iov[i].iov_len = SLOT;
    s->recv[i].msg_hdr.msg_iov = &s->recv_iov[i];
    s->recv[i].msg_hdr.msg_iovlen = 1;
    s->recv[i].msg_hdr.msg_name = &s->peers[i];
  }
  for (int i = 0; i < 3; i++) napi_create_reference(env, argv[2 + i], 1, &s->buffers[i]);
  napi_create_reference(env, argv[5], 1, &s->on_batch);
  napi_value resource_name;
  napi_create_string_utf8(env, "DnsUdpBatch", NAPI_AUTO_LENGTH, &resource_name);
  napi_async_init(env, NULL, resource_name, &s->async);
  uv_loop_t *loop;
  napi_get_uv_event_loop(env, &loop);
  uv_poll_init(loop, &s->poll, fd);
  s->poll.data = s;
  uv_poll_start(&s->poll, UV_READABLE, on_readable);
  s->owners = 2;
  napi_add_async_cleanup_hook(env, on_teardown, s, &s->teardown);
  napi_value handle, port_value, result;
  napi_create_external(env, s, on_collected, NULL, &handle);
  napi_create_int32(env, bound_port, &port_value);
  napi_create_array_with_length(env, 2, &result);
  napi_set_element(env, result, 0, handle);
  napi_set_element(env, result, 1, port_value);
  return result;
}

// peer(handle, index) -> Buffer with the sender's sockaddr, for answers sent later.
static napi_value peer(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  batch_socket *s;
  int32_t index;
  napi_get_value_external(env, argv[0], (void **)&s);
  napi_get_value_int32(env, argv[1], &index);
  if (index < 0 || index >= BATCH) {
    napi_throw_range_error(env, NULL, "no such packet in the batch");
    return NULL;
  }
  napi_value result;
  void *data;
  napi_create_buffer_copy(env, s->recv[index].msg_hdr.msg_namelen, &s->peers[index], &data, &result);
  return result;
}

// sendTo(handle, message: Buffer, peer: Buffer) -> bytes sent, or -1
static napi_value send_to(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  batch_socket *s;
  void *message, *address;
  size_t message_length, address_length;
  napi_get_value_external(env, argv[0], (void **)&s);
  napi_get_buffer_info(env, argv[1], &message, &message_length);
  napi_get_buffer_info(env, argv[2], &address, &address_length);
  ssize_t sent = s->closed ? -1 : sendto(s->fd, message, message_length, MSG_DONTWAIT, (struct sockaddr *)address, (socklen_t)address_length);
  napi_value result;
  napi_create_int32(env, (int32_t)sent, &result);
  return result;
}

static napi_value close_socket(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  batch_socket *s;
  napi_get_value_external(env, argv[0], (void **)&s);
  stop(s);
  return NULL;
}

static napi_value init(napi_env env, napi_value exports) {
  napi_property_descriptor properties[] = {
    {"open", NULL, open_socket, NULL, NULL, NULL, napi_default, NULL},
    {"peer", NULL, peer, NULL, NULL, NULL, napi_default, NULL},
    {"sendTo", NULL, send_to, NULL, NULL, NULL, napi_default, NULL},
    {"close", NULL, close_socket, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, 4, properties);
  cached_answers_define(env, exports);
  napi_value batch, slot;
  napi_create_int32(env, BATCH, &batch);
  napi_create_int32(env, SLOT, &slot);
  napi_set_named_property(env, exports, "BATCH", batch);
  napi_set_named_property(env, exports, "SLOT", slot);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
