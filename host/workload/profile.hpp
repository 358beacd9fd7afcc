// The profile generator (spec §2: a pure function of user id and seed), its Update, and the stored `|`-joined
// format with a full decoder (for update) and a checksum-only decoder (for reads: it touches only the seven
// fields the checksum adds and never copies).
#ifndef KVBENCH_HOST_WORKLOAD_PROFILE_HPP_
#define KVBENCH_HOST_WORKLOAD_PROFILE_HPP_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "workload/checksum.hpp"

namespace kvbench::workload {

inline constexpr std::array<std::string_view, 32> kCountries = {
    "US", "DE", "GB", "FR", "NL", "SE", "NO", "DK", "FI", "ES", "IT", "PT", "PL", "CZ", "TR", "JP",
    "KR", "SG", "IN", "BR", "CA", "AU", "MX", "AR", "ZA", "IL", "IE", "CH", "AT", "BE", "RO", "GR"};
inline constexpr std::array<std::string_view, 4> kStatuses = {"active", "suspended", "deleted", "pending"};
inline constexpr std::array<std::string_view, 5> kTopics = {"storage engines", "distributed systems", "analytics",
                                                            "developer tools", "backend services"};
inline constexpr int64_t kEpochUnixMs = 1672531200000;  // 2023-01-01T00:00:00Z

// SplitMix64's finalizer, mod 2^64 (it adds the golden gamma first).
constexpr uint64_t Mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return x;
}

// `S`: the seed's unsigned 32-bit pattern, widened.
constexpr uint64_t SeedBits(int32_t seed) { return static_cast<uint32_t>(seed); }

// The generated CreatedAtUnixMs of `id` (strictly increasing in id), without building the profile.
constexpr int64_t CreatedAtOf(int64_t id, uint64_t seed_bits) {
  const uint64_t a = Mix(static_cast<uint64_t>(id) + seed_bits);
  return kEpochUnixMs + id * 1000 + static_cast<int64_t>(a % 997);
}

// Country and status are held as indexes into kCountries / kStatuses. The string members keep their capacity
// across reuse, so generating or decoding into the same Profile does not allocate once warmed up.
struct Profile {
  int64_t user_id = 0;
  std::string email;
  uint8_t country = 0;
  uint8_t status = 0;
  int64_t created_at = 0;
  int64_t last_login = 0;
  int32_t reputation = 0;
  std::string display_name;
  std::string bio;

  std::string_view country_name() const { return kCountries[country]; }
  std::string_view status_name() const { return kStatuses[status]; }
  bool operator==(const Profile&) const = default;
};

void GenerateProfile(int64_t id, uint64_t seed_bits, Profile* out);

// Spec §2 Update, applied to the profile as currently stored (repeated updates compound).
void ApplyUpdate(uint64_t seed_bits, Profile* p);

// The nine fields joined with '|', integers in plain decimal. Replaces *out.
void EncodeProfile(const Profile& p, std::string* out);

// Splits into at most nine fields (Bio takes the rest). False when a field is missing, a number does not parse
// in full, or the country/status is not one of the known names.
bool DecodeProfile(std::string_view stored, Profile* out);

// Adds the checksum's seven fields (UserId, Email, Country, Status, CreatedAt, LastLogin, Reputation) straight
// from the stored bytes, in one pass. False (and *checksum unchanged) on a malformed value.
bool AddStoredProfile(std::string_view stored, Checksum* checksum);

// The same seven fields from a decoded profile.
inline void AddProfile(const Profile& p, Checksum* checksum) {
  checksum->AddInt64(p.user_id);
  checksum->AddString(p.email);
  checksum->AddString(p.country_name());
  checksum->AddString(p.status_name());
  checksum->AddInt64(p.created_at);
  checksum->AddInt64(p.last_login);
  checksum->AddInt32(p.reputation);
}

}  // namespace kvbench::workload

#endif  // KVBENCH_HOST_WORKLOAD_PROFILE_HPP_
