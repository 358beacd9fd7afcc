kvbench_add_test(conformance_suite_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/suite_test.cc LIBS kvbench_host)
