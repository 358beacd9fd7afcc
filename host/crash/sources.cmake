list(APPEND KVBENCH_HOST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/ack_page.cc
  ${CMAKE_CURRENT_LIST_DIR}/crash_plan.cc
  ${CMAKE_CURRENT_LIST_DIR}/crash_report.cc
  ${CMAKE_CURRENT_LIST_DIR}/crash_request.cc
  ${CMAKE_CURRENT_LIST_DIR}/crash_result.cc
  ${CMAKE_CURRENT_LIST_DIR}/crash_runner.cc
  ${CMAKE_CURRENT_LIST_DIR}/crash_worker.cc
  ${CMAKE_CURRENT_LIST_DIR}/durability_promise.cc
  ${CMAKE_CURRENT_LIST_DIR}/power_cut.cc)
