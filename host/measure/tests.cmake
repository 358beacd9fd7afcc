foreach(test latency_histogram_test tick_clock_test process_stats_test phase_meter_test amplification_test memory_latency_test)
  kvbench_add_test(${test} SOURCES ${CMAKE_CURRENT_LIST_DIR}/${test}.cc LIBS kvbench_host)
endforeach()

# The cost of timing an operation (not a ctest): build/phase_meter_bench.
if(benchmark_FOUND)
  add_executable(phase_meter_bench ${CMAKE_CURRENT_LIST_DIR}/phase_meter_bench.cc)
  target_link_libraries(phase_meter_bench PRIVATE kvbench_host benchmark::benchmark)
  kvbench_target_defaults(phase_meter_bench)
endif()
