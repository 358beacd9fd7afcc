list(APPEND KVBENCH_HOST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/deep_verify.cc
  ${CMAKE_CURRENT_LIST_DIR}/dotnet_random.cc
  ${CMAKE_CURRENT_LIST_DIR}/expected_state.cc
  ${CMAKE_CURRENT_LIST_DIR}/keys.cc
  ${CMAKE_CURRENT_LIST_DIR}/phase_worker.cc
  ${CMAKE_CURRENT_LIST_DIR}/plan.cc
  ${CMAKE_CURRENT_LIST_DIR}/profile.cc
  ${CMAKE_CURRENT_LIST_DIR}/profile_workload.cc
  ${CMAKE_CURRENT_LIST_DIR}/worker_pool.cc
  ${CMAKE_CURRENT_LIST_DIR}/worker_split.cc)
# What a run config names: the parameters and the phases (part of kvbench_config).
list(APPEND KVBENCH_CONFIG_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/phase_id.cc
  ${CMAKE_CURRENT_LIST_DIR}/workload_params.cc)
include(${CMAKE_CURRENT_LIST_DIR}/kv/sources.cmake)
