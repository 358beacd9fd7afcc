/*
 * kvbench engine plugin ABI, version 1.0.
 *
 * The one C header a storage-engine plugin needs. C11, no dependencies; it compiles as C and as C++ with
 * -Wall -Wextra -Wpedantic -Werror. The rules it follows are in docs/plugin-abi.md and its history in
 * plugin-api/CHANGELOG.md.
 *
 * A plugin is a shared object exporting exactly one symbol, the function kvbench_plugin_entry. The host calls it
 * with its own ABI version and a table of host services; the plugin hands back a pointer to its static, immutable
 * plugin table. Everything else crosses the boundary through that table.
 *
 * Handles: an engine (one opened data directory), a store (a named, ordered keyspace inside an engine) and an
 * iterator (a cursor over one store). All three are opaque; every create has its destroy.
 *
 * Errors: every fallible call returns a kvb_status. KVB_NOT_FOUND is a normal result, not a failure. Calls that can
 * fail take a caller-owned buffer (err, err_capacity) for a human-readable detail: the plugin writes at most
 * err_capacity bytes including a terminating NUL (truncating), and only when it returns something other than
 * KVB_OK or KVB_NOT_FOUND. err may be NULL when err_capacity is 0. Nothing is allocated across the boundary.
 *
 * Ownership: every pointer passed into a call is borrowed for the duration of that call. Bytes handed to a sink
 * are valid only inside the sink call. Iterator key/value pointers are valid until the iterator moves or is
 * destroyed. Strings in the plugin table are static. Memory allocated by one side is never freed by the other.
 *
 * Threading: open/close/maintenance/describe calls are made from one host thread and never concurrently with any
 * other call on the same engine or its stores. Data calls (put/get/remove/scan/count/iterator_create) on one
 * engine may be made concurrently from several threads only when the plugin declares
 * KVB_CAP_CONCURRENT_DATA_CALLS; otherwise the host serialises them. An iterator belongs to the thread that
 * created it. Callbacks (sinks) run synchronously on the calling thread. The host's log service is thread-safe.
 * Plugins never write to stdout.
 *
 * Versions: every struct that crosses the boundary starts with struct_size, abi_major, abi_minor (the
 * KVB_STRUCT_HEADER). A major change is incompatible and refused at load. A minor change only appends fields; a
 * zero in an appended field means the old behaviour. A reader treats a slot as present only if it lies inside the
 * writer's struct_size and is non-NULL; a struct larger than the reader knows must have an all-zero unknown tail,
 * else the reader answers KVB_NOT_SUPPORTED.
 */
#ifndef KVBENCH_PLUGIN_H_
#define KVBENCH_PLUGIN_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KVB_ABI_MAJOR 1
#define KVB_ABI_MINOR 0

/* The one exported symbol, of type kvb_plugin_entry_fn. */
#define KVB_ENTRY_SYMBOL "kvbench_plugin_entry"

/* ---- Status codes (int32_t). New codes may be added in minor versions; treat unknown codes as errors. ---- */
typedef int32_t kvb_status;
#define KVB_OK 0
#define KVB_NOT_FOUND 1
#define KVB_INVALID_ARGUMENT 2
#define KVB_NOT_SUPPORTED 3
#define KVB_CORRUPTION 4
#define KVB_IO_ERROR 5
#define KVB_BUSY 6
#define KVB_TIMED_OUT 7
#define KVB_OUT_OF_MEMORY 8
#define KVB_INTERNAL 9
#define KVB_ABI_MISMATCH 10

/* ---- Capability bits (plugin table field `capabilities`). ---- */
/* Data calls may run concurrently from several threads (see Threading above). */
#define KVB_CAP_CONCURRENT_DATA_CALLS ((uint64_t)1 << 0)
/* The `scan` slot is implemented (batched range/prefix scan through a sink). */
#define KVB_CAP_SCAN ((uint64_t)1 << 1)
/* The `count` slot is implemented (number of live keys in a store). */
#define KVB_CAP_COUNT ((uint64_t)1 << 2)
/* engine_describe answers KVB_DESCRIBE_STATS with a JSON object of engine statistics. */
#define KVB_CAP_STATS_JSON ((uint64_t)1 << 3)
/* engine_describe answers KVB_DESCRIBE_EFFECTIVE_SETTINGS (always expected of bundled plugins). */
#define KVB_CAP_EFFECTIVE_SETTINGS ((uint64_t)1 << 4)
/* Data survives engine_close and a later engine_open on the same directory. */
#define KVB_CAP_PERSISTENT ((uint64_t)1 << 5)

/* ---- Log levels for kvb_host_services.log. ---- */
#define KVB_LOG_TRACE 0
#define KVB_LOG_DEBUG 1
#define KVB_LOG_INFO 2
#define KVB_LOG_WARN 3
#define KVB_LOG_ERROR 4

