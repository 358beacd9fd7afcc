kvbench_add_test(report_format_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/format_test.cc LIBS kvbench_host)
kvbench_add_test(report_svg_chart_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/svg_chart_test.cc LIBS kvbench_host)
