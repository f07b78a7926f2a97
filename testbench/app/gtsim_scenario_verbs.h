/* The verbs of the scenario language (docs/guide/scenarios.md), one row per statement kind. Everything
 * the parser, the printer and the runner need to know of a verb comes from this list, so a new
 * verb is one row here plus its functions:
 *
 *   X(KIND, KEYWORD, PARSE, PRINT, RUN, LABEL, USAGE)
 *
 * KIND     the statement kind, GTSIM_STMT_<KIND> (values in row order)
 * KEYWORD  the statement's first word; rows that share it share PARSE, which reads the rest of
 *          the line and picks the kind (mmio write / mmio read)
 * PARSE    bool PARSE(gtsim_parser *, gtsim_statement *) in gtsim_scenario.c, called after the keyword:
 *          false with an error recorded
 * PRINT    void PRINT(const gtsim_statement *, FILE *) in gtsim_scenario.c: the canonical form
 * RUN      bool RUN(gtsim_runner *, const gtsim_statement *) in gtsim_scenario_run.c: false only on a
 *          usage error that stops the run (checks are counted, not returned)
 * LABEL    the statement's mnemonic on the waveform's scenario.mnemonic row; NULL: the printed
 *          statement's words before its first number, without its dwords ("ring rcs",
 *          "doorbell route guc", "mem load")
 * USAGE    the statement's syntax as docs/guide/scenarios.md writes it (forms apart by " | ")
 *
 * The parser library (gtsim_scenario.c) expands only the parse-side columns and the runner
 * (gtsim_scenario_run.c) only RUN, so the parser links no simulated system. */
#ifndef GTSIM_SCENARIO_VERBS_H
#define GTSIM_SCENARIO_VERBS_H

#ifdef __cplusplus
extern "C" {
#endif

#define GTSIM_SCENARIO_VERBS(X)                                                                                                \
    X(MMIO_WRITE, "mmio", gtsim_parse_mmio, gtsim_print_mmio_write, gtsim_run_mmio_write, "mmio write",                        \
      "mmio write OFFSET VALUE")                                                                                               \
    X(MMIO_READ, "mmio", gtsim_parse_mmio, gtsim_print_mmio_read, gtsim_run_mmio_read, "mmio read",                            \
      "mmio read OFFSET [expect VALUE [mask MASK]]")                                                                           \
    X(MEM_WRITE, "mem", gtsim_parse_mem, gtsim_print_mem_write, gtsim_run_mem, NULL,                                           \
      "mem write ADDR DW [DW ...] | mem load ADDR FILE")                                                                       \
    X(MEM_READ, "mem", gtsim_parse_mem, gtsim_print_mem_read, gtsim_run_mem, "mem read", "mem read ADDR [expect DW [DW ...]]") \
    X(IRQ_RAISE, "irq", gtsim_parse_irq, gtsim_print_irq_raise, gtsim_run_irq_raise, "irq raise",                              \
      "irq raise CLASS INSTANCE DATA16")                                                                                       \
    X(RUN, "run", gtsim_parse_run, gtsim_print_run, gtsim_run_cycles, "run", "run CYCLES")                                     \
    X(RUN_IDLE, "run", gtsim_parse_run, gtsim_print_run_idle, gtsim_run_idle, "run idle", "run idle [max CYCLES]")             \
    X(EXPECT_IRQ, "expect", gtsim_parse_expect, gtsim_print_expect_irq, gtsim_run_expect_irq, "expect irq", "expect irq 0|1")  \
    X(RING, "ring", gtsim_parse_ring, gtsim_print_ring, gtsim_run_ring, NULL, "ring ENGINE ADDR [pages N]")                    \
    X(EMIT, "emit", gtsim_parse_emit, gtsim_print_emit, gtsim_run_emit, NULL, "emit ENGINE MNEMONIC field=value ...")          \
    X(SUBMIT, "submit", gtsim_parse_submit, gtsim_print_submit, gtsim_run_emit, NULL, "submit ENGINE")                         \
    X(BATCH, "batch", gtsim_parse_batch, gtsim_print_batch, gtsim_run_batch, NULL, "batch ADDR")                               \
    X(BEMIT, "bemit", gtsim_parse_bemit, gtsim_print_bemit, gtsim_run_bemit, NULL, "bemit MNEMONIC field=value ...")           \
    X(KERNEL, "kernel", gtsim_parse_kernel, gtsim_print_kernel, gtsim_run_kernel, NULL, "kernel ADDR NAME")                    \
    X(DOORBELL_ARM, "doorbell", gtsim_parse_doorbell, gtsim_print_doorbell_arm, gtsim_run_doorbell_arm, NULL,                  \
      "doorbell arm N PAGE [expect RESULT]")                                                                                   \
    X(DOORBELL_ROUTE, "doorbell", gtsim_parse_doorbell, gtsim_print_doorbell_route, gtsim_run_doorbell_route, NULL,            \
      "doorbell route guc|host")                                                                                               \
    X(DOORBELL_QUEUE, "doorbell", gtsim_parse_doorbell, gtsim_print_doorbell_queue, gtsim_run_doorbell_queue, NULL,            \
      "doorbell queue N ENGINE WQ_ADDR WQ_SIZE")                                                                               \
    X(DOORBELL_ITEM, "doorbell", gtsim_parse_doorbell, gtsim_print_doorbell_item, gtsim_run_doorbell_item, NULL,               \
      "doorbell item N DESCRIPTOR RING_TAIL")                                                                                  \
    X(DOORBELL_RING, "doorbell", gtsim_parse_doorbell, gtsim_print_doorbell_ring, gtsim_run_doorbell_ring, NULL,               \
      "doorbell ring N [expect rung|lost|bus_error|retry_limit]")

#ifdef __cplusplus
}
#endif

#endif