/* ---- What engine_describe reports. ---- */
/* The settings the engine really runs with, defaults filled in: a JSON object. */
#define KVB_DESCRIBE_EFFECTIVE_SETTINGS 1
/* One line of plain text: what a crash can lose under the configured durability settings. */
#define KVB_DESCRIBE_DURABILITY 2
/* Engine statistics: a JSON object (only with KVB_CAP_STATS_JSON). */
#define KVB_DESCRIBE_STATS 3

/* ---- Scan flags (kvb_scan_request.flags). ---- */
/* Start at the first key of the store; `start` is ignored. */
#define KVB_SCAN_FROM_FIRST ((uint32_t)1 << 0)
/* `bound` is a prefix: visit keys that start with it. Without this flag `bound` is an upper bound. */
#define KVB_SCAN_BOUND_IS_PREFIX ((uint32_t)1 << 1)
/* The upper bound is inclusive (key <= bound); without this flag it is exclusive (key < bound). */
#define KVB_SCAN_BOUND_INCLUSIVE ((uint32_t)1 << 2)

/* Opaque handles. */
typedef struct kvb_engine kvb_engine;
typedef struct kvb_store kvb_store;
typedef struct kvb_iterator kvb_iterator;

/* The first three fields of every struct that crosses the boundary. */
#define KVB_STRUCT_HEADER \
  uint32_t struct_size;   \
  uint16_t abi_major;     \
  uint16_t abi_minor

/* Receives bytes that are valid only during this call. */
typedef void (*kvb_bytes_sink)(void* context, const void* data, size_t size);

/* Receives one scanned entry, valid only during this call. Return 0 to continue, non-zero to stop the scan. */
typedef int32_t (*kvb_entry_sink)(void* context, const void* key, size_t key_size, const void* value,
                                  size_t value_size);

/* Services the host offers to the plugin; valid until the process exits. */
typedef struct kvb_host_services {
  KVB_STRUCT_HEADER;
  void* context;
  /* Thread-safe. `message` need not be NUL-terminated. May be NULL: then the plugin stays silent. */
  void (*log)(void* context, int32_t level, const char* message, size_t message_size);
} kvb_host_services;

/* Arguments of engine_open. */
typedef struct kvb_open_params {
  KVB_STRUCT_HEADER;
  /* The engine's data directory (not NUL-terminated). It exists and may be empty (a fresh engine) or hold files
     of an earlier engine_open of this plugin (a reopen). */
  const char* data_dir;
  size_t data_dir_size;
  /* JSON object text {"settings": {...}, "durability": {...}}, both members optional. The plugin parses it
     strictly: an unknown key or a wrong type is KVB_INVALID_ARGUMENT with a message naming the key. */
  const char* config_json;
  size_t config_json_size;
} kvb_open_params;

/* Arguments of the batched scan. */
typedef struct kvb_scan_request {
  KVB_STRUCT_HEADER;
  uint32_t flags; /* KVB_SCAN_* */
  uint32_t reserved; /* must be 0 */
  /* Visit keys >= start (bytewise), unless KVB_SCAN_FROM_FIRST. */
  const void* start;
  size_t start_size;
  /* NULL: no bound. Else a prefix (with KVB_SCAN_BOUND_IS_PREFIX) or an upper bound: exclusive (key < bound) by
     default, inclusive (key <= bound) with KVB_SCAN_BOUND_INCLUSIVE. */
  const void* bound;
  size_t bound_size;
  /* At most this many entries are handed to the sink; 0 means no limit. */
  uint64_t limit;
} kvb_scan_request;

/* The plugin's table: static and immutable for the life of the process. Every slot up to and including
   `iterator_status` is required in ABI 1.0 (KVB_PLUGIN_TABLE_MIN_SIZE); `scan` and `count` are optional and gated
   by their capability bits. */
