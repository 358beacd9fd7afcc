# cmake -DCOMMAND=<exe> [-DARG1..-DARG4=<arg>] -DEXPECT_EXIT=<n> [-DEXPECT_REGEX=<re>] [-DREJECT_REGEX=<re>] -P expect_exit.cmake
# Runs COMMAND with its arguments and fails unless it exits with EXPECT_EXIT and its stdout+stderr match
# EXPECT_REGEX (and do not match REJECT_REGEX). Used for the CLI tests: ctest alone checks either the exit code or
# the output, not both.
cmake_minimum_required(VERSION 3.25)
set(args)
foreach(i 1 2 3 4)
  if(DEFINED ARG${i})
    list(APPEND args "${ARG${i}}")
  endif()
endforeach()
execute_process(COMMAND ${COMMAND} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("$ ${COMMAND} ${args}\n${out}${err}exit status: ${rc}")
if(NOT rc STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "expected exit status ${EXPECT_EXIT}, got ${rc}")
endif()
if(DEFINED EXPECT_REGEX AND NOT "${out}${err}" MATCHES "${EXPECT_REGEX}")
  message(FATAL_ERROR "the output does not match '${EXPECT_REGEX}'")
endif()
if(DEFINED REJECT_REGEX AND "${out}${err}" MATCHES "${REJECT_REGEX}")
  message(FATAL_ERROR "the output matches '${REJECT_REGEX}'")
endif()
