#include "workload/profile.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>

#include "workload/keys.hpp"

namespace kvbench::workload {

namespace {

void AppendDecimal(std::string* out, int64_t v) {
  char buf[24];
  char* end = WriteDecimal(buf, v);
  out->append(buf, static_cast<size_t>(end - buf));
}

void AppendPadded(std::string* out, int64_t v, int width) {
  char buf[24];
  char* end = WritePadded(buf, v, width);
  out->append(buf, static_cast<size_t>(end - buf));
}

// The next '|'-terminated field of [*p, end); moves *p past the separator. False when there is no separator.
bool NextField(const char** p, const char* end, std::string_view* field) {
  const void* bar = std::memchr(*p, '|', static_cast<size_t>(end - *p));
  if (bar == nullptr) return false;
  const char* b = static_cast<const char*>(bar);
  *field = std::string_view(*p, static_cast<size_t>(b - *p));
  *p = b + 1;
  return true;
}

template <class Int>
bool ParseWhole(std::string_view s, Int* v) {
  if (s.empty()) return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), *v);
  return ec == std::errc() && ptr == s.data() + s.size();
}

template <size_t N>
bool IndexOf(const std::array<std::string_view, N>& names, std::string_view s, uint8_t* index) {
  for (size_t i = 0; i < N; ++i) {
    if (names[i] == s) {
      *index = static_cast<uint8_t>(i);
      return true;
    }
  }
  return false;
}

}  // namespace

void GenerateProfile(int64_t id, uint64_t seed_bits, Profile* out) {
  const uint64_t a = Mix(static_cast<uint64_t>(id) + seed_bits);
  const uint64_t b = Mix(a + 0x9E3779B97F4A7C15ull);
  out->user_id = id;
  KeyBuffer email;
  EmailKey(id, &email);
  out->email.assign(email.data, email.size);
  out->country = static_cast<uint8_t>(a % 32);
  out->status = static_cast<uint8_t>((a >> 8) % 4);
  out->created_at = kEpochUnixMs + id * 1000 + static_cast<int64_t>(a % 997);
  out->last_login = kEpochUnixMs + static_cast<int64_t>(b % 7776000000ull);
  out->reputation = static_cast<int32_t>(b % 1000000);
  out->display_name.assign("User ");
  AppendPadded(&out->display_name, id, 12);
  out->bio.assign("Profile ");
  AppendDecimal(&out->bio, id);
  out->bio.append(" prefers ");
  out->bio.append(kTopics[a % 5]);
  out->bio.append(" and has segment ");
  AppendPadded(&out->bio, static_cast<int64_t>(b % 10000), 4);
  out->bio.push_back('.');
}

void ApplyUpdate(uint64_t seed_bits, Profile* p) {
  const uint64_t m = Mix(static_cast<uint64_t>(p->user_id) + seed_bits + 0xD1B54A32D192ED03ull);
  if (p->user_id % 4 == 0) p->status = static_cast<uint8_t>((p->status + 1) % kStatuses.size());
  const int64_t reputation = int64_t{p->reputation} + static_cast<int64_t>(m % 501) - 250;
  p->reputation = static_cast<int32_t>(std::clamp<int64_t>(reputation, 0, 1000000));
  p->last_login += 604800000 + static_cast<int64_t>(m % 86400000);
  p->bio.append(" updated");
}

void EncodeProfile(const Profile& p, std::string* out) {
  out->clear();
  AppendDecimal(out, p.user_id);
  out->push_back('|');
  out->append(p.email);
  out->push_back('|');
  out->append(p.country_name());
  out->push_back('|');
  out->append(p.status_name());
  out->push_back('|');
  AppendDecimal(out, p.created_at);
  out->push_back('|');
  AppendDecimal(out, p.last_login);
  out->push_back('|');
  AppendDecimal(out, p.reputation);
  out->push_back('|');
  out->append(p.display_name);
  out->push_back('|');
  out->append(p.bio);
}

bool DecodeProfile(std::string_view stored, Profile* out) {
  const char* p = stored.data();
  const char* end = p + stored.size();
  std::string_view f;
  if (!NextField(&p, end, &f) || !ParseWhole(f, &out->user_id)) return false;
  if (!NextField(&p, end, &f)) return false;
  out->email.assign(f);
  if (!NextField(&p, end, &f) || !IndexOf(kCountries, f, &out->country)) return false;
  if (!NextField(&p, end, &f) || !IndexOf(kStatuses, f, &out->status)) return false;
  if (!NextField(&p, end, &f) || !ParseWhole(f, &out->created_at)) return false;
  if (!NextField(&p, end, &f) || !ParseWhole(f, &out->last_login)) return false;
  if (!NextField(&p, end, &f) || !ParseWhole(f, &out->reputation)) return false;
  if (!NextField(&p, end, &f)) return false;
  out->display_name.assign(f);
  out->bio.assign(p, static_cast<size_t>(end - p));
  return true;
}

bool AddStoredProfile(std::string_view stored, Checksum* checksum) {
  const char* p = stored.data();
  const char* end = p + stored.size();
  std::string_view f;
  int64_t id = 0;
  if (!NextField(&p, end, &f) || !ParseWhole(f, &id)) return false;
  checksum->AddInt64(id);
  for (int i = 0; i < 3; ++i) {  // Email, Country, Status
    if (!NextField(&p, end, &f)) return false;
    checksum->AddString(f);
  }
  int64_t created_at = 0, last_login = 0;
  int32_t reputation = 0;
  if (!NextField(&p, end, &f) || !ParseWhole(f, &created_at)) return false;
  if (!NextField(&p, end, &f) || !ParseWhole(f, &last_login)) return false;
  if (!NextField(&p, end, &f) || !ParseWhole(f, &reputation)) return false;
  // DisplayName and Bio are not checksummed; the value must still have the DisplayName separator.
  if (std::memchr(p, '|', static_cast<size_t>(end - p)) == nullptr) return false;
  checksum->AddInt64(created_at);
  checksum->AddInt64(last_login);
  checksum->AddInt32(reputation);
  return true;
}

}  // namespace kvbench::workload
