// WriteCaching: a segment writer puts some of the blocks it writes into the
// block cache as it writes them (cache on write), keyed by a cache id it
// reserves for the part file in the cache's PartRegistry; Part::Open takes
// that id and links the blocks to the part's slots. Readers of the new
// segment then find those blocks cached, instead of each first read of one
// paying for its read and decompression; the writer pays only a copy and a
// parse of the bytes it has in hand.
//
// Which blocks: those `wanted` says yes to, given the block's first and last
// key. A merge asks whether readers had a block of the replaced segment over
// those keys cached (Segment::AnyBlockCached): what was cached before the
// merge is cached after it, and nothing else, so a merge whose inputs were
// not read (a bulk load) caches nothing. The cache's byte budget holds as for
// any insert.
#ifndef ZT_TABLE_WRITE_CACHING_H_
#define ZT_TABLE_WRITE_CACHING_H_

#include <functional>
#include <memory>
#include <string_view>

namespace zt {

class BlockCache;

struct WriteCaching {
  std::shared_ptr<BlockCache> cache;  // null: nothing is cached on write
  std::function<bool(std::string_view first, std::string_view last)> wanted;
  // Called, if set, after a block over [first, last] was cached, blocks in
  // key order: a merge demotes the replaced blocks that the new ones now
  // cover and that no reader used since it began (Segment::
  // DemoteBlocksWithin), so that the cache's budget makes room for its
  // output with them first, not with the output itself.
  std::function<void(std::string_view first, std::string_view last)> cached;
};

}  // namespace zt

#endif  // ZT_TABLE_WRITE_CACHING_H_
