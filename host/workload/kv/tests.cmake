# The kv workload's generators and codecs (unit), and the workload over memory.so and a stale plugin.
foreach(t zipfian key_chooser value_codec)
  kvbench_add_test(workload_kv_${t}_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/${t}_test.cc LIBS kvbench_host)
endforeach()
kvbench_add_test(workload_kv_presets_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/kv_presets_test.cc LIBS kvbench_config)
kvbench_add_test(workload_kv_workload_memory_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/kv_workload_memory_test.cc
                 LIBS kvbench_host LABELS integration)
target_compile_definitions(workload_kv_workload_memory_test PRIVATE
  MEMORY_PLUGIN_PATH="$<TARGET_FILE:plugin_memory>" STALE_PLUGIN_PATH="$<TARGET_FILE:plugin_stale_overwrite>")
add_dependencies(workload_kv_workload_memory_test plugin_memory plugin_stale_overwrite)
