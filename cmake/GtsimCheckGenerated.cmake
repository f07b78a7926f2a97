# A checked-in generated file is current: runs GENERATOR with OUTPUT as its argument and fails
# when OUTPUT differs from CHECKED_IN (cmake -P; the test rtl.cs.table_current).
execute_process(COMMAND ${GENERATOR} ${OUTPUT} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${GENERATOR} failed (${status})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUTPUT} ${CHECKED_IN} RESULT_VARIABLE differs)
if(differs)
  message(FATAL_ERROR "${CHECKED_IN} is not what ${GENERATOR} writes now (${OUTPUT}): copy it over and commit")
endif()