typedef struct kvb_plugin_table {
  KVB_STRUCT_HEADER;
  const char* name;        /* short, stable engine name, e.g. "rocksdb5" */
  const char* version;     /* the plugin's own version, e.g. "1.2.0 (RocksDB 7.8.3)" */
  const char* description; /* one line */
  uint64_t capabilities;   /* KVB_CAP_* */

  /* Opens (creating if empty) the engine on params->data_dir. On KVB_OK, *engine is a live handle that must be
     passed to engine_close exactly once. On failure *engine is left NULL. */
  kvb_status (*engine_open)(const kvb_open_params* params, kvb_engine** engine, char* err, size_t err_capacity);

  /* Closes and frees the engine: joins every background thread and leaves files a later engine_open reopens.
     REQUIRES: every store of this engine is closed. The handle is freed even when an error is returned. */
  kvb_status (*engine_close)(kvb_engine* engine, char* err, size_t err_capacity);

  /* Brings every store to its read-ready state (an LSM: flush memtables, wait for merges/compactions). */
  kvb_status (*engine_stabilize)(kvb_engine* engine, char* err, size_t err_capacity);

  /* Flush/checkpoint before close, so that the data directory holds what the engine will reopen. */
  kvb_status (*engine_settle)(kvb_engine* engine, char* err, size_t err_capacity);

  /* Reports KVB_DESCRIBE_* text through `sink` (called once, or not at all on error). An unknown kind is
     KVB_NOT_SUPPORTED. */
  kvb_status (*engine_describe)(kvb_engine* engine, int32_t kind, kvb_bytes_sink sink, void* context, char* err,
                                size_t err_capacity);

  /* Opens (creating if absent) the store named `name` (ASCII, [A-Za-z0-9._-], not NUL-terminated). A store may
     be open once at a time. On KVB_OK, *store must be passed to store_close before the engine closes. */
  kvb_status (*store_open)(kvb_engine* engine, const char* name, size_t name_size, kvb_store** store, char* err,
                           size_t err_capacity);

  /* Closes and frees the store. REQUIRES: every iterator of this store is destroyed. */
  void (*store_close)(kvb_store* store);

  /* Sets key to value, replacing any earlier value. Keys and values are arbitrary bytes; keys compare bytewise. */
  kvb_status (*put)(kvb_store* store, const void* key, size_t key_size, const void* value, size_t value_size,
                    char* err, size_t err_capacity);

  /* Looks key up. KVB_OK: `sink` was called exactly once with the value. KVB_NOT_FOUND: sink was not called. */
  kvb_status (*get)(kvb_store* store, const void* key, size_t key_size, kvb_bytes_sink sink, void* context,
                    char* err, size_t err_capacity);

  /* Removes key. Removing an absent key is KVB_OK. */
  kvb_status (*remove)(kvb_store* store, const void* key, size_t key_size, char* err, size_t err_capacity);

  /* Creates an iterator over a consistent view of the store; it starts unpositioned (not valid). */
  kvb_status (*iterator_create)(kvb_store* store, kvb_iterator** iterator, char* err, size_t err_capacity);
  void (*iterator_destroy)(kvb_iterator* iterator);
  /* Positions at the first key >= key. */
  void (*iterator_seek)(kvb_iterator* iterator, const void* key, size_t key_size);
  void (*iterator_seek_first)(kvb_iterator* iterator);
  /* REQUIRES: iterator_valid. */
  void (*iterator_next)(kvb_iterator* iterator);
  /* 1 when positioned on an entry; 0 at the end of data or after an error (tell them apart with status). */
  int32_t (*iterator_valid)(const kvb_iterator* iterator);
  /* REQUIRES: iterator_valid. The bytes stay valid until the iterator moves or is destroyed. */
  void (*iterator_key)(const kvb_iterator* iterator, const void** key, size_t* key_size);
  void (*iterator_value)(const kvb_iterator* iterator, const void** value, size_t* value_size);
  /* KVB_OK unless the iterator hit an error. */
  kvb_status (*iterator_status)(const kvb_iterator* iterator, char* err, size_t err_capacity);

  /* Optional (KVB_CAP_SCAN): visits entries of `request` in key order, handing each to `sink` until the sink
     returns non-zero, the limit is reached or the range ends. *visited (may be NULL) receives the number of
     entries handed to the sink. */
  kvb_status (*scan)(kvb_store* store, const kvb_scan_request* request, kvb_entry_sink sink, void* context,
                     uint64_t* visited, char* err, size_t err_capacity);

  /* Optional (KVB_CAP_COUNT): the number of live keys in the store. */
  kvb_status (*count)(kvb_store* store, uint64_t* count, char* err, size_t err_capacity);
} kvb_plugin_table;

/* The smallest table an ABI 1.x host accepts: every slot before the optional ones. */
#define KVB_PLUGIN_TABLE_MIN_SIZE offsetof(kvb_plugin_table, scan)

/* The entry point. `host` describes the host (its ABI version and services); it stays valid until the process
   exits. The plugin sets *table to its static table whenever it can, even when it cannot serve this host (so the
   host can name both versions), and returns KVB_OK, or KVB_ABI_MISMATCH when host->abi_major differs from the
   plugin's. The host checks the table's version and size before it uses any other field. */
typedef kvb_status (*kvb_plugin_entry_fn)(const kvb_host_services* host, const kvb_plugin_table** table);

#if defined(_WIN32)
#define KVB_EXPORT __declspec(dllexport)
#else
#define KVB_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* KVBENCH_PLUGIN_H_ */
