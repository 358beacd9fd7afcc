// Checks of the engine-level calls: open on an empty directory, describe (effective settings, durability line,
// unknown kinds), maintenance calls, strict configuration, error buffers and size-versioned structs.
#include <cstring>
#include <nlohmann/json.hpp>

#include "conformance/check.hpp"
#include "conformance/check_util.hpp"

namespace kvbench::conformance {
namespace {

struct Described {
  kvb_status rc = KVB_INTERNAL;
  int sink_calls = 0;
  std::string text;
  std::string error;
};

Described Describe(const kvb_plugin_table& t, kvb_engine* engine, int32_t kind) {
  Described d;
  char err[1024] = {};
  d.rc = t.engine_describe(
      engine, kind,
      [](void* ctx, const void* data, size_t size) {
        auto* out = static_cast<Described*>(ctx);
        ++out->sink_calls;
        out->text.assign(static_cast<const char*>(data), size);
      },
      &d, err, sizeof(err));
  d.error = err;
  return d;
}

// engine_open with `config`, expecting a rejection: returns "" when it was INVALID_ARGUMENT with a message
// containing every one of `must_name`, and the engine was left NULL; else what went wrong.
std::string ExpectRejected(CheckContext& ctx, const std::string& config, std::initializer_list<std::string> must_name) {
  const kvb_plugin_table& t = ctx.table();
  kvb_open_params p = MakeOpenParams(ctx.data_dir(), config);
  kvb_engine* engine = reinterpret_cast<kvb_engine*>(&p);  // any non-NULL value: it must be reset to NULL
  ErrBuffer err;
  kvb_status rc = t.engine_open(&p, &engine, err.text, sizeof(err.text));
  if (rc == KVB_OK) {
    RawEngine cleanup(&t);
    cleanup.Adopt(engine);
    return Str("config ", config, " was accepted (expected INVALID_ARGUMENT)");
  }
  if (engine != nullptr) return Str("config ", config, ": engine_open failed but left *engine non-NULL");
  if (rc != KVB_INVALID_ARGUMENT) {
    return Str("config ", config, ": expected INVALID_ARGUMENT, got ", StatusCodeName(rc), ": ", err.str());
  }
  if (!err.touched()) return Str("config ", config, ": rejected, but no message was written to the err buffer");
  for (const std::string& name : must_name) {
    if (err.str().find(name) == std::string::npos) {
      return Str("config ", config, ": the message \"", err.str(), "\" does not name '", name, "'");
    }
  }
  return "";
}

// Whether engine_open accepts `config` on a fresh directory (the engine is closed again).
bool Accepted(CheckContext& ctx, const std::string& config) {
  RawEngine engine(&ctx.table());
  const std::string dir = ctx.NewDir("accepted");
  return engine.Open(dir, config).ok() && engine.Close().ok();
}

Outcome OpenEmptyDir(CheckContext& ctx) {
  const char* configs[] = {"", "{}", R"({"settings":{},"durability":{}})"};
  int i = 0;
  for (const char* config : configs) {
    const std::string dir = ctx.NewDir(Str("empty", i++));
    std::unique_ptr<host::EngineClient> engine;
    Status s = ctx.OpenEngine(&engine, config, dir);
    if (!s.ok()) return Outcome::Fail(Failure(Str("engine_open on an empty directory with config '", config, "'"), s));
    s = engine->Close();
    if (!s.ok()) return Outcome::Fail(Failure("engine_close right after open", s));
  }
  return Outcome::Pass("opens on an empty directory with an empty, '{}' and empty-sections config; closes OK");
}

Outcome EffectiveSettings(CheckContext& ctx) {
  RawEngine engine(&ctx.table());
  Status s = engine.Open(ctx.data_dir(), "");
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  Described d = Describe(ctx.table(), engine.engine(), KVB_DESCRIBE_EFFECTIVE_SETTINGS);
  const bool declared = ctx.plugin()->Has(KVB_CAP_EFFECTIVE_SETTINGS);
  if (!declared && d.rc == KVB_NOT_SUPPORTED) {
    return Outcome::Skip("KVB_CAP_EFFECTIVE_SETTINGS not declared and describe answers NOT_SUPPORTED");
  }
  if (d.rc != KVB_OK) return Outcome::Fail(Failure("describe(EFFECTIVE_SETTINGS)", d.rc, d.error));
  if (d.sink_calls != 1) return Outcome::Fail(Str("describe called the sink ", d.sink_calls, " times, expected 1"));
  nlohmann::json j = nlohmann::json::parse(d.text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Outcome::Fail("effective settings are not valid JSON: " + Printable(d.text));
  if (!j.is_object()) return Outcome::Fail("effective settings are JSON but not an object: " + Printable(d.text));
  return Outcome::Pass(Str("a JSON object with ", j.size(), " members"));
}

Outcome DurabilityLine(CheckContext& ctx) {
  RawEngine engine(&ctx.table());
  Status s = engine.Open(ctx.data_dir(), "");
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  Described d = Describe(ctx.table(), engine.engine(), KVB_DESCRIBE_DURABILITY);
  if (d.rc != KVB_OK) return Outcome::Fail(Failure("describe(DURABILITY)", d.rc, d.error));
  if (d.sink_calls != 1) return Outcome::Fail(Str("describe called the sink ", d.sink_calls, " times, expected 1"));
  if (d.text.find_first_not_of(" \t") == std::string::npos) return Outcome::Fail("the durability line is empty");
  if (d.text.find('\n') != std::string::npos) return Outcome::Fail("the durability line has a line break");
  return Outcome::Pass("\"" + d.text + "\"");
}

Outcome DescribeOtherKinds(CheckContext& ctx) {
  RawEngine engine(&ctx.table());
  Status s = engine.Open(ctx.data_dir(), "");
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  for (int32_t kind : {0, 999, -1}) {
    Described d = Describe(ctx.table(), engine.engine(), kind);
    if (d.rc != KVB_NOT_SUPPORTED) {
      return Outcome::Fail(
          Str("describe(kind ", kind, ") returned ", StatusCodeName(d.rc), ", expected NOT_SUPPORTED"));
    }
    if (d.sink_calls != 0) return Outcome::Fail(Str("describe(kind ", kind, ") called the sink"));
  }
  Described stats = Describe(ctx.table(), engine.engine(), KVB_DESCRIBE_STATS);
  if (ctx.plugin()->Has(KVB_CAP_STATS_JSON)) {
    if (stats.rc != KVB_OK)
      return Outcome::Fail(Failure("describe(STATS) with KVB_CAP_STATS_JSON", stats.rc, stats.error));
    nlohmann::json j = nlohmann::json::parse(stats.text, nullptr, false);
    if (!j.is_object()) return Outcome::Fail("describe(STATS) is not a JSON object: " + Printable(stats.text));
    return Outcome::Pass("unknown kinds are NOT_SUPPORTED; stats are a JSON object");
  }
  if (stats.rc != KVB_NOT_SUPPORTED) {
    return Outcome::Fail(Str("describe(STATS) without KVB_CAP_STATS_JSON returned ", StatusCodeName(stats.rc),
                             ", expected NOT_SUPPORTED"));
  }
  return Outcome::Pass("unknown kinds and STATS (not declared) are NOT_SUPPORTED without calling the sink");
}

Outcome Maintenance(CheckContext& ctx) {
  std::unique_ptr<host::EngineClient> engine;
  Status s = ctx.OpenEngine(&engine);
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  if (s = engine->Stabilize(); !s.ok()) return Outcome::Fail(Failure("stabilize on an empty engine", s));
  if (s = engine->Settle(); !s.ok()) return Outcome::Fail(Failure("settle on an empty engine", s));
  {
    std::unique_ptr<host::StoreClient> store;
    if (s = OpenStore(*engine, "maintenance", &store); !s.ok()) return Outcome::Fail(s.message());
    Entries data;
    for (int i = 0; i < 500; ++i)
      data.emplace_back(Str("key", 1000 + i), std::string(100, static_cast<char>('a' + i % 26)));
    if (s = PutAll(*store, data); !s.ok()) return Outcome::Fail(s.message());
    if (s = engine->Stabilize(); !s.ok()) return Outcome::Fail(Failure("stabilize with data", s));
    if (s = engine->Settle(); !s.ok()) return Outcome::Fail(Failure("settle with data", s));
    Entries got;
    if (s = ReadAll(*store, &got); !s.ok()) return Outcome::Fail(Failure("iterating after settle", s));
    if (std::string d = DiffEntries(data, got); !d.empty()) return Outcome::Fail("after stabilize+settle: " + d);
    GetResult g = GetValue(*store, "key1234");
    if (g.rc != KVB_OK || g.value != data[234].second) return Outcome::Fail("get after settle lost key1234");
  }
  if (s = engine->Close(); !s.ok()) return Outcome::Fail(Failure("close", s));
  return Outcome::Pass("stabilize and settle succeed on an empty and a populated engine; data intact");
}

Outcome UnknownKeyRejected(CheckContext& ctx) {
  const std::pair<std::string, std::string> cases[] = {
      {R"({"settings":{"kvbench_conformance_no_such_setting":1}})", "kvbench_conformance_no_such_setting"},
      {R"({"durability":{"kvbench_conformance_no_such_durability":true}})", "kvbench_conformance_no_such_durability"},
      {R"({"kvbench_conformance_no_such_section":{}})", "kvbench_conformance_no_such_section"},
  };
  for (const auto& [config, key] : cases) {
    if (std::string why = ExpectRejected(ctx, config, {key}); !why.empty()) return Outcome::Fail(why);
  }
  return Outcome::Pass("unknown keys in settings, durability and at the top level are INVALID_ARGUMENT naming the key");
}

// A JSON value of another type than `v`.
nlohmann::json WrongType(const nlohmann::json& v) {
  if (v.is_boolean()) return "not-a-boolean";
  if (v.is_number()) return "not-a-number";
  return 12345;
}

Outcome WrongTypeRejected(CheckContext& ctx) {
  const std::pair<std::string, std::string> sections[] = {{R"({"settings":42})", "settings"},
                                                          {R"({"durability":"fast"})", "durability"}};
  for (const auto& [config, key] : sections) {
    if (std::string why = ExpectRejected(ctx, config, {key}); !why.empty()) return Outcome::Fail(why);
  }
  for (const char* config : {"{not json", "[]", "42"}) {
    if (std::string why = ExpectRejected(ctx, config, {}); !why.empty()) return Outcome::Fail(why);
  }
  // The settings the plugin reports it runs with, each given a value of the wrong type.
  RawEngine engine(&ctx.table());
  Status s = engine.Open(ctx.data_dir(), "");
  if (!s.ok()) return Outcome::Fail(Failure("open", s));
  Described d = Describe(ctx.table(), engine.engine(), KVB_DESCRIBE_EFFECTIVE_SETTINGS);
  s = engine.Close();
  if (!s.ok()) return Outcome::Fail(Failure("close", s));
  nlohmann::json effective = nlohmann::json::parse(d.text, nullptr, false);
  std::vector<std::pair<std::string, nlohmann::json>> probes;  // (section, {key: wrong})
  auto collect = [&](const std::string& section, const nlohmann::json& obj) {
    for (auto it = obj.begin(); it != obj.end() && probes.size() < 8; ++it) {
      if (it.value().is_primitive() && !it.value().is_null()) {
        probes.emplace_back(section, nlohmann::json{{it.key(), WrongType(it.value())}});
      }
    }
  };
  if (d.rc == KVB_OK && effective.is_object()) {
    for (const char* section : {"settings", "durability"}) {
      if (effective.contains(section) && effective[section].is_object()) collect(section, effective[section]);
    }
    // Flat effective settings do not say which keys are durability keys: a key that is accepted with its own value
    // under "durability" (and not under "settings") is one, and is given the wrong type there.
    std::vector<std::pair<std::string, nlohmann::json>> flat;
    auto collect_flat = [&](const std::string& section, const nlohmann::json& obj) {
      flat.swap(probes);
      collect(section, obj);
      flat.swap(probes);
    };
    collect_flat("settings", effective);
    for (auto& [section, member] : flat) {
      const std::string key = member.begin().key();
      const nlohmann::json same = {{key, effective[key]}};
      if (!Accepted(ctx, nlohmann::json{{"settings", same}}.dump()) &&
          Accepted(ctx, nlohmann::json{{"durability", same}}.dump())) {
        section = "durability";
      }
      if (probes.size() < 8) probes.emplace_back(section, member);
    }
  }
  for (const auto& [section, member] : probes) {
    const std::string config = nlohmann::json{{section, member}}.dump();
    if (std::string why = ExpectRejected(ctx, config, {member.begin().key()}); !why.empty()) {
      return Outcome::Fail(why);
    }
  }
  return Outcome::Pass(Str("non-object sections, invalid JSON and ", probes.size(),
                           " reported settings given the wrong type are INVALID_ARGUMENT naming the key"));
}

Outcome ErrorBufferTruncated(CheckContext& ctx) {
  const kvb_plugin_table& t = ctx.table();
  const std::string config = R"({"settings":{"kvbench_conformance_no_such_setting_with_a_long_name":1}})";
  kvb_open_params p = MakeOpenParams(ctx.data_dir(), config);
  char buf[64];
  std::memset(buf, 'Z', sizeof(buf));
  kvb_engine* engine = nullptr;
  constexpr size_t kCapacity = 8;
  kvb_status rc = t.engine_open(&p, &engine, buf, kCapacity);
  if (rc == KVB_OK) {
    RawEngine cleanup(&t);
    cleanup.Adopt(engine);
    return Outcome::Fail("an unknown setting was accepted");
  }
  if (std::memchr(buf, '\0', kCapacity) == nullptr) {
    return Outcome::Fail(Str("with err_capacity ", kCapacity, " the message is not NUL-terminated within it"));
  }
  for (size_t i = kCapacity; i < sizeof(buf); ++i) {
    if (buf[i] != 'Z')
      return Outcome::Fail(Str("the plugin wrote byte ", i, " of an err buffer of capacity ", kCapacity));
  }
  engine = nullptr;
  rc = t.engine_open(&p, &engine, nullptr, 0);
  if (rc == KVB_OK) {
    RawEngine cleanup(&t);
    cleanup.Adopt(engine);
    return Outcome::Fail("an unknown setting was accepted with a NULL err buffer");
  }
  return Outcome::Pass(Str("a long message is truncated to \"", buf, "\" within capacity ", kCapacity,
                           "; err NULL with capacity 0 is safe"));
}

Outcome OpenParamsSizes(CheckContext& ctx) {
  const kvb_plugin_table& t = ctx.table();
  struct Larger {
    kvb_open_params params;
    uint64_t tail[3];
  };
  static_assert(offsetof(Larger, tail) == sizeof(kvb_open_params));
  const std::string dir = ctx.data_dir();
  Larger larger{};
  larger.params = MakeOpenParams(dir, "");
  larger.params.struct_size = sizeof(Larger);
  larger.tail[2] = 1;
  kvb_engine* engine = nullptr;
  ErrBuffer err;
  kvb_status rc = t.engine_open(&larger.params, &engine, err.text, sizeof(err.text));
  if (rc == KVB_OK) {
    RawEngine cleanup(&t);
    cleanup.Adopt(engine);
    return Outcome::Fail(Str("a ", sizeof(Larger),
                             "-byte kvb_open_params with a non-zero unknown tail was accepted "
                             "(expected NOT_SUPPORTED)"));
  }
  if (rc != KVB_NOT_SUPPORTED) {
    return Outcome::Fail(Str("a larger kvb_open_params with a non-zero tail gave ", StatusCodeName(rc),
                             ", expected NOT_SUPPORTED: ", err.str()));
  }
  if (engine != nullptr) return Outcome::Fail("engine_open failed but left *engine non-NULL");
  larger.tail[2] = 0;
  err.Reset();
  rc = t.engine_open(&larger.params, &engine, err.text, sizeof(err.text));
  if (rc != KVB_OK) {
    return Outcome::Fail(Failure("a larger kvb_open_params with an all-zero tail (expected OK)", rc, err.str()));
  }
  {
    RawEngine cleanup(&t);
    cleanup.Adopt(engine);
    if (Status s = cleanup.Close(); !s.ok()) return Outcome::Fail(Failure("close", s));
  }
  // Too small to hold the data directory: an error, never a crash or an engine.
  kvb_open_params tiny = MakeOpenParams(dir, "");
  tiny.struct_size = offsetof(kvb_open_params, data_dir);
  engine = nullptr;
  rc = t.engine_open(&tiny, &engine, err.text, sizeof(err.text));
  if (rc == KVB_OK) {
    RawEngine cleanup(&t);
    cleanup.Adopt(engine);
    return Outcome::Fail(Str("a ", tiny.struct_size, "-byte kvb_open_params (no data_dir) was accepted"));
  }
  if (engine != nullptr) return Outcome::Fail("engine_open failed on a tiny struct but left *engine non-NULL");
  return Outcome::Pass(Str("larger struct: non-zero tail NOT_SUPPORTED, zero tail OK; a ", tiny.struct_size,
                           "-byte struct is refused (", StatusCodeName(rc), ")"));
}

}  // namespace

void AddEngineChecks(std::vector<Check>* checks) {
  checks->push_back({"engine.open_empty_dir", "engine_open on an empty directory, with empty/'{}' configs, then close",
                     &OpenEmptyDir});
  checks->push_back({"engine.effective_settings_json",
                     "describe(EFFECTIVE_SETTINGS) calls the sink once with a JSON object", &EffectiveSettings});
  checks->push_back({"engine.durability_line", "describe(DURABILITY) is one non-empty line", &DurabilityLine});
  checks->push_back({"engine.describe_unknown_kind",
                     "unknown describe kinds (and STATS unless declared) are NOT_SUPPORTED, sink not called",
                     &DescribeOtherKinds});
  checks->push_back({"engine.maintenance_calls", "stabilize and settle succeed and keep the data", &Maintenance});
  checks->push_back({"config.unknown_key_rejected",
                     "an unknown config key is INVALID_ARGUMENT with a message naming the key", &UnknownKeyRejected});
  checks->push_back({"config.wrong_type_rejected",
                     "a wrong-typed setting, durability key (in its own section) or section, or invalid JSON, is "
                     "INVALID_ARGUMENT naming the key",
                     &WrongTypeRejected});
  checks->push_back({"config.error_buffer_truncated",
                     "error text is truncated and NUL-terminated within err_capacity; NULL/0 is safe",
                     &ErrorBufferTruncated});
  checks->push_back({"abi.open_params_struct_size",
                     "larger kvb_open_params: non-zero tail NOT_SUPPORTED, zero tail OK; too small refused",
                     &OpenParamsSizes});
}

}  // namespace kvbench::conformance
