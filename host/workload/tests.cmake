foreach(t dotnet_random checksum keys profile)
  kvbench_add_test(workload_${t}_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/${t}_test.cc LIBS kvbench_host)
endforeach()

# Whole-workload runs on memory.so against the published checksums (../shared/reference/).
kvbench_add_test(workload_profile_workload_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/profile_workload_test.cc
                 LIBS kvbench_host)
kvbench_add_test(workload_profile_workload_slow_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/profile_workload_slow_test.cc
                 LIBS kvbench_host LABELS slow TIMEOUT 1200)
foreach(t workload_profile_workload_test workload_profile_workload_slow_test)
  target_compile_definitions(${t} PRIVATE MEMORY_PLUGIN_PATH="$<TARGET_FILE:plugin_memory>")
  add_dependencies(${t} plugin_memory)
endforeach()
