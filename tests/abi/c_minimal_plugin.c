/*
 * c_minimal.so: a complete kvbench plugin written in plain C11 against <kvbench/plugin.h> alone, with no SDK.
 * It proves that the ABI needs nothing from C++: a static table, one exported entry function, opaque handles
 * defined by the plugin. Stores are sorted arrays in memory (nothing survives close, so no KVB_CAP_PERSISTENT);
 * no scan or count slot, so the host's fallbacks are exercised. It accepts no settings: any key in "settings" or
 * "durability" is refused by name, as the ABI requires.
 */
#include <kvbench/plugin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct entry {
  char* key;
  size_t key_size;
  char* value;
  size_t value_size;
} entry;

/* A copy of a store's entries that iterators read: the ABI promises each iterator a consistent view. The first
 * iterator after a write makes it, the iterators after that share it, and the next write drops the store's
 * reference (the iterators keep theirs). */
typedef struct view {
  size_t refs;
  entry* entries;
  size_t count;
} view;

typedef struct named_store {
  char* name;
  size_t name_size;
  entry* entries; /* sorted bytewise by key */
  size_t count;
  size_t capacity;
  view* view; /* NULL until an iterator needs one, and after every write */
} named_store;

struct kvb_engine {
  named_store** stores; /* pointers, so a store's address survives growth of this array */
  size_t count;
  size_t capacity;
};

/* A store handle is the named_store itself: closing it keeps the data in the engine. */
struct kvb_store {
  named_store data;
};

struct kvb_iterator {
  view* view;
  size_t position; /* valid while < view->count */
};

static kvb_status fail(char* err, size_t cap, kvb_status code, const char* message) {
  if (err != NULL && cap > 0) snprintf(err, cap, "%s", message);
  return code;
}

static int compare(const void* a, size_t an, const void* b, size_t bn) {
  size_t n = an < bn ? an : bn;
  int c = n == 0 ? 0 : memcmp(a, b, n);
  if (c != 0) return c;
  return an < bn ? -1 : (an > bn ? 1 : 0);
}

/* Index of the first of `count` sorted entries with key >= `key`. */
static size_t lower_bound(const entry* entries, size_t count, const void* key, size_t key_size) {
  size_t lo = 0, hi = count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = compare(entries[mid].key, entries[mid].key_size, key, key_size);
    if (c < 0) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

static char* copy_bytes(const void* data, size_t size) {
  char* p = (char*)malloc(size == 0 ? 1 : size);
  if (p != NULL && size > 0) memcpy(p, data, size);
  return p;
}

static void free_entries(entry* entries, size_t count) {
  size_t i;
  for (i = 0; i < count; ++i) {
    free(entries[i].key);
    free(entries[i].value);
  }
  free(entries);
}

static void view_release(view* v) {
  if (v == NULL || --v->refs > 0) return;
  free_entries(v->entries, v->count);
  free(v);
}

/* A copy of the store's entries with one reference, or NULL when out of memory. */
static view* view_copy(const named_store* s) {
  size_t i;
  view* v = (view*)calloc(1, sizeof(view));
  if (v == NULL) return NULL;
  v->refs = 1;
  v->entries = (entry*)calloc(s->count == 0 ? 1 : s->count, sizeof(entry));
  if (v->entries == NULL) {
    free(v);
    return NULL;
  }
  for (i = 0; i < s->count; ++i, ++v->count) {
    entry* e = &v->entries[i];
    e->key = copy_bytes(s->entries[i].key, s->entries[i].key_size);
    e->value = copy_bytes(s->entries[i].value, s->entries[i].value_size);
    e->key_size = s->entries[i].key_size;
    e->value_size = s->entries[i].value_size;
    if (e->key == NULL || e->value == NULL) {
      ++v->count; /* free_entries frees this half-made entry too */
      view_release(v);
      return NULL;
    }
  }
  return v;
}

/* Called before every change to a store: its iterators keep the view they have, new ones get a new one. */
static void store_changing(named_store* s) {
  view_release(s->view);
  s->view = NULL;
}

/* ---- Configuration: this plugin has no settings, so the only valid members are empty objects. ---- */

static const char* skip_ws(const char* p, const char* end) {
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) ++p;
  return p;
}

/* Reads a JSON string without escapes into out (truncated); returns the position after it, or NULL. */
static const char* read_string(const char* p, const char* end, char* out, size_t cap) {
  size_t n = 0;
  if (p >= end || *p != '"') return NULL;
  for (++p; p < end && *p != '"'; ++p) {
    if (*p == '\\') return NULL;
    if (n + 1 < cap) out[n++] = *p;
  }
  out[n] = '\0';
  return p < end ? p + 1 : NULL;
}

