# Shared target conventions. Flags are set per target (no directory-wide flags).

# kvbench_target_defaults(<target>): warnings, warnings-as-errors, sanitizers.
function(kvbench_target_defaults target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  if(KVBENCH_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(NOT KVBENCH_SANITIZE STREQUAL "")
    # GCC 12's flow analysis is confused by sanitizer instrumentation (std::regex/std::function "may be used
    # uninitialized" in libstdc++ headers); the warning stays on in normal builds.
    target_compile_options(${target} PRIVATE -Wno-maybe-uninitialized)
  endif()
  if(KVBENCH_SANITIZE STREQUAL "address")
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  elseif(KVBENCH_SANITIZE STREQUAL "thread")
    target_compile_options(${target} PRIVATE -fsanitize=thread -fno-omit-frame-pointer)
    target_link_options(${target} PRIVATE -fsanitize=thread)
  elseif(NOT KVBENCH_SANITIZE STREQUAL "")
    message(FATAL_ERROR "KVBENCH_SANITIZE must be '', 'address' or 'thread', not '${KVBENCH_SANITIZE}'")
  endif()
endfunction()

# kvbench_add_library(<name> [STATIC|OBJECT] SOURCES ... [LIBS ...] [PUBLIC_INCLUDE dir]):
# a static, position-independent library (engines link into plugin .so files).
function(kvbench_add_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;PUBLIC_LIBS;INCLUDES" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON
                                           CXX_VISIBILITY_PRESET hidden
                                           VISIBILITY_INLINES_HIDDEN ON)
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} PUBLIC ${ARG_PUBLIC_LIBS})
  if(ARG_INCLUDES)
    target_include_directories(${name} PUBLIC ${ARG_INCLUDES})
  endif()
  kvbench_target_defaults(${name})
endfunction()

# kvbench_add_plugin(<name> SOURCES ... [LIBS ...]): builds build/plugins/<name>.so.
# Only the entry symbol is exported (version script); undefined symbols are link errors.
function(kvbench_add_plugin name)
  cmake_parse_arguments(ARG "" "OUTPUT_DIR" "SOURCES;LIBS" ${ARGN})
  set(target plugin_${name})
  add_library(${target} MODULE ${ARG_SOURCES})
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR ${KVBENCH_PLUGIN_DIR})
  endif()
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME ${name}
    PREFIX ""
    LIBRARY_OUTPUT_DIRECTORY ${ARG_OUTPUT_DIR}
    CXX_VISIBILITY_PRESET hidden
    C_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  target_link_libraries(${target} PRIVATE kvbench::plugin_sdk ${ARG_LIBS})
  target_link_options(${target} PRIVATE
    -Wl,--no-undefined
    -Wl,--exclude-libs,ALL
    -Wl,--version-script=${PROJECT_SOURCE_DIR}/plugin-api/plugin.map)
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/plugin-api/plugin.map)
  kvbench_target_defaults(${target})
endfunction()

# kvbench_add_test(<name> SOURCES ... [LIBS ...] [LABELS ...] [ARGS ...] [TIMEOUT s]):
# a GoogleTest executable build/tests/<name>, registered with ctest under its labels.
function(kvbench_add_test name)
  cmake_parse_arguments(ARG "" "TIMEOUT" "SOURCES;LIBS;LABELS;ARGS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gmock GTest::gtest_main Threads::Threads)
  kvbench_target_defaults(${name})
  add_test(NAME ${name} COMMAND ${name} ${ARG_ARGS})
  if(NOT ARG_LABELS)
    set(ARG_LABELS unit)
  endif()
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 300)
  endif()
  set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}" TIMEOUT ${ARG_TIMEOUT}
    ENVIRONMENT "KVBENCH_BUILD_DIR=${CMAKE_BINARY_DIR};KVBENCH_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
endfunction()
