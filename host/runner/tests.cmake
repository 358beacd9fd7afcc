kvbench_add_test(out_dir_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/out_dir_test.cc LIBS kvbench_host)