static kvb_status check_config(const char* json, size_t size, char* err, size_t cap) {
  const char* end = json + size;
  const char* p = skip_ws(json, end);
  char key[128], message[320];  // room for both 127-byte names (-Wformat-truncation at -O2)
  if (p == end) return KVB_OK;  /* no configuration */
  if (*p != '{') return fail(err, cap, KVB_INVALID_ARGUMENT, "engine configuration must be a JSON object");
  p = skip_ws(p + 1, end);
  if (p < end && *p == '}') return KVB_OK;
  for (;;) {
    p = read_string(p, end, key, sizeof(key));
    if (p == NULL) return fail(err, cap, KVB_INVALID_ARGUMENT, "engine configuration is not valid JSON");
    if (strcmp(key, "settings") != 0 && strcmp(key, "durability") != 0) {
      snprintf(message, sizeof(message), "unknown member '%s' in the engine configuration", key);
      return fail(err, cap, KVB_INVALID_ARGUMENT, message);
    }
    p = skip_ws(p, end);
    if (p >= end || *p != ':') return fail(err, cap, KVB_INVALID_ARGUMENT, "engine configuration is not valid JSON");
    p = skip_ws(p + 1, end);
    if (p >= end || *p != '{') {
      snprintf(message, sizeof(message), "%s: expected a JSON object", key);
      return fail(err, cap, KVB_INVALID_ARGUMENT, message);
    }
    p = skip_ws(p + 1, end);
    if (p < end && *p == '"') {
      char setting[128];
      if (read_string(p, end, setting, sizeof(setting)) == NULL) {
        return fail(err, cap, KVB_INVALID_ARGUMENT, "engine configuration is not valid JSON");
      }
      snprintf(message, sizeof(message), "unknown setting '%s.%s' (this plugin has no settings)", key, setting);
      return fail(err, cap, KVB_INVALID_ARGUMENT, message);
    }
    if (p >= end || *p != '}') return fail(err, cap, KVB_INVALID_ARGUMENT, "engine configuration is not valid JSON");
    p = skip_ws(p + 1, end);
    if (p < end && *p == ',') {
      p = skip_ws(p + 1, end);
      continue;
    }
    if (p < end && *p == '}' && skip_ws(p + 1, end) == end) return KVB_OK;
    return fail(err, cap, KVB_INVALID_ARGUMENT, "engine configuration is not valid JSON");
  }
}

/* ---- Engine ---- */

static kvb_status engine_open(const kvb_open_params* params, kvb_engine** engine, char* err, size_t cap) {
  size_t i;
  kvb_status rc;
  if (engine == NULL || params == NULL) return fail(err, cap, KVB_INVALID_ARGUMENT, "engine_open: null argument");
  *engine = NULL;
  if (params->struct_size < offsetof(kvb_open_params, config_json_size) + sizeof(size_t)) {
    return fail(err, cap, KVB_NOT_SUPPORTED, "engine_open: kvb_open_params too small");
  }
  for (i = sizeof(kvb_open_params); i < params->struct_size; ++i) {
    if (((const unsigned char*)params)[i] != 0) {
      return fail(err, cap, KVB_NOT_SUPPORTED, "engine_open: kvb_open_params has unknown non-zero fields");
    }
  }
  rc = check_config(params->config_json, params->config_json == NULL ? 0 : params->config_json_size, err, cap);
  if (rc != KVB_OK) return rc;
  *engine = (kvb_engine*)calloc(1, sizeof(kvb_engine));
  return *engine == NULL ? fail(err, cap, KVB_OUT_OF_MEMORY, "out of memory") : KVB_OK;
}

static kvb_status engine_close(kvb_engine* engine, char* err, size_t cap) {
  size_t i;
  (void)err;
  (void)cap;
  for (i = 0; i < engine->count; ++i) {
    view_release(engine->stores[i]->view);
    free_entries(engine->stores[i]->entries, engine->stores[i]->count);
    free(engine->stores[i]->name);
    free(engine->stores[i]);
  }
  free(engine->stores);
  free(engine);
  return KVB_OK;
}

static kvb_status engine_noop(kvb_engine* engine, char* err, size_t cap) {
  (void)engine;
  (void)err;
  (void)cap;
  return KVB_OK;
}

