# The kv workload kind (kv_spec.hpp). What a config names (the spec and its presets) is part of kvbench_config;
# the generators, codecs and the phase runner are part of kvbench_host.
list(APPEND KVBENCH_CONFIG_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/kv_spec.cc
  ${CMAKE_CURRENT_LIST_DIR}/kv_presets.cc)
list(APPEND KVBENCH_HOST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/key_chooser.cc
  ${CMAKE_CURRENT_LIST_DIR}/key_codec.cc
  ${CMAKE_CURRENT_LIST_DIR}/kv_client.cc
  ${CMAKE_CURRENT_LIST_DIR}/kv_outcome.cc
  ${CMAKE_CURRENT_LIST_DIR}/kv_workload.cc
  ${CMAKE_CURRENT_LIST_DIR}/value_codec.cc
  ${CMAKE_CURRENT_LIST_DIR}/zipfian.cc)
