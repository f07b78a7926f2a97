# Builds and runs testbench/tests/install/consumer against an installed gtsim.
#   cmake -DMODE=find_package|find_package_static|pkg_config -DPREFIX=<install> -DSOURCE=<consumer dir>
#         -DWORK=<scratch dir> -DCC=<C compiler> [-DEXTRA_FLAGS=<compile and link flags>]
#         -P run_consumer.cmake
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    string(JOIN " " shown ${ARGN})
    message(FATAL_ERROR "failed (${status}): ${shown}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
if(MODE MATCHES "^find_package(_static)?$")
  # The consumer's own CMake project, finding the package through CMAKE_PREFIX_PATH only.
  if(MODE STREQUAL "find_package_static")
    set(static ON)
  else()
    set(static OFF)
  endif()
  run(${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK} -DCMAKE_PREFIX_PATH=${PREFIX} -DCMAKE_C_COMPILER=${CC}
      -DCONSUMER_STATIC=${static} "-DCMAKE_C_FLAGS=${EXTRA_FLAGS}" "-DCMAKE_CXX_FLAGS=${EXTRA_FLAGS}"
      "-DCMAKE_EXE_LINKER_FLAGS=${EXTRA_FLAGS}")
  run(${CMAKE_COMMAND} --build ${WORK})
  run(${WORK}/consumer)
elseif(MODE STREQUAL "pkg_config")
  # One compiler line from pkg-config (the shared library); the run finds it by an rpath.
  find_program(PKG_CONFIG pkg-config REQUIRED)
  file(GLOB pc_dirs ${PREFIX}/lib*/pkgconfig ${PREFIX}/lib/*/pkgconfig)
  set(ENV{PKG_CONFIG_PATH} "${pc_dirs}")
  execute_process(COMMAND ${PKG_CONFIG} --cflags --libs gtsim OUTPUT_VARIABLE flags RESULT_VARIABLE status
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  execute_process(COMMAND ${PKG_CONFIG} --variable=libdir gtsim OUTPUT_VARIABLE libdir
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT status EQUAL 0 OR flags STREQUAL "")
    message(FATAL_ERROR "pkg-config --cflags --libs gtsim failed (PKG_CONFIG_PATH=${pc_dirs})")
  endif()
  message(STATUS "pkg-config --cflags --libs gtsim: ${flags}")
  separate_arguments(flags UNIX_COMMAND "${flags} ${EXTRA_FLAGS}")
  run(${CC} -std=c11 -Wall -Wextra -Werror ${SOURCE}/consumer.c -o ${WORK}/consumer ${flags} -Wl,-rpath,${libdir})
  run(${WORK}/consumer)
else()
  message(FATAL_ERROR "MODE must be find_package, find_package_static or pkg_config")
endif()