static kvb_status engine_describe(kvb_engine* engine, int32_t kind, kvb_bytes_sink sink, void* context, char* err,
                                  size_t cap) {
  const char* text;
  (void)engine;
  if (kind == KVB_DESCRIBE_EFFECTIVE_SETTINGS) {
    text = "{}";
  } else if (kind == KVB_DESCRIBE_DURABILITY) {
    text = "In-memory only (C example plugin): nothing survives engine close or a crash.";
  } else {
    return fail(err, cap, KVB_NOT_SUPPORTED, "engine_describe: unknown kind");
  }
  sink(context, text, strlen(text));
  return KVB_OK;
}

#ifndef C_MINIMAL_ACCEPTS_ANY_STORE_NAME /* the broken variant (tests/abi/CMakeLists.txt) has no such check */
/* Store names are ASCII [A-Za-z0-9._-], at least one character (docs/plugin-abi.md). */
static int valid_store_name(const char* name, size_t size) {
  size_t i;
  if (size == 0) return 0;
  for (i = 0; i < size; ++i) {
    const char c = name[i];
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
          c == '-')) {
      return 0;
    }
  }
  return 1;
}
#endif

static kvb_status store_open(kvb_engine* engine, const char* name, size_t name_size, kvb_store** store, char* err,
                             size_t cap) {
  size_t i;
  named_store* s;
  *store = NULL;
#ifndef C_MINIMAL_ACCEPTS_ANY_STORE_NAME
  if (!valid_store_name(name, name_size)) {
    return fail(err, cap, KVB_INVALID_ARGUMENT, "store name outside [A-Za-z0-9._-] (or empty)");
  }
#endif
  for (i = 0; i < engine->count; ++i) {
    if (compare(engine->stores[i]->name, engine->stores[i]->name_size, name, name_size) == 0) {
      *store = (kvb_store*)engine->stores[i];
      return KVB_OK;
    }
  }
  if (engine->count == engine->capacity) {
    size_t capacity = engine->capacity == 0 ? 8 : engine->capacity * 2;
    named_store** grown = (named_store**)realloc(engine->stores, capacity * sizeof(named_store*));
    if (grown == NULL) return fail(err, cap, KVB_OUT_OF_MEMORY, "out of memory");
    engine->stores = grown;
    engine->capacity = capacity;
  }
  s = (named_store*)calloc(1, sizeof(named_store));
  if (s == NULL || (s->name = copy_bytes(name, name_size)) == NULL) {
    free(s);
    return fail(err, cap, KVB_OUT_OF_MEMORY, "out of memory");
  }
  s->name_size = name_size;
  engine->stores[engine->count++] = s;
  *store = (kvb_store*)s;
  return KVB_OK;
}

static void store_close(kvb_store* store) { (void)store; /* the data stays with the engine */ }

/* ---- Data calls ---- */

static kvb_status put(kvb_store* store, const void* key, size_t key_size, const void* value, size_t value_size,
                      char* err, size_t cap) {
  named_store* s = &store->data;
  size_t i = lower_bound(s->entries, s->count, key, key_size);
  char* v;
  store_changing(s);
  v = copy_bytes(value, value_size);
  if (v == NULL) return fail(err, cap, KVB_OUT_OF_MEMORY, "out of memory");
  if (i < s->count && compare(s->entries[i].key, s->entries[i].key_size, key, key_size) == 0) {
    free(s->entries[i].value);
    s->entries[i].value = v;
    s->entries[i].value_size = value_size;
    return KVB_OK;
  }
  if (s->count == s->capacity) {
    size_t capacity = s->capacity == 0 ? 16 : s->capacity * 2;
    entry* grown = (entry*)realloc(s->entries, capacity * sizeof(entry));
    if (grown == NULL) {
      free(v);
      return fail(err, cap, KVB_OUT_OF_MEMORY, "out of memory");
    }
    s->entries = grown;
    s->capacity = capacity;
  }
  memmove(&s->entries[i + 1], &s->entries[i], (s->count - i) * sizeof(entry));
  s->entries[i].key = copy_bytes(key, key_size);
  if (s->entries[i].key == NULL) {
    memmove(&s->entries[i], &s->entries[i + 1], (s->count - i) * sizeof(entry));
    free(v);
    return fail(err, cap, KVB_OUT_OF_MEMORY, "out of memory");
  }
  s->entries[i].key_size = key_size;
  s->entries[i].value = v;
  s->entries[i].value_size = value_size;
  ++s->count;
  return KVB_OK;
}

