#include "workload/profile.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

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

// Reads the '|'-separated fields of a stored profile left to right, in one pass and without copying. Every
// field but the last must end in '|'.
class FieldCursor {
 public:
  explicit FieldCursor(std::string_view s) : p_(s.data()), end_(s.data() + s.size()) {}

  // A plain decimal integer (optional '-', 1..19 digits) that fills the whole field and fits in T.
  template <class T>
  bool Int(T* out) {
    const char* p = p_;
    const bool negative = p < end_ && *p == '-';
    if (negative) ++p;
    const char* digits = p;
    uint64_t v = 0;
    while (p < end_ && static_cast<unsigned char>(*p - '0') < 10) {
      v = v * 10 + static_cast<uint64_t>(*p - '0');
      ++p;
    }
    const auto n = p - digits;
    if (n == 0 || n > 19 || p == end_ || *p != '|') return false;
    constexpr uint64_t kMax = static_cast<uint64_t>(std::numeric_limits<T>::max());
    if (v > kMax + (negative ? 1 : 0)) return false;
    *out = negative ? static_cast<T>(0 - v) : static_cast<T>(v);
    p_ = p + 1;
    return true;
  }

  bool Str(std::string_view* out) {
    const void* bar = std::memchr(p_, '|', static_cast<size_t>(end_ - p_));
    if (bar == nullptr) return false;
    const char* b = static_cast<const char*>(bar);
    *out = std::string_view(p_, static_cast<size_t>(b - p_));
    p_ = b + 1;
    return true;
  }

  // Adds the field's characters to the checksum state *h (spec §5) while looking for its end.
  bool HashStr(uint64_t* h) {
    uint64_t x = *h;
    const char* p = p_;
    while (p < end_ && *p != '|') {
      x = (x ^ static_cast<unsigned char>(*p)) * Checksum::kPrime;
      ++p;
    }
    if (p == end_) return false;
    *h = x;
    p_ = p + 1;
    return true;
  }

  // Whether one more '|' follows (the field is not read).
  bool HasAnotherField() const { return std::memchr(p_, '|', static_cast<size_t>(end_ - p_)) != nullptr; }

  std::string_view Rest() const { return std::string_view(p_, static_cast<size_t>(end_ - p_)); }

 private:
  const char* p_;
  const char* end_;
};

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
  FieldCursor f(stored);
  std::string_view v;
  if (!f.Int(&out->user_id) || !f.Str(&v)) return false;
  out->email.assign(v);
  if (!f.Str(&v) || !IndexOf(kCountries, v, &out->country)) return false;
  if (!f.Str(&v) || !IndexOf(kStatuses, v, &out->status)) return false;
  if (!f.Int(&out->created_at) || !f.Int(&out->last_login) || !f.Int(&out->reputation) || !f.Str(&v)) return false;
  out->display_name.assign(v);
  out->bio.assign(f.Rest());
  return true;
}

bool AddStoredProfile(std::string_view stored, Checksum* checksum) {
  FieldCursor f(stored);
  int64_t id = 0, created_at = 0, last_login = 0;
  int32_t reputation = 0;
  if (!f.Int(&id)) return false;
  Checksum c = *checksum;
  c.AddInt64(id);
  uint64_t h = c.value();
  if (!f.HashStr(&h) || !f.HashStr(&h) || !f.HashStr(&h)) return false;  // Email, Country, Status
  if (!f.Int(&created_at) || !f.Int(&last_login) || !f.Int(&reputation)) return false;
  // DisplayName and Bio are not checksummed, but the DisplayName separator must be there.
  if (!f.HasAnotherField()) return false;
  c = Checksum(h);
  c.AddInt64(created_at);
  c.AddInt64(last_login);
  c.AddInt32(reputation);
  *checksum = c;
  return true;
}

}  // namespace kvbench::workload
