# A user's RTL block as a gtsim twin (docs/guide/bring-your-own-rtl.md). Installed with gtsim
# (lib/cmake/gtsim/) and loaded by find_package(gtsim) when gtsim was built with RTL.
#
#   gtsim_add_user_twin(<name>
#       TOP <module>                 the RTL top (Verilated as V<module>)
#       SOURCES <sv...>              its files in compile order (relative: to the calling directory)
#       [INCLUDE_DIRS <dir...>]      `include folders
#       [PORTS <file.toml>]          description file naming ports the convention does not find
#       [VERILATOR_ARGS <arg...>]    more Verilator arguments (e.g. -GParam=value)
#       [LINT])                      ctest <name>.lint: verilator --lint-only -Wall, any warning fails
#   creates the static library <name>_user_rtl: the Verilated block and its generated wrapper,
#   whose header <name>_user_rtl.h declares `const cosim_user_rtl_ops *<name>_user_rtl(void)` and
#   the port indices (<NAME>_MASTER_<PORT>, <NAME>_IRQ_<IRQ>, <NAME>_MESSAGE_<MSG>). It links
#   gtsim's user-twin platform library (gtsim_user_twin.h, gtsim::user_twin when installed).
#
# Port-name convention (scripts/gtsim-user-twin.py has the exact pin list and widths): clk_i,
# rst_ni; s_axil_* (AXI4-Lite registers); m_axi_<port>_* (AXI4 masters, 64-bit data);
# irq_<name>_o; msg_<name>_valid_o / _ready_i / _data_o.
include_guard(GLOBAL)

# Where the pieces are: in gtsim's build tree (this file under cmake/) or installed (under
# lib/cmake/gtsim, with gtsimConfig.cmake setting the variables first).
if(NOT GTSIM_USER_TWIN_SCRIPT)
  get_filename_component(GTSIM_USER_TWIN_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/../scripts/gtsim-user-twin.py" ABSOLUTE)
endif()
if(NOT GTSIM_VL_WRAPPER_INCLUDE_DIR)
  get_filename_component(GTSIM_VL_WRAPPER_INCLUDE_DIR "${CMAKE_CURRENT_LIST_DIR}/../testbench/cosim" ABSOLUTE)
endif()

function(gtsim_add_user_twin name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "LINT" "TOP;PORTS" "SOURCES;INCLUDE_DIRS;VERILATOR_ARGS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "gtsim_add_user_twin(${name}): unexpected arguments '${arg_UNPARSED_ARGUMENTS}'")
  endif()
  if(NOT arg_TOP OR NOT arg_SOURCES)
    message(FATAL_ERROR "gtsim_add_user_twin(${name}): TOP and SOURCES are required")
  endif()
  if(NOT COMMAND verilate)
    find_package(verilator REQUIRED HINTS ${GTSIM_VERILATOR_ROOT} $ENV{VERILATOR_ROOT})
  endif()
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  find_program(GTSIM_USER_VERILATOR NAMES verilator HINTS ${VERILATOR_ROOT}/bin ${VERILATOR_ROOT}/../../bin REQUIRED)

  set(sources)
  foreach(file IN LISTS arg_SOURCES)
    get_filename_component(path "${file}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND sources "${path}")
  endforeach()
  set(include_args)
  set(include_dirs)
  foreach(dir IN LISTS arg_INCLUDE_DIRS)
    get_filename_component(path "${dir}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND include_args "-I${path}")
    list(APPEND include_dirs "${path}")
  endforeach()
  set(ports_args)
  set(ports_file)
  if(arg_PORTS)
    get_filename_component(ports_file "${arg_PORTS}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    set(ports_args --ports ${ports_file})
  endif()

  # The glue: the port list from Verilator's XML, then the wrapper written from it.
  set(glue_dir ${CMAKE_CURRENT_BINARY_DIR}/${name}_user_rtl)
  file(MAKE_DIRECTORY ${glue_dir}/xml)
  add_custom_command(
    OUTPUT ${glue_dir}/${name}_user_rtl.cpp ${glue_dir}/${name}_user_rtl.h
    COMMAND ${GTSIM_USER_VERILATOR} --xml-only ${include_args} ${arg_VERILATOR_ARGS} --top-module ${arg_TOP}
            --Mdir ${glue_dir}/xml ${sources}
    COMMAND ${Python3_EXECUTABLE} ${GTSIM_USER_TWIN_SCRIPT} --name ${name} --top ${arg_TOP}
            --xml ${glue_dir}/xml/V${arg_TOP}.xml ${ports_args} --out-dir ${glue_dir}
    DEPENDS ${sources} ${ports_file} ${GTSIM_USER_TWIN_SCRIPT}
    COMMENT "Binding the ports of ${arg_TOP} (gtsim_add_user_twin ${name})"
    VERBATIM)

  set(target ${name}_user_rtl)
  add_library(${target} STATIC ${glue_dir}/${name}_user_rtl.cpp)
  verilate(${target}
    SOURCES ${sources}
    INCLUDE_DIRS ${include_dirs}
    TOP_MODULE ${arg_TOP}
    PREFIX V${arg_TOP}
    DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/V${arg_TOP}
    VERILATOR_ARGS --assert -O3 ${arg_VERILATOR_ARGS}
    OPT_FAST -O2 -Wno-unused-parameter
    OPT_SLOW -Wno-unused-parameter
    OPT_GLOBAL -O2 -Wno-unused-parameter)
  # One Verilator runtime per program: gtsim's (cosim_vl_core links it), not a second copy
  # from verilate(); it prints through gtsim's capture, so the wrapper is built the same way.
  get_target_property(target_sources ${target} SOURCES)
  list(FILTER target_sources EXCLUDE REGEX "^${VERILATOR_ROOT}/include/.*\\.cpp$")
  set_property(TARGET ${target} PROPERTY SOURCES ${target_sources})
  target_include_directories(${target} SYSTEM PRIVATE
    ${VERILATOR_ROOT}/include ${VERILATOR_ROOT}/include/vltstd ${CMAKE_CURRENT_BINARY_DIR}/V${arg_TOP})
  target_include_directories(${target} PRIVATE ${GTSIM_VL_WRAPPER_INCLUDE_DIR})
  target_include_directories(${target} PUBLIC ${glue_dir})
  target_compile_definitions(${target} PRIVATE VL_PRINTF=cosim_vl_printf)
  target_compile_options(${target} PRIVATE "SHELL:-include ${GTSIM_VL_WRAPPER_INCLUDE_DIR}/cosim_vl_capture.h")
  if(CMAKE_CXX_FLAGS MATCHES "-fsanitize=[a-z,]*undefined")
    # GCC's -fsanitize=null misfires on Verilator's thread_local context access once optimised
    # (as in gtsim's own wrappers, cmake/GtsimTwin.cmake): off for the Verilated code only.
    target_compile_options(${target} PRIVATE -fno-sanitize=null)
  endif()
  if(TARGET gtsim::user_twin)
    target_link_libraries(${target} PUBLIC gtsim::user_twin gtsim::cosim_vl_core)
  else()
    target_link_libraries(${target} PUBLIC gtsim_user_twin cosim_vl_core)
  endif()

  if(arg_LINT)
    add_test(NAME ${name}.lint
             COMMAND ${GTSIM_USER_VERILATOR} --lint-only -Wall ${include_args} ${arg_VERILATOR_ARGS}
                     --top-module ${arg_TOP} ${sources})
    set_tests_properties(${name}.lint PROPERTIES FAIL_REGULAR_EXPRESSION "%Warning|%Error")
  endif()
endfunction()
