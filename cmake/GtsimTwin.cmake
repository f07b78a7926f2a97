# RTL twins (docs/design/cosim.md "The twin registry", docs/contributing.md "Adding an RTL twin"): the Verilator
# wrapper libraries and one call that builds everything a twin needs.
#
#   gtsim_add_twin(<name>
#       TOP <module>                 the RTL top (Verilated as V<module>)
#       RTL <sv...>                  its files in compile order; relative paths are under rtl/
#       [PACKAGES <block...>]        register blocks (gtsim_add_register_block) whose generated SV
#                                    packages go first, in this order
#       WRAPPER <cpp>                the Verilator wrapper (the extern "C" wrapper; its header beside it)
#       TWIN <c...>                  the twin behind the model's interface
#       [LOCKSTEP <c...>]            the block's lockstep compare (without: the generic cosim_lockstep)
#       [RANDOM <c...>]              seeded random stimulus for the lockstep regression
#       [MODEL <lib...>]             the model library the twin stands for (PUBLIC of twin,
#                                    lockstep and random)
#       [REGS <lib...>]              generated register libraries the C code includes (PRIVATE)
#       [PLANTED_BUG <Param>=<value>] builds the planted-bug variant: the RTL with -G<Param>=<value>
#                                    and the wrapper with TB_<NAME>_RTL_PLANTED=1
#       [PLATFORM])                  the product's twin: gtsim_system links it (its descriptor is in
#                                    testbench/platform/gtsim_twin_registry.c); tests' twins omit it
#   creates
#       <name>_rtl                   the wrapper over the Verilated RTL (-Wall --assert -O3)
#       cosim_<name>_twin               the twin (links <name>_rtl and cosim_axi_lite_transactor)
#       cosim_<name>_lockstep           the compare (with LOCKSTEP)
#       cosim_<name>_random             the stimulus (with RANDOM)
#       <name>_rtl_planted, cosim_<name>_twin_planted, cosim_<name>_lockstep_planted (with PLANTED_BUG)
#       ctest rtl.<name>.lint        verilator --lint-only -Wall on the sources; any warning fails
#
# The wrapper core (cosim_vl_core, gtsim_verilated_runtime, cosim_vl_capture) is built once in
# testbench/cosim/CMakeLists.txt; find_package(verilator) must have run in a parent directory.
include_guard(GLOBAL)

get_filename_component(GTSIM_RTL_SOURCE_DIR "${CMAKE_CURRENT_LIST_DIR}/../rtl" ABSOLUTE)
# What every block shares (rtl/common): the register rules package, first in each twin's
# source list, and the assertion and port macros, included from this directory.
set(GTSIM_RTL_COMMON_SOURCES ${GTSIM_RTL_SOURCE_DIR}/common/gtsim_reg_pkg.sv)
set(GTSIM_RTL_INCLUDE_DIR ${GTSIM_RTL_SOURCE_DIR}/common)
get_filename_component(GTSIM_VL_WRAPPER_DIR "${CMAKE_CURRENT_LIST_DIR}/../testbench/cosim" ABSOLUTE)

# Warnings silenced for Verilator's generated C++ and its runtime sources only (the wrapper's own
# code keeps -Wall -Wextra -Werror in full). With gcc 12 and this design only
# -Wunused-parameter fires (in verilated.cpp); the others are the ones verilated.mk
# (CFG_CXXFLAGS_NO_UNUSED) silences for generated code, kept for the next designs.
set(GTSIM_VERILATED_WARNING_FLAGS
  -Wno-unused-parameter -Wno-unused-variable -Wno-unused-but-set-variable
  -Wno-sign-compare -Wno-uninitialized -Wno-shadow -Wno-bool-operation)

