kvbench_add_test(crash_plan_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/crash_plan_test.cc LIBS kvbench_host)
