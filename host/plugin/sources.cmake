list(APPEND KVBENCH_HOST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/plugin_library.cc
  ${CMAKE_CURRENT_LIST_DIR}/engine_client.cc)
