kvbench_add_test(runner_engine_result_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/engine_result_test.cc LIBS kvbench_host)
kvbench_add_test(out_dir_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/out_dir_test.cc LIBS kvbench_host)
kvbench_add_test(data_dir_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/data_dir_test.cc LIBS kvbench_host)
kvbench_add_test(stop_signals_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/stop_signals_test.cc LIBS kvbench_host)
kvbench_add_test(runner_published_reference_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/published_reference_test.cc
                 LIBS kvbench_host)
kvbench_add_test(runner_correctness_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/correctness_test.cc LIBS kvbench_host)