# gtsim_verilated_wrapper(<target> <Vprefix dir> [<C header dir>])
#   After verilate(<target> ... PREFIX <Vprefix> DIRECTORY <dir>): Verilator headers become
#   system headers of the target (no warnings from them in the wrapper), consumers see only
#   the wrapper's C header directory (default: the calling directory) and the bus pin headers, the
#   runtime prints through cosim_vl_printf, and the runtime comes from gtsim_verilated_runtime
#   instead of the target's own copy.
function(gtsim_verilated_wrapper target vdir)
  set(header_dir ${CMAKE_CURRENT_SOURCE_DIR})
  if(ARGN)
    list(GET ARGN 0 header_dir)
  endif()
  get_target_property(wrapper_sources ${target} SOURCES)
  list(FILTER wrapper_sources EXCLUDE REGEX "^${VERILATOR_ROOT}/include/.*\\.cpp$")
  set_property(TARGET ${target} PROPERTY SOURCES ${wrapper_sources})
  target_link_libraries(${target} PUBLIC cosim_vl_core gtsim_verilated_runtime)
  target_include_directories(${target} SYSTEM PRIVATE
    ${VERILATOR_ROOT}/include ${VERILATOR_ROOT}/include/vltstd ${vdir})
  target_include_directories(${target} PRIVATE ${header_dir} ${GTSIM_VL_WRAPPER_DIR})
  set_property(TARGET ${target} PROPERTY INTERFACE_INCLUDE_DIRECTORIES ${header_dir} ${GTSIM_VL_WRAPPER_DIR})
  target_compile_definitions(${target} PRIVATE VL_PRINTF=cosim_vl_printf)
  target_compile_options(${target} PRIVATE
    "SHELL:-include ${GTSIM_VL_WRAPPER_DIR}/cosim_vl_capture.h")
  # A C program linking the wrapper is linked by the C++ driver: CMake sees C++ in this static
  # library (shared/TOOLCHAIN.md: Verilated code needs the C++ runtime and -pthread -latomic,
  # which verilate() adds).
  target_link_libraries(${target} PRIVATE cosim_vl_capture)
  if(GTSIM_SANITIZE)
    # GCC's -fsanitize=null misfires on Verilator's thread_local context access
    # (verilated.h `t_s.t_contextp`: "member access within null pointer of type ThreadLocal")
    # once optimised (-O2): a false positive on TLS addressing, not a null pointer. Only that
    # check is turned off, only for the Verilated code and its wrapper; ASan and the rest of
    # UBSan stay on.
    target_compile_options(${target} PRIVATE -fno-sanitize=null)
  endif()
endfunction()

