# The db layer of zonetree_engine (included by engine/CMakeLists.txt).
set(ZT_DB_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/engine.cc
  ${CMAKE_CURRENT_LIST_DIR}/manifest.cc
  ${CMAKE_CURRENT_LIST_DIR}/memtable.cc
  ${CMAKE_CURRENT_LIST_DIR}/merge.cc
  ${CMAKE_CURRENT_LIST_DIR}/merge_gate.cc
  ${CMAKE_CURRENT_LIST_DIR}/merging_iterator.cc
  ${CMAKE_CURRENT_LIST_DIR}/options.cc
  ${CMAKE_CURRENT_LIST_DIR}/stats.cc
  ${CMAKE_CURRENT_LIST_DIR}/tree.cc
  ${CMAKE_CURRENT_LIST_DIR}/tree_iterator.cc
  ${CMAKE_CURRENT_LIST_DIR}/wal_format.cc
  ${CMAKE_CURRENT_LIST_DIR}/wal_reader.cc
  ${CMAKE_CURRENT_LIST_DIR}/wal_writer.cc
)

# Unit tests (ctest label unit; names prefixed zt_). The library target is
# resolved at generation time, so they may be declared before it.
foreach(zt_db_test memtable wal manifest tree model kill corruption missing_file engine merge_gate merging_iterator)
  kvbench_add_test(zt_${zt_db_test}_test
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/${zt_db_test}_test.cc
            ${CMAKE_CURRENT_LIST_DIR}/testutil.cc
    LIBS zonetree_engine)
  # GCC 12 reports false -Wrestrict positives on std::string concatenation
  # at -O3 (GCC bug 105329); tests concatenate strings freely.
  target_compile_options(zt_${zt_db_test}_test PRIVATE -Wno-restrict)
endforeach()

# A rough timing of the hot paths (not a test): zt_db_bench [N] [dir].
add_executable(zt_db_bench ${CMAKE_CURRENT_LIST_DIR}/db_bench.cc)
target_link_libraries(zt_db_bench PRIVATE zonetree_engine)
kvbench_target_defaults(zt_db_bench)
target_compile_options(zt_db_bench PRIVATE -Wno-restrict)
