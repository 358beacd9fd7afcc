kvbench_add_test(cli_args_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/args_test.cc LIBS kvbench_host)
