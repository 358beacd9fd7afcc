kvbench_add_test(config_parser_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/config_parser_test.cc LIBS kvbench_config)
kvbench_add_test(config_kv_parser_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/kv_parser_test.cc LIBS kvbench_config)
