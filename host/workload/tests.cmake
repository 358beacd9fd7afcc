foreach(t dotnet_random checksum keys profile profile_workload)
  kvbench_add_test(workload_${t}_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/${t}_test.cc LIBS kvbench_host)
endforeach()

# The workload over memory.so: the published 100K checksums, failures, no allocation per
# operation; and the 500K and 1M reference runs (slow).
kvbench_add_test(workload_profile_workload_memory_test
                 SOURCES ${CMAKE_CURRENT_LIST_DIR}/profile_workload_memory_test.cc
                 LIBS kvbench_host LABELS integration)
# Deep verify over memory.so: every kind of damage is found and counted.
kvbench_add_test(workload_deep_verify_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/deep_verify_test.cc
                 LIBS kvbench_host LABELS integration)
kvbench_add_test(workload_profile_workload_slow_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/profile_workload_slow_test.cc
                 LIBS kvbench_host LABELS slow TIMEOUT 3600)
foreach(t workload_profile_workload_memory_test workload_deep_verify_test workload_profile_workload_slow_test)
  target_compile_definitions(${t} PRIVATE MEMORY_PLUGIN_PATH="$<TARGET_FILE:plugin_memory>")
  add_dependencies(${t} plugin_memory)
endforeach()

# The host's work per profile read (not a ctest): build/profile_bench.
if(benchmark_FOUND)
  add_executable(profile_bench ${CMAKE_CURRENT_LIST_DIR}/profile_bench.cc)
  target_link_libraries(profile_bench PRIVATE kvbench_host benchmark::benchmark)
  kvbench_target_defaults(profile_bench)
endif()
include(${CMAKE_CURRENT_LIST_DIR}/kv/tests.cmake)
