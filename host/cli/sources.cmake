list(APPEND KVBENCH_HOST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/args.cc
  ${CMAKE_CURRENT_LIST_DIR}/logging.cc
  ${CMAKE_CURRENT_LIST_DIR}/cmd_plugins.cc
  ${CMAKE_CURRENT_LIST_DIR}/cmd_run.cc
  ${CMAKE_CURRENT_LIST_DIR}/cmd_validate.cc
  ${CMAKE_CURRENT_LIST_DIR}/cmd_conformance.cc
  ${CMAKE_CURRENT_LIST_DIR}/cmd_report.cc
  ${CMAKE_CURRENT_LIST_DIR}/cmd_compare.cc
  ${CMAKE_CURRENT_LIST_DIR}/cmd_scaling.cc
  ${CMAKE_CURRENT_LIST_DIR}/cmd_crashtest.cc
  ${CMAKE_CURRENT_LIST_DIR}/cmd_verify.cc
  ${CMAKE_CURRENT_LIST_DIR}/run_setup.cc)
