list(APPEND KVBENCH_HOST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/call_record.cc
  ${CMAKE_CURRENT_LIST_DIR}/check_process.cc
  ${CMAKE_CURRENT_LIST_DIR}/check_util.cc
  ${CMAKE_CURRENT_LIST_DIR}/checks_hygiene.cc
  ${CMAKE_CURRENT_LIST_DIR}/checks_load.cc
  ${CMAKE_CURRENT_LIST_DIR}/elf_symbols.cc
  ${CMAKE_CURRENT_LIST_DIR}/checks_engine.cc
  ${CMAKE_CURRENT_LIST_DIR}/checks_data.cc
  ${CMAKE_CURRENT_LIST_DIR}/checks_iteration.cc
  ${CMAKE_CURRENT_LIST_DIR}/checks_durability.cc
  ${CMAKE_CURRENT_LIST_DIR}/suite.cc)
