list(APPEND KVBENCH_HOST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/format.cc
  ${CMAKE_CURRENT_LIST_DIR}/results.cc
  ${CMAKE_CURRENT_LIST_DIR}/results_loader.cc
  ${CMAKE_CURRENT_LIST_DIR}/metrics.cc
  ${CMAKE_CURRENT_LIST_DIR}/svg_chart.cc
  ${CMAKE_CURRENT_LIST_DIR}/charts.cc
  ${CMAKE_CURRENT_LIST_DIR}/report_document.cc
  ${CMAKE_CURRENT_LIST_DIR}/measurement_sections.cc
  ${CMAKE_CURRENT_LIST_DIR}/deep_verify_section.cc
  ${CMAKE_CURRENT_LIST_DIR}/markdown_writer.cc
  ${CMAKE_CURRENT_LIST_DIR}/html_writer.cc
  ${CMAKE_CURRENT_LIST_DIR}/csv_writer.cc
  ${CMAKE_CURRENT_LIST_DIR}/exports.cc
  ${CMAKE_CURRENT_LIST_DIR}/compare.cc
  ${CMAKE_CURRENT_LIST_DIR}/output_file.cc
  ${CMAKE_CURRENT_LIST_DIR}/report_writer.cc)
