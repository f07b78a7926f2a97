# Register blocks from one TOML source (docs/reference/registers.md).
#
#   gtsim_add_register_block(<block> <file.toml>)
#       Runs scripts/regs/reggen.py on <file.toml> (relative to the calling CMakeLists.txt)
#       at configure time into ${CMAKE_BINARY_DIR}/generated/regs/<block>/ and creates:
#         <block>_regs                      STATIC library: the descriptor <block>_regs, with
#                                           <block>_regs.h on its PUBLIC include path
#         GTSIM_REGS_<block>_DIR            global property: the directory above
#         GTSIM_REGS_<block>_SV_PACKAGE     global property: <block>_regs_pkg.sv
#         GTSIM_REGS_<block>_SV_TABLE       global property: <block>_regs_table.sv
#         GTSIM_REGS_<block>_MARKDOWN       global property: <block>_regs.md
#         GTSIM_REGS_<block>_PREFIX         global property: the block's macro prefix
#       A bad source fails the configure with the generator's messages. Editing the source or
#       the generator re-runs the configure, which regenerates.
#
#   gtsim_add_register_consistency_test(<block>)
#       Verilates <block>_regs_table.sv (built from the SV package only) behind a C wrapper, library
#       <block>_regs_table, and adds the C test test_<block>_regs_consistency_test, which checks
#       that the package agrees with the C descriptor and every C macro of the block, plus the
#       ctest tests regs.lint.<block>.table and regs.lint.<block>.import (verilator --lint-only
#       -Wall of the package with the table, and with a module importing it as RTL does).
#       Call it after gtsim_add_register_block(<block> ...) (models/ is added before testbench/).
#
# Generation happens at configure time rather than as a build step so that the SV files exist
# when other directories pass them to verilate(), which runs Verilator at configure time too.
include_guard(GLOBAL)

find_package(Python3 REQUIRED COMPONENTS Interpreter)

get_filename_component(GTSIM_REGGEN_DIR "${CMAKE_CURRENT_LIST_DIR}/../scripts/regs" ABSOLUTE)
set(GTSIM_REGGEN "${GTSIM_REGGEN_DIR}/reggen.py")

function(gtsim_add_register_block block source)
  if(ARGN)
    message(FATAL_ERROR "gtsim_add_register_block(${block}): unexpected arguments '${ARGN}' "
                        "(usage: <block> <file.toml>)")
  endif()
  if(TARGET ${block}_regs)
    message(FATAL_ERROR "gtsim_add_register_block(${block}): block ${block} is already defined")
  endif()
  get_filename_component(abs_source "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${abs_source}")
    message(FATAL_ERROR "gtsim_add_register_block(${block}): '${abs_source}' does not exist")
  endif()
  # Messages and the do-not-edit banners name the source relative to the repository, so the
  # generated files do not depend on where the tree is checked out.
  file(RELATIVE_PATH shown_source "${CMAKE_SOURCE_DIR}" "${abs_source}")
  set(out_dir "${CMAKE_BINARY_DIR}/generated/regs/${block}")

  execute_process(
    COMMAND "${Python3_EXECUTABLE}" "${GTSIM_REGGEN}" --block "${block}" --out-dir "${out_dir}" "${shown_source}"
    WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
    RESULT_VARIABLE status
    OUTPUT_VARIABLE output
    ERROR_VARIABLE output)
  if(NOT status EQUAL 0)
    # Plain message() prints the generator's lines as they are; FATAL_ERROR would re-wrap them.
    message("${output}")
    message(FATAL_ERROR "Register generator failed on ${shown_source} (exit status ${status}); "
                        "its messages are above")
  endif()

  file(GLOB generator_sources "${GTSIM_REGGEN_DIR}/*.py")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${abs_source}" ${generator_sources})

  add_library(${block}_regs STATIC "${out_dir}/${block}_regs.c")
  target_include_directories(${block}_regs PUBLIC "${out_dir}")
  target_link_libraries(${block}_regs PUBLIC gtsim_tlm)

  # The prefix is the macro prefix of the header; the consistency test pastes names with it.
  file(STRINGS "${out_dir}/${block}_regs.h" count_line REGEX "^#define [A-Z0-9_]+_REGISTER_COUNT ")
  string(REGEX REPLACE "^#define ([A-Z0-9_]+)_REGISTER_COUNT .*" "\\1" prefix "${count_line}")

  set_property(GLOBAL PROPERTY GTSIM_REGS_${block}_DIR "${out_dir}")
  set_property(GLOBAL PROPERTY GTSIM_REGS_${block}_PREFIX "${prefix}")
  set_property(GLOBAL PROPERTY GTSIM_REGS_${block}_SV_PACKAGE "${out_dir}/${block}_regs_pkg.sv")
  set_property(GLOBAL PROPERTY GTSIM_REGS_${block}_SV_TABLE "${out_dir}/${block}_regs_table.sv")
  set_property(GLOBAL PROPERTY GTSIM_REGS_${block}_MARKDOWN "${out_dir}/${block}_regs.md")
