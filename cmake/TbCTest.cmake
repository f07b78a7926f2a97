# Helpers for C unit tests written against testbench/framework/tb_test.h.
#
#   tb_add_c_test(<file.c> [LINK <libs...>])
#       Builds test_<file> from <file.c> plus the shim and lets ctest discover
#       and run each TEST()/TEST_F() in its own process.
#
#   tb_add_c_test_executable(<target> <file.c> [LINK <libs...>])
#       Builds the same kind of program but registers nothing with ctest (for
#       programs that are run by other tests, such as the shim's failure demo).
#
# The test .c file goes straight into the executable: put into a static library,
# the linker would drop it (nothing references its symbols; its tests register
# themselves from constructors) and the program would run 0 tests.
include_guard(GLOBAL)
include(GoogleTest)

function(tb_add_c_test_executable target source)
  cmake_parse_arguments(PARSE_ARGV 2 TB "" "" "LINK")
  if(TB_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tb_add_c_test_executable(${target}): unexpected arguments "
                        "'${TB_UNPARSED_ARGUMENTS}' (usage: <target> <file.c> [LINK <libs...>])")
  endif()
  if(NOT TARGET tb_shim)
    message(FATAL_ERROR "tb_add_c_test_executable(${target}): target tb_shim does not exist "
                        "yet; add_subdirectory(testbench/framework) must come before the tests")
  endif()
  # Functions see the caller's CMAKE_CURRENT_SOURCE_DIR, so this resolves relative
  # to the CMakeLists.txt that called us.
  get_filename_component(abs_source "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT abs_source MATCHES "\\.c$")
    message(FATAL_ERROR "tb_add_c_test_executable(${target}): '${source}' is not a .c file")
  endif()
  if(NOT EXISTS "${abs_source}")
    message(FATAL_ERROR "tb_add_c_test_executable(${target}): '${abs_source}' does not exist")
  endif()
  add_executable(${target} "${abs_source}")
  target_link_libraries(${target} PRIVATE tb_shim GTest::gtest ${TB_LINK})
  # All sources are C, but main() and gtest are C++: link with the C++ driver.
  set_target_properties(${target} PROPERTIES LINKER_LANGUAGE CXX)
endfunction()

function(tb_add_c_test source)
  cmake_parse_arguments(PARSE_ARGV 1 TB "" "" "LINK")
  if(TB_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tb_add_c_test(${source}): unexpected arguments "
                        "'${TB_UNPARSED_ARGUMENTS}' (usage: <file.c> [LINK <libs...>])")
  endif()
  get_filename_component(stem "${source}" NAME_WLE)
  set(target test_${stem})
  tb_add_c_test_executable(${target} "${source}" LINK ${TB_LINK})
  # PRE_TEST lists the tests when ctest runs, not at build time, so a build never
  # runs test code and a sanitizer build's slower start cannot break the build.
  # The generous timeout covers that slower start under ASan.
  gtest_discover_tests(${target} DISCOVERY_MODE PRE_TEST DISCOVERY_TIMEOUT 60)
  # The folder's labels reach the discovered tests through this list (TbTestLabels.cmake).
  set_property(DIRECTORY APPEND PROPERTY TB_GTEST_TARGETS ${target})
endfunction()
