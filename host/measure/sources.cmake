list(APPEND KVBENCH_HOST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/latency_histogram.cc
  ${CMAKE_CURRENT_LIST_DIR}/process_stats.cc
  ${CMAKE_CURRENT_LIST_DIR}/phase_meter.cc
  ${CMAKE_CURRENT_LIST_DIR}/tick_clock.cc
  ${CMAKE_CURRENT_LIST_DIR}/amplification.cc
  ${CMAKE_CURRENT_LIST_DIR}/memory_latency.cc)
