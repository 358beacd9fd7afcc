list(APPEND KVBENCH_HOST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/child_protocol.cc
  ${CMAKE_CURRENT_LIST_DIR}/config_summary.cc
  ${CMAKE_CURRENT_LIST_DIR}/correctness.cc
  ${CMAKE_CURRENT_LIST_DIR}/engine_result.cc
  ${CMAKE_CURRENT_LIST_DIR}/engine_worker.cc
  ${CMAKE_CURRENT_LIST_DIR}/environment.cc
  ${CMAKE_CURRENT_LIST_DIR}/out_dir.cc
  ${CMAKE_CURRENT_LIST_DIR}/plugin_check.cc
  ${CMAKE_CURRENT_LIST_DIR}/progress_display.cc
  ${CMAKE_CURRENT_LIST_DIR}/progress_sampler.cc
  ${CMAKE_CURRENT_LIST_DIR}/results_writer.cc
  ${CMAKE_CURRENT_LIST_DIR}/runner.cc
  ${CMAKE_CURRENT_LIST_DIR}/stop_signals.cc
  ${CMAKE_CURRENT_LIST_DIR}/storage_size.cc
  ${CMAKE_CURRENT_LIST_DIR}/supervisor.cc
  ${CMAKE_CURRENT_LIST_DIR}/worker_main.cc
  ${CMAKE_CURRENT_LIST_DIR}/worker_request.cc)