endfunction()

get_filename_component(GTSIM_REGS_TEST_TEMPLATES "${CMAKE_CURRENT_LIST_DIR}/../testbench/tests/regs/consistency" ABSOLUTE)

function(gtsim_add_register_consistency_test block)
  if(ARGN)
    message(FATAL_ERROR "gtsim_add_register_consistency_test(${block}): unexpected arguments '${ARGN}'")
  endif()
  get_property(package GLOBAL PROPERTY GTSIM_REGS_${block}_SV_PACKAGE)
  get_property(table GLOBAL PROPERTY GTSIM_REGS_${block}_SV_TABLE)
  get_property(prefix GLOBAL PROPERTY GTSIM_REGS_${block}_PREFIX)
  if(NOT package OR NOT prefix)
    message(FATAL_ERROR "gtsim_add_register_consistency_test(${block}): no register block '${block}'; "
                        "gtsim_add_register_block(${block} ...) must run first")
  endif()
  find_package(verilator REQUIRED)

  set(BLOCK ${block})
  string(TOUPPER "${block}" BLOCK_UPPER)
  set(PREFIX ${prefix})
  set(wrapper_dir "${CMAKE_CURRENT_BINARY_DIR}/${block}_regs_consistency")
  configure_file("${GTSIM_REGS_TEST_TEMPLATES}/regs_table_wrapper.h.in" "${wrapper_dir}/${block}_regs_table_wrapper.h" @ONLY)
  configure_file("${GTSIM_REGS_TEST_TEMPLATES}/regs_table_wrapper.cpp.in" "${wrapper_dir}/${block}_regs_table_wrapper.cpp" @ONLY)
  configure_file("${GTSIM_REGS_TEST_TEMPLATES}/regs_consistency_test.c.in"
                 "${wrapper_dir}/${block}_regs_consistency_test.c" @ONLY)

  add_library(${block}_regs_table STATIC "${wrapper_dir}/${block}_regs_table_wrapper.cpp")
  target_include_directories(${block}_regs_table PUBLIC "${wrapper_dir}" "${GTSIM_REGS_TEST_TEMPLATES}")
  verilate(${block}_regs_table
    SOURCES "${package}" "${table}"
    TOP_MODULE ${block}_regs_table
    PREFIX V${block}_regs_table
    VERILATOR_ARGS -Wall)
  # Verilator's own headers and runtime are not written for -Wextra -Werror (shared/TOOLCHAIN.md):
  # its headers go in as -isystem, and its runtime sources (which include those headers by
  # quoted name, so not as system headers) build without warnings. The model Verilator
  # generated keeps the project's flags.
  get_target_property(verilator_includes ${block}_regs_table INCLUDE_DIRECTORIES)
  list(FILTER verilator_includes INCLUDE REGEX "^${VERILATOR_ROOT}")
  target_include_directories(${block}_regs_table SYSTEM PUBLIC ${verilator_includes})
  get_target_property(verilator_sources ${block}_regs_table SOURCES)
  list(FILTER verilator_sources INCLUDE REGEX "^${VERILATOR_ROOT}/.*\\.cpp$")
  set_source_files_properties(${verilator_sources} TARGET_DIRECTORY ${block}_regs_table PROPERTIES COMPILE_OPTIONS -w)
  if(GTSIM_SANITIZE)
    # Same GCC -fsanitize=null false positive on Verilator's thread_local context access as
    # in testbench/cosim/CMakeLists.txt; only that check, only for Verilated code.
    target_compile_options(${block}_regs_table PRIVATE -fno-sanitize=null)
  endif()

  tb_add_c_test("${wrapper_dir}/${block}_regs_consistency_test.c" LINK ${block}_regs ${block}_regs_table)

  configure_file("${GTSIM_REGS_TEST_TEMPLATES}/regs_pkg_user.sv.in" "${wrapper_dir}/${block}_regs_pkg_user.sv" @ONLY)
  add_test(NAME regs.lint.${block}.table
           COMMAND "${VERILATOR_BIN}" --lint-only -Wall --top-module ${block}_regs_table "${package}" "${table}")
  add_test(NAME regs.lint.${block}.import
           COMMAND "${VERILATOR_BIN}" --lint-only -Wall --top-module ${block}_regs_pkg_user
                   "${package}" "${wrapper_dir}/${block}_regs_pkg_user.sv")
endfunction()
