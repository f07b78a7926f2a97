/* The verbs of the scenario language (docs/guide/scenarios.md), one row per statement kind. Everything
 * the parser, the printer and the runner need to know of a verb comes from this list, so a new
 * verb is one row here plus its functions:
 *
 *   X(KIND, KEYWORD, PARSE, PRINT, RUN, LABEL, USAGE)
 *
 * KIND     the statement kind, TB_STMT_<KIND> (values in row order)
 * KEYWORD  the statement's first word; rows that share it share PARSE, which reads the rest of
 *          the line and picks the kind (mmio write / mmio read)
 * PARSE    bool PARSE(tb_parser *, tb_statement *) in tb_scenario.c, called after the keyword:
 *          false with an error recorded
 * PRINT    void PRINT(const tb_statement *, FILE *) in tb_scenario.c: the canonical form
 * RUN      bool RUN(tb_runner *, const tb_statement *) in tb_scenario_run.c: false only on a
 *          usage error that stops the run (checks are counted, not returned)
 * LABEL    the statement's mnemonic on the waveform's scenario.mnemonic row; NULL: the printed
 *          statement's words before its first number, without its dwords ("ring rcs",
 *          "doorbell route guc", "mem load")
 * USAGE    the statement's syntax as docs/guide/scenarios.md writes it (forms apart by " | ")
 *
 * The parser library (tb_scenario.c) expands only the parse-side columns and the runner
 * (tb_scenario_run.c) only RUN, so the parser links no simulated system. */
#ifndef TB_SCENARIO_VERBS_H
#define TB_SCENARIO_VERBS_H

#define TB_SCENARIO_VERBS(X)                                                                                           \
    X(MMIO_WRITE, "mmio", tb_parse_mmio, tb_print_mmio_write, tb_run_mmio_write, "mmio write",                       \
      "mmio write OFFSET VALUE")                                                                                       \
    X(MMIO_READ, "mmio", tb_parse_mmio, tb_print_mmio_read, tb_run_mmio_read, "mmio read",                           \
      "mmio read OFFSET [expect VALUE [mask MASK]]")                                                                   \
    X(MEM_WRITE, "mem", tb_parse_mem, tb_print_mem_write, tb_run_mem, NULL,                                            \
      "mem write ADDR DW [DW ...] | mem load ADDR FILE")                                                               \
    X(MEM_READ, "mem", tb_parse_mem, tb_print_mem_read, tb_run_mem, "mem read", "mem read ADDR [expect DW [DW ...]]")  \
    X(IRQ_RAISE, "irq", tb_parse_irq, tb_print_irq_raise, tb_run_irq_raise, "irq raise",                             \
      "irq raise CLASS INSTANCE DATA16")                                                                               \
    X(RUN, "run", tb_parse_run, tb_print_run, tb_run_cycles, "run", "run CYCLES")                                      \
    X(RUN_IDLE, "run", tb_parse_run, tb_print_run_idle, tb_run_idle, "run idle", "run idle [max CYCLES]")              \
    X(EXPECT_IRQ, "expect", tb_parse_expect, tb_print_expect_irq, tb_run_expect_irq, "expect irq", "expect irq 0|1")   \
    X(RING, "ring", tb_parse_ring, tb_print_ring, tb_run_ring, NULL, "ring ENGINE ADDR [pages N]")                     \
    X(EMIT, "emit", tb_parse_emit, tb_print_emit, tb_run_emit, NULL, "emit ENGINE MNEMONIC field=value ...")         \
    X(SUBMIT, "submit", tb_parse_submit, tb_print_submit, tb_run_emit, NULL, "submit ENGINE")                          \
    X(BATCH, "batch", tb_parse_batch, tb_print_batch, tb_run_batch, NULL, "batch ADDR")                                \
    X(BEMIT, "bemit", tb_parse_bemit, tb_print_bemit, tb_run_bemit, NULL, "bemit MNEMONIC field=value ...")          \
    X(KERNEL, "kernel", tb_parse_kernel, tb_print_kernel, tb_run_kernel, NULL, "kernel ADDR NAME")                     \
    X(DOORBELL_ARM, "doorbell", tb_parse_doorbell, tb_print_doorbell_arm, tb_run_doorbell_arm, NULL,                   \
      "doorbell arm N PAGE [expect RESULT]")                                                                           \
    X(DOORBELL_ROUTE, "doorbell", tb_parse_doorbell, tb_print_doorbell_route, tb_run_doorbell_route, NULL,             \
      "doorbell route guc|host")                                                                                       \
    X(DOORBELL_QUEUE, "doorbell", tb_parse_doorbell, tb_print_doorbell_queue, tb_run_doorbell_queue, NULL,             \
      "doorbell queue N ENGINE WQ_ADDR WQ_SIZE")                                                                       \
    X(DOORBELL_ITEM, "doorbell", tb_parse_doorbell, tb_print_doorbell_item, tb_run_doorbell_item, NULL,                \
      "doorbell item N DESCRIPTOR RING_TAIL")                                                                          \
    X(DOORBELL_RING, "doorbell", tb_parse_doorbell, tb_print_doorbell_ring, tb_run_doorbell_ring, NULL,                \
      "doorbell ring N [expect rung|lost|bus_error|retry_limit]")

#endif
