// Capture of what the Verilated runtime prints (C++ only; part of the Verilator shims).
//
// Why: a failing SystemVerilog assertion prints its message through VL_WRITEF and then calls
// VL_STOP_MT; the shim counts the failure (VerilatedContext::errorCount() with
// fatalOnError(false)) but the message text only exists as printed output. Verilator lets a
// program replace its print function: every Verilated source of a shim library, and the
// Verilator runtime compiled into it, is built with -DVL_PRINTF=tb_vl_printf and this header
// force-included (testbench/rtl/CMakeLists.txt). tb_vl_printf() still writes everything to
// stdout, as Verilator's default printf would, and also hands it to the sink that the calling
// thread has installed, so each shim instance sees the messages of its own evaluations.
#ifndef TB_VL_CAPTURE_H
#define TB_VL_CAPTURE_H

#ifdef __cplusplus

// Receives every text the runtime prints while it is installed on the thread.
class tb_vl_sink {
public:
    virtual void text(const char *text) noexcept = 0;

protected:
    ~tb_vl_sink() = default;
};

// Installs `sink` on the calling thread for the scope's lifetime (nests; restores the
// previous sink when it ends).
class tb_vl_capture_scope {
public:
    explicit tb_vl_capture_scope(tb_vl_sink *sink) noexcept;
    ~tb_vl_capture_scope();
    tb_vl_capture_scope(const tb_vl_capture_scope &) = delete;
    tb_vl_capture_scope &operator=(const tb_vl_capture_scope &) = delete;

private:
    tb_vl_sink *previous_;
};

// The VL_PRINTF replacement: printf to stdout, then the text to the thread's sink (texts
// longer than 1023 bytes reach the sink truncated).
int tb_vl_printf(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif

#endif
