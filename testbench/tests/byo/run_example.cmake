# Configures, builds and runs docs/examples/byo-rtl against an installed gtsim.
#   cmake -DVARIANT=example|example_planted|example_planted_order -DPREFIX=<install> -DSOURCE=<example dir> -DWORK=<scratch>
#         -DCC=<C compiler> -DCXX=<C++ compiler> -DCTEST=<ctest> [-DEXTRA_FLAGS=<flags>] -P run_example.cmake
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT status EQUAL 0)
    string(JOIN " " shown ${ARGN})
    message(FATAL_ERROR "failed (${status}): ${shown}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK})
set(planted OFF)
set(planted_order OFF)
if(VARIANT STREQUAL "example_planted")
  set(planted ON)
elseif(VARIANT STREQUAL "example_planted_order")
  set(planted_order ON)
endif()
run(${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK} -DCMAKE_PREFIX_PATH=${PREFIX} -DCMAKE_C_COMPILER=${CC}
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDMA_MODEL_PLANTED_BUG=${planted}
    -DDMA_MODEL_PLANTED_ORDER=${planted_order}
    "-DCMAKE_C_FLAGS=${EXTRA_FLAGS}" "-DCMAKE_CXX_FLAGS=${EXTRA_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${EXTRA_FLAGS}")
run(${CMAKE_COMMAND} --build ${WORK})
if(planted_order)
  # Only the order of writes to one address differs: the lockstep's stream compare must report
  # it (a byte the model wrote the RTL did not write at that point), while the model alone
  # passes the example's checks (memory ends right: a final-image compare would see nothing).
  execute_process(COMMAND ${WORK}/dma_example --rtl dma --lockstep --expect-mismatch
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT status EQUAL 0 OR NOT out MATCHES "lockstep mismatches; first: streams: no counterpart from rtl"
     OR NOT err MATCHES "first divergence")
    message(FATAL_ERROR "the lockstep did not report the reordered write as a stream divergence (${status})")
  endif()
  run(${WORK}/dma_example)
  message("byo: planted order caught")
elseif(NOT planted)
  run(${CTEST} --test-dir ${WORK} --output-on-failure)
  message("byo: example passed")
else()
  # The lockstep must name the divergence; the model alone breaks the example's own checks.
  execute_process(COMMAND ${WORK}/dma_example --rtl dma --lockstep --expect-mismatch
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT status EQUAL 0 OR NOT out MATCHES "lockstep mismatches; first: streams: ")
    message(FATAL_ERROR "the lockstep did not report the planted bug as a memory-write divergence (${status})")
  endif()
  execute_process(COMMAND ${WORK}/dma_example RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(status EQUAL 0)
    message(FATAL_ERROR "the planted-bug model passed the example's checks alone")
  endif()
  message("byo: planted bug caught")
endif()
