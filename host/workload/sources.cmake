list(APPEND KVBENCH_HOST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/deep_verify.cc
  ${CMAKE_CURRENT_LIST_DIR}/dotnet_random.cc
  ${CMAKE_CURRENT_LIST_DIR}/expected_state.cc
  ${CMAKE_CURRENT_LIST_DIR}/keys.cc
  ${CMAKE_CURRENT_LIST_DIR}/phases.cc
  ${CMAKE_CURRENT_LIST_DIR}/plan.cc
  ${CMAKE_CURRENT_LIST_DIR}/profile.cc
  ${CMAKE_CURRENT_LIST_DIR}/profile_workload.cc)
