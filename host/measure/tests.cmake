kvbench_add_test(latency_histogram_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/latency_histogram_test.cc LIBS kvbench_host)
kvbench_add_test(phase_meter_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/phase_meter_test.cc LIBS kvbench_host)
