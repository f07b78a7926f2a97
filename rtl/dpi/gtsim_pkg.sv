// gtsim's C models for SystemVerilog and UVM benches: the DPI-C imports of
// testbench/dpi/gtsim_dpi.h (libgtsim_dpi.so; docs/guide/dpi.md). Every function is zero-time
// and never calls back into SV, so any SV function or task may call it. Handles are chandles;
// a NULL, destroyed or foreign handle and every out-of-range argument return an error code
// (GTSIM_ERR_*) with a message in gtsim_last_error(), never a crash.
package gtsim_pkg;

  // The constants are for the bench's use: a bench that needs only some of them leaves the
  // others unused.
  /* verilator lint_off UNUSEDPARAM */
  // Bus responses (TLM-2.0 response status values), returned by the MMIO and memory functions.
  localparam int GTSIM_RESP_OK = 1;
  localparam int GTSIM_RESP_INCOMPLETE = 0;
  localparam int GTSIM_RESP_GENERIC_ERROR = -1;
  localparam int GTSIM_RESP_ADDRESS_ERROR = -2;
  localparam int GTSIM_RESP_COMMAND_ERROR = -3;
  localparam int GTSIM_RESP_BURST_ERROR = -4;
  localparam int GTSIM_RESP_BYTE_ENABLE_ERROR = -5;

  // Errors of the package itself: the call did nothing.
  localparam int GTSIM_OK = 0;
  localparam int GTSIM_ERR_HANDLE = -100;
  localparam int GTSIM_ERR_ARGUMENT = -101;
  localparam int GTSIM_ERR_UNSUPPORTED = -102;
  localparam int GTSIM_ERR_RUN = -103;

  // The irq_gen11 block handle's GuC block window (rtl/irq/irq_gen11.sv GucBase) and space.
  localparam longint GTSIM_IRQ_GEN11_GUC_BASE = 64'h200;
  localparam longint GTSIM_IRQ_GEN11_SPACE = 64'h400;
  // The doorbell block handle's GuC view (the install shim, the GuC block) starts here.
  localparam longint GTSIM_DOORBELL_GUC_VIEW = 64'h100000;
  /* verilator lint_on UNUSEDPARAM */

  // Handles: a whole GT of a profile ("gen12", "gen6"; "": gen12) or one block ("irq_gen11",
  // "irq_gen6", "doorbell", "rcs", "bcs", "vcs", "vecs"). null on failure (see gtsim_last_error).
  import "DPI-C" function chandle gtsim_dpi_create_gt(input string profile);
  import "DPI-C" function chandle gtsim_dpi_create_block(input string block);
  import "DPI-C" function int gtsim_dpi_destroy(input chandle handle);
  import "DPI-C" function string gtsim_dpi_last_error();

  // MMIO: 32-bit accesses at a byte offset (GT: into the BAR; irq_gen11 block: host block at 0,
  // GuC block at GTSIM_IRQ_GEN11_GUC_BASE). Strobes as AXI WSTRB (4'hF: all bytes).
  import "DPI-C" function int gtsim_dpi_mmio_read(input chandle handle, input longint offset,
                                                  output int data);
  import "DPI-C" function int gtsim_dpi_mmio_write(input chandle handle, input longint offset,
                                                   input int data, input int strobes);

  // Graphics memory (GT, doorbell and engine handles): one dword at a 48-bit address.
  import "DPI-C" function int gtsim_dpi_mem_read(input chandle handle, input longint address,
                                                 output int data);
  import "DPI-C" function int gtsim_dpi_mem_write(input chandle handle, input longint address,
                                                  input int data);

  // One engine interrupt message into the aggregator's message port (spec 001 fields).
  import "DPI-C" function int gtsim_dpi_irq_message(input chandle handle, input int vf_id,
                                                    input int engine_class, input int engine_instance,
                                                    input int data);

  // Output levels: 0 or 1, or a GTSIM_ERR_* code.
  import "DPI-C" function int gtsim_dpi_host_irq(input chandle handle);
  import "DPI-C" function int gtsim_dpi_guc_vector(input chandle handle, input int vector_index);

  // Interrupt messages a doorbell or engine block sent (1: *word is the oldest, spec 001
  // format; 0: none), and the doorbell block's micro-core causes (taken when acknowledge != 0).
  import "DPI-C" function int gtsim_dpi_irq_message_next(input chandle handle, output int word);
  import "DPI-C" function int gtsim_dpi_guc_core(input chandle handle, input int acknowledge);

  // The model's time: run N cycles, run until idle (1 idle, 0 busy at the bound), now in ps.
  import "DPI-C" function int gtsim_dpi_run(input chandle handle, input longint cycles);
  import "DPI-C" function int gtsim_dpi_run_idle(input chandle handle, input longint max_cycles);
  import "DPI-C" function longint gtsim_dpi_now_ps(input chandle handle);

  // The model's warnings and errors, oldest first ("" when none); printing to stderr on or off.
  import "DPI-C" function string gtsim_dpi_log_next(input chandle handle);
  import "DPI-C" function int gtsim_dpi_log_pending(input chandle handle);
  import "DPI-C" function longint gtsim_dpi_log_dropped(input chandle handle);
  import "DPI-C" function int gtsim_dpi_log_print(input chandle handle, input int on);

  // An environment variable as a number (GTSIM_SEED, ...), or the fallback.
  import "DPI-C" function longint gtsim_dpi_env_int(input string name, input longint fallback);

  // The AXI response a bus slave gives for a model response: OKAY, DECERR for an address
  // nothing answers, SLVERR for the rest.
  function automatic logic [1:0] gtsim_axi_resp(input int response);
    if (response == GTSIM_RESP_OK) return 2'b00;
    if (response == GTSIM_RESP_ADDRESS_ERROR) return 2'b11;
    return 2'b10;
  endfunction

  // Copies every pending model log line to the simulator's output; returns how many.
  function automatic int gtsim_drain_log(input chandle handle, input string prefix);
    int lines = 0;
    for (int n = gtsim_dpi_log_pending(handle); n > 0; n--) begin
      $display("%s%s", prefix, gtsim_dpi_log_next(handle));
      lines++;
    end
    return lines;
  endfunction

endpackage