static kvb_status get(kvb_store* store, const void* key, size_t key_size, kvb_bytes_sink sink, void* context, char* err,
                      size_t cap) {
  const named_store* s = &store->data;
  size_t i = lower_bound(s->entries, s->count, key, key_size);
  (void)err;
  (void)cap;
  if (i == s->count || compare(s->entries[i].key, s->entries[i].key_size, key, key_size) != 0) return KVB_NOT_FOUND;
  sink(context, s->entries[i].value, s->entries[i].value_size);
  return KVB_OK;
}

static kvb_status remove_key(kvb_store* store, const void* key, size_t key_size, char* err, size_t cap) {
  named_store* s = &store->data;
  size_t i = lower_bound(s->entries, s->count, key, key_size);
  (void)err;
  (void)cap;
  if (i == s->count || compare(s->entries[i].key, s->entries[i].key_size, key, key_size) != 0) return KVB_OK;
  store_changing(s);
  free(s->entries[i].key);
  free(s->entries[i].value);
  memmove(&s->entries[i], &s->entries[i + 1], (s->count - i - 1) * sizeof(entry));
  --s->count;
  return KVB_OK;
}

/* ---- Iterators: each reads a view, a copy of the store that later writes leave alone. ---- */

static kvb_status iterator_create(kvb_store* store, kvb_iterator** iterator, char* err, size_t cap) {
  named_store* s = &store->data;
  *iterator = NULL;
  if (s->view == NULL && (s->view = view_copy(s)) == NULL) return fail(err, cap, KVB_OUT_OF_MEMORY, "out of memory");
  *iterator = (kvb_iterator*)calloc(1, sizeof(kvb_iterator));
  if (*iterator == NULL) return fail(err, cap, KVB_OUT_OF_MEMORY, "out of memory");
  (*iterator)->view = s->view;
  ++s->view->refs;
  (*iterator)->position = SIZE_MAX; /* unpositioned */
  return KVB_OK;
}

static void iterator_destroy(kvb_iterator* it) {
  view_release(it->view);
  free(it);
}

static void iterator_seek(kvb_iterator* it, const void* key, size_t key_size) {
  it->position = lower_bound(it->view->entries, it->view->count, key, key_size);
}

static void iterator_seek_first(kvb_iterator* it) { it->position = 0; }

static void iterator_next(kvb_iterator* it) { ++it->position; }

static int32_t iterator_valid(const kvb_iterator* it) { return it->position < it->view->count; }

static void iterator_key(const kvb_iterator* it, const void** key, size_t* key_size) {
  *key = it->view->entries[it->position].key;
  *key_size = it->view->entries[it->position].key_size;
}

static void iterator_value(const kvb_iterator* it, const void** value, size_t* value_size) {
  *value = it->view->entries[it->position].value;
  *value_size = it->view->entries[it->position].value_size;
}

static kvb_status iterator_status(const kvb_iterator* it, char* err, size_t cap) {
  (void)it;
  (void)err;
  (void)cap;
  return KVB_OK; /* a view cannot fail once made */
}

static const kvb_plugin_table kTable = {
    .struct_size = sizeof(kvb_plugin_table),
    .abi_major = KVB_ABI_MAJOR,
    .abi_minor = KVB_ABI_MINOR,
    .name = "c_minimal",
    .version = "1.0.0",
    .description = "A complete plugin in plain C11 (sorted arrays in memory): the ABI without the C++ SDK",
    .capabilities = KVB_CAP_EFFECTIVE_SETTINGS,
    .engine_open = engine_open,
    .engine_close = engine_close,
    .engine_stabilize = engine_noop,
    .engine_settle = engine_noop,
    .engine_describe = engine_describe,
    .store_open = store_open,
    .store_close = store_close,
    .put = put,
    .get = get,
    .remove = remove_key,
    .iterator_create = iterator_create,
    .iterator_destroy = iterator_destroy,
    .iterator_seek = iterator_seek,
    .iterator_seek_first = iterator_seek_first,
    .iterator_next = iterator_next,
    .iterator_valid = iterator_valid,
    .iterator_key = iterator_key,
    .iterator_value = iterator_value,
    .iterator_status = iterator_status,
    .scan = NULL,
    .count = NULL,
};

KVB_EXPORT kvb_status kvbench_plugin_entry(const kvb_host_services* host, const kvb_plugin_table** table) {
  if (table == NULL) return KVB_INVALID_ARGUMENT;
  *table = &kTable;
  if (host == NULL || host->struct_size < offsetof(kvb_host_services, context)) return KVB_INVALID_ARGUMENT;
  return host->abi_major == KVB_ABI_MAJOR ? KVB_OK : KVB_ABI_MISMATCH;
}
