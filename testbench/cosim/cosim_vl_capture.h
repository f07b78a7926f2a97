// Capture of what the Verilated runtime prints (C++ only; part of the Verilator wrappers).
//
// Why: a failing SystemVerilog assertion prints its message through VL_WRITEF and then calls
// VL_STOP_MT; the wrapper counts the failure (VerilatedContext::errorCount() with
// fatalOnError(false)) but the message text only exists as printed output. Verilator lets a
// program replace its print function: every Verilated source of a wrapper library, and the
// Verilator runtime compiled into it, is built with -DVL_PRINTF=cosim_vl_printf and this header
// force-included (testbench/cosim/CMakeLists.txt). cosim_vl_printf() still writes everything to
// stdout, as Verilator's default printf would, and also hands it to the sink that the calling
// thread has installed, so each wrapper instance sees the messages of its own evaluations.
#ifndef COSIM_VL_CAPTURE_H
#define COSIM_VL_CAPTURE_H

#ifdef __cplusplus

// Receives every text the runtime prints while it is installed on the thread.
class cosim_vl_sink {
public:
    virtual void text(const char *text) noexcept = 0;

protected:
    ~cosim_vl_sink() = default;
};

// Installs `sink` on the calling thread for the scope's lifetime (nests; restores the
// previous sink when it ends).
class cosim_vl_capture_scope {
public:
    explicit cosim_vl_capture_scope(cosim_vl_sink *sink) noexcept;
    ~cosim_vl_capture_scope();
    cosim_vl_capture_scope(const cosim_vl_capture_scope &) = delete;
    cosim_vl_capture_scope &operator=(const cosim_vl_capture_scope &) = delete;

private:
    cosim_vl_sink *previous_;
};

// The VL_PRINTF replacement: printf to stdout, then the text to the thread's sink (texts
// longer than 1023 bytes reach the sink truncated).
int cosim_vl_printf(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif

#endif
