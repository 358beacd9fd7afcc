/* Do-nothing slot implementations shared by the deliberately broken plugins: each broken plugin is broken in one
   way only, so that the loader's message for that one problem can be asserted. */
#ifndef KVBENCH_TESTS_PLUGINS_BROKEN_STUB_SLOTS_H_
#define KVBENCH_TESTS_PLUGINS_BROKEN_STUB_SLOTS_H_

#include <kvbench/plugin.h>

static inline kvb_status stub_open(const kvb_open_params* p, kvb_engine** e, char* err, size_t cap) {
  (void)p, (void)err, (void)cap;
  *e = NULL;
  return KVB_NOT_SUPPORTED;
}
static inline kvb_status stub_engine(kvb_engine* e, char* err, size_t cap) {
  (void)e, (void)err, (void)cap;
  return KVB_OK;
}
static inline kvb_status stub_describe(kvb_engine* e, int32_t k, kvb_bytes_sink s, void* c, char* err, size_t cap) {
  (void)e, (void)k, (void)s, (void)c, (void)err, (void)cap;
  return KVB_NOT_SUPPORTED;
}
static inline kvb_status stub_store_open(kvb_engine* e, const char* n, size_t ns, kvb_store** s, char* err,
                                         size_t cap) {
  (void)e, (void)n, (void)ns, (void)err, (void)cap;
  *s = NULL;
  return KVB_NOT_SUPPORTED;
}
static inline void stub_store_close(kvb_store* s) { (void)s; }
static inline kvb_status stub_put(kvb_store* s, const void* k, size_t ks, const void* v, size_t vs, char* err,
                                  size_t cap) {
  (void)s, (void)k, (void)ks, (void)v, (void)vs, (void)err, (void)cap;
  return KVB_NOT_SUPPORTED;
}
static inline kvb_status stub_get(kvb_store* s, const void* k, size_t ks, kvb_bytes_sink sink, void* c, char* err,
                                  size_t cap) {
  (void)s, (void)k, (void)ks, (void)sink, (void)c, (void)err, (void)cap;
  return KVB_NOT_FOUND;
}
static inline kvb_status stub_remove(kvb_store* s, const void* k, size_t ks, char* err, size_t cap) {
  (void)s, (void)k, (void)ks, (void)err, (void)cap;
  return KVB_NOT_SUPPORTED;
}
static inline kvb_status stub_iterator_create(kvb_store* s, kvb_iterator** it, char* err, size_t cap) {
  (void)s, (void)err, (void)cap;
  *it = NULL;
  return KVB_NOT_SUPPORTED;
}
static inline void stub_iterator(kvb_iterator* it) { (void)it; }
static inline void stub_iterator_seek(kvb_iterator* it, const void* k, size_t ks) { (void)it, (void)k, (void)ks; }
static inline int32_t stub_iterator_valid(const kvb_iterator* it) {
  (void)it;
  return 0;
}
static inline void stub_iterator_bytes(const kvb_iterator* it, const void** p, size_t* n) {
  (void)it;
  *p = NULL;
  *n = 0;
}
static inline kvb_status stub_iterator_status(const kvb_iterator* it, char* err, size_t cap) {
  (void)it, (void)err, (void)cap;
  return KVB_OK;
}

/* Every required slot but `get`, so a plugin can leave `get` NULL without overriding an initializer. */
#define KVB_STUB_SLOTS_EXCEPT_GET                                                                                   \
  .engine_open = stub_open, .engine_close = stub_engine, .engine_stabilize = stub_engine,                           \
  .engine_settle = stub_engine, .engine_describe = stub_describe, .store_open = stub_store_open,                    \
  .store_close = stub_store_close, .put = stub_put, .remove = stub_remove, .iterator_create = stub_iterator_create, \
  .iterator_destroy = stub_iterator, .iterator_seek = stub_iterator_seek, .iterator_seek_first = stub_iterator,     \
  .iterator_next = stub_iterator, .iterator_valid = stub_iterator_valid, .iterator_key = stub_iterator_bytes,       \
  .iterator_value = stub_iterator_bytes, .iterator_status = stub_iterator_status
#define KVB_STUB_SLOTS KVB_STUB_SLOTS_EXCEPT_GET, .get = stub_get

#endif /* KVBENCH_TESTS_PLUGINS_BROKEN_STUB_SLOTS_H_ */
