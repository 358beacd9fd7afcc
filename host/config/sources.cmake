# The run config's parser and validator: the kvbench_config library (see ../CMakeLists.txt).
list(APPEND KVBENCH_CONFIG_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/json_reader.cc
  ${CMAKE_CURRENT_LIST_DIR}/run_config.cc
  ${CMAKE_CURRENT_LIST_DIR}/phase_list.cc
  ${CMAKE_CURRENT_LIST_DIR}/config_parser.cc
  ${CMAKE_CURRENT_LIST_DIR}/kv_parser.cc
  ${CMAKE_CURRENT_LIST_DIR}/overrides.cc)
