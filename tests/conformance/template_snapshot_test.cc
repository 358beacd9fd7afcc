// The template plugin (what newcomers copy) keeps the ABI's promise that an iterator reads a consistent view of
// its store (docs/plugin-abi.md, iterator_create): puts, overwrites and removes made after the iterator was
// created are not seen by it, whether it was positioned before them or not; a new iterator sees them. The
// conformance suite has no such check: memory.so and c_minimal.so re-find their position in the live store.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "plugin/engine_client.hpp"
#include "plugin/plugin_library.hpp"

namespace kvbench::host {
namespace {

// "key=value " for every entry from the iterator's current position (from the first key when `from_first`).
std::string Walk(IteratorClient& it, bool from_first) {
  if (from_first) it.SeekToFirst();
  std::string out;
  for (; it.Valid(); it.Next()) out += std::string(it.key()) + "=" + std::string(it.value()) + " ";
  EXPECT_TRUE(it.status().ok()) << it.status().message();
  return out;
}

TEST(TemplatePlugin, AnIteratorDoesNotSeeWritesMadeAfterItWasCreated) {
  std::shared_ptr<const PluginLibrary> plugin;
  Status s = PluginLibrary::Load(KVBENCH_TEMPLATE_PLUGIN, &plugin);
  ASSERT_TRUE(s.ok()) << s.message();
  const std::string dir = ::testing::TempDir() + "template_snapshot_test";
  std::filesystem::create_directories(dir);
  std::unique_ptr<EngineClient> engine;
  ASSERT_TRUE(EngineClient::Open(plugin, dir, "", &engine).ok());
  std::unique_ptr<StoreClient> store;
  ASSERT_TRUE(engine->OpenStore("s", &store).ok());
  for (const char* key : {"b", "d", "f"}) ASSERT_EQ(store->Put(key, "old"), KVB_OK);

  std::unique_ptr<IteratorClient> unpositioned, positioned;
  ASSERT_TRUE(store->NewIterator(&unpositioned).ok());
  ASSERT_TRUE(store->NewIterator(&positioned).ok());
  positioned->SeekToFirst();
  ASSERT_EQ(store->Put("a", "new"), KVB_OK);  // before every entry
  ASSERT_EQ(store->Put("c", "new"), KVB_OK);  // between entries, ahead of `positioned`
  ASSERT_EQ(store->Put("d", "NEW"), KVB_OK);  // an overwrite
  ASSERT_EQ(store->Remove("f"), KVB_OK);      // a remove
  ASSERT_EQ(store->Put("g", "new"), KVB_OK);  // after every entry
  EXPECT_EQ(Walk(*unpositioned, /*from_first=*/true), "b=old d=old f=old ");
  EXPECT_EQ(Walk(*positioned, /*from_first=*/false), "b=old d=old f=old ");

  std::unique_ptr<IteratorClient> fresh;
  ASSERT_TRUE(store->NewIterator(&fresh).ok());
  EXPECT_EQ(Walk(*fresh, /*from_first=*/true), "a=new b=old c=new d=NEW g=new ");

  unpositioned.reset();
  positioned.reset();
  fresh.reset();
  store.reset();
  EXPECT_TRUE(engine->Close().ok());
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kvbench::host
