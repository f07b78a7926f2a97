# Runs Verilator's --xml-only and scripts/gtsim-user-twin.py on a test block.
#   cmake -DVERILATOR=<exe> -DPYTHON=<exe> -DSCRIPT=<gtsim-user-twin.py> -DSV=<file> -DTOP=<module>
#         [-DPORTS=<toml>] [-DGPARAM=<Name=value>] -DWORK=<dir> -P run_generator.cmake
# Prints the generator's message and, on success, the generated header.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/xml)
set(gparam)
if(GPARAM)
  set(gparam -G${GPARAM})
endif()
execute_process(COMMAND ${VERILATOR} --xml-only ${gparam} --top-module ${TOP} --Mdir ${WORK}/xml ${SV}
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "verilator --xml-only failed")
endif()
set(ports)
if(PORTS)
  set(ports --ports ${PORTS})
endif()
execute_process(COMMAND ${PYTHON} ${SCRIPT} --name blk --top ${TOP} --xml ${WORK}/xml/V${TOP}.xml ${ports} --out-dir ${WORK}
                RESULT_VARIABLE status ERROR_VARIABLE err)
message("generator exit ${status}: ${err}")
if(status EQUAL 0)
  file(READ ${WORK}/blk_user_rtl.h header)
  file(READ ${WORK}/blk_user_rtl.cpp source)
  message("${header}${source}")
endif()
