kvbench_add_test(crash_plan_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/crash_plan_test.cc LIBS kvbench_host)
kvbench_add_test(power_cut_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/power_cut_test.cc LIBS kvbench_host)
add_dependencies(power_cut_test kvbench_sync_tracker)
target_compile_definitions(power_cut_test PRIVATE KVBENCH_SYNC_TRACKER="$<TARGET_FILE:kvbench_sync_tracker>")
