kvbench_add_test(atomic_file_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/atomic_file_test.cc LIBS kvbench_host)
kvbench_add_test(read_file_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/read_file_test.cc LIBS kvbench_host)
