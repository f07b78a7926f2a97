# dma.wave: a lockstep run with --wave writes a VCD holding the block's register pins, its
# master port's AXI4 pins and its interrupt pin.
#   cmake -DEXAMPLE=<dma_example> -DVCD=<file> -P check_wave.cmake
execute_process(COMMAND ${EXAMPLE} --rtl dma --lockstep --copies 3 --wave ${VCD} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "dma_example --wave failed (${status})")
endif()
file(READ ${VCD} text)
foreach(row IN ITEMS "s_axil_awvalid_i" "m_axi_awvalid_o" "m_axi_rdata_i" "irq_done_o")
  if(NOT text MATCHES "\\$var [a-z]+ [0-9]+ [^ ]+ ${row} ")
    message(FATAL_ERROR "${VCD}: no row ${row}")
  endif()
endforeach()
message("dma.wave: register, master and interrupt pins in ${VCD}")