# gtsim_rtl_wrapper(<target> <wrapper.cpp> TOP <module> DIRECTORY <dir> SOURCES <sv...>
#                [VERILATOR_ARGS <extra args...>])
#   One wrapper library over one Verilated build of <module> (model class V<module>), with the
#   switches every block uses, then gtsim_verilated_wrapper() (the C header beside <wrapper.cpp>).
#   Extra Verilator arguments (e.g. a planted-bug parameter, -G...) come after the common ones.
function(gtsim_rtl_wrapper target wrapper_source)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "TOP;DIRECTORY" "SOURCES;VERILATOR_ARGS")
  get_filename_component(wrapper_path "${wrapper_source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  get_filename_component(header_dir "${wrapper_path}" DIRECTORY)
  add_library(${target} STATIC ${wrapper_path})
  verilate(${target}
    SOURCES ${arg_SOURCES}
    INCLUDE_DIRS ${GTSIM_RTL_INCLUDE_DIR}
    TOP_MODULE ${arg_TOP}
    PREFIX V${arg_TOP}
    DIRECTORY ${arg_DIRECTORY}
    # -Wall: the build fails on any lint warning, as the lint test does. --assert: protocol and
    # block assertions are compiled in. -O3: Verilator's own optimisation level.
    VERILATOR_ARGS -Wall --assert -O3 ${arg_VERILATOR_ARGS}
    # C++ flags per kind of Verilated source: -O2 on the per-cycle code (shared/TOOLCHAIN.md:
    # 25-45 % faster than the default -Os).
    OPT_FAST -O2 ${GTSIM_VERILATED_WARNING_FLAGS}
    OPT_SLOW ${GTSIM_VERILATED_WARNING_FLAGS}
    OPT_GLOBAL -O2 ${GTSIM_VERILATED_WARNING_FLAGS})
  gtsim_verilated_wrapper(${target} ${arg_DIRECTORY} ${header_dir})
endfunction()

# gtsim_rtl_lint(<block> <module> <sv...>)
#   Test rtl.<block>.lint: verilator -Wall on the sources; any warning fails the test (Verilator
#   exits non-zero on warnings; the regular expression is a second guard).
function(gtsim_rtl_lint block top)
  add_test(NAME rtl.${block}.lint
           COMMAND ${GTSIM_VERILATOR_EXECUTABLE} --lint-only -Wall -I${GTSIM_RTL_INCLUDE_DIR}
                   --top-module ${top} ${ARGN})
  set_tests_properties(rtl.${block}.lint PROPERTIES FAIL_REGULAR_EXPRESSION "%Warning|%Error")
endfunction()

# One C library of the twin: PUBLIC include directory where its first source is, PUBLIC
# gtsim_tlm and the model, PRIVATE the register libraries and `private_links`.
function(_gtsim_twin_library target sources public_links private_links)
  add_library(${target} STATIC ${sources})
  list(GET sources 0 first)
  get_filename_component(include_dir "${first}" DIRECTORY)
  target_include_directories(${target} PUBLIC ${include_dir})
  target_link_libraries(${target} PUBLIC gtsim_tlm ${public_links} PRIVATE ${private_links})
endfunction()

function(gtsim_add_twin name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "PLATFORM" "TOP;WRAPPER;PLANTED_BUG"
                        "RTL;PACKAGES;TWIN;LOCKSTEP;RANDOM;MODEL;REGS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "gtsim_add_twin(${name}): unexpected arguments '${arg_UNPARSED_ARGUMENTS}'")
  endif()
  foreach(required IN ITEMS TOP RTL WRAPPER TWIN)
    if(NOT arg_${required})
      message(FATAL_ERROR "gtsim_add_twin(${name}): ${required} is required")
    endif()
  endforeach()

  # The sources: the generated register packages first (they exist at configure time, which
  # verilate() needs: it runs Verilator once then), then the RTL files.
  set(sv_sources ${GTSIM_RTL_COMMON_SOURCES})
  foreach(block IN LISTS arg_PACKAGES)
    get_property(package GLOBAL PROPERTY GTSIM_REGS_${block}_SV_PACKAGE)
    if(NOT package OR NOT EXISTS "${package}")
      message(FATAL_ERROR "gtsim_add_twin(${name}): register package of '${block}' missing at configure time "
                          "(gtsim_add_register_block(${block} ...) must run before)")
    endif()
    list(APPEND sv_sources "${package}")
  endforeach()
  foreach(file IN LISTS arg_RTL)
    get_filename_component(path "${file}" ABSOLUTE BASE_DIR "${GTSIM_RTL_SOURCE_DIR}")
    list(APPEND sv_sources "${path}")
  endforeach()
  foreach(kind IN ITEMS TWIN LOCKSTEP RANDOM)
    set(absolute "")
    foreach(file IN LISTS arg_${kind})
      get_filename_component(path "${file}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      list(APPEND absolute "${path}")
    endforeach()
    set(arg_${kind} "${absolute}")
  endforeach()
  string(TOUPPER "${name}" upper)

  # The wrapper, the twin and the compare; with a planted bug, the same again over the
  # planted-bug RTL (for the lockstep checker's own test only, docs/design/cosim.md).
  set(variants "")
  if(arg_PLANTED_BUG)
    set(variants _planted)
  endif()
  foreach(variant IN ITEMS "" ${variants})
    set(extra_args "")
    if(variant)
      set(extra_args VERILATOR_ARGS "-G${arg_PLANTED_BUG}")
    endif()
    gtsim_rtl_wrapper(${name}_rtl${variant} ${arg_WRAPPER} TOP ${arg_TOP}
      DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/V${arg_TOP}${variant} SOURCES ${sv_sources} ${extra_args})
    if(variant)
      target_compile_definitions(${name}_rtl${variant} PRIVATE COSIM_${upper}_RTL_PLANTED=1)
    endif()
    _gtsim_twin_library(cosim_${name}_twin${variant} "${arg_TWIN}" "${arg_MODEL}"
                        "cosim_axi_lite_transactor;${name}_rtl${variant};${arg_REGS}")
    if(arg_LOCKSTEP)
      _gtsim_twin_library(cosim_${name}_lockstep${variant} "${arg_LOCKSTEP}"
                          "${arg_MODEL};cosim_lockstep;cosim_${name}_twin${variant}" "${arg_REGS}")
    endif()
  endforeach()
  if(arg_RANDOM)
    _gtsim_twin_library(cosim_${name}_random "${arg_RANDOM}" "${arg_MODEL}" "${arg_REGS}")
  endif()
  gtsim_rtl_lint(${name} ${arg_TOP} ${sv_sources})

  # The product's twins: the platform builds them through their descriptors.
  if(arg_PLATFORM)
    target_link_libraries(gtsim_system PRIVATE cosim_${name}_twin)
    if(arg_LOCKSTEP)
      target_link_libraries(gtsim_system PRIVATE cosim_${name}_lockstep)
    endif()
  endif()
endfunction()
