/* `gtsim regress LIST` (docs/guide/regress.md): runs a regression list's scenarios and tests in
 * parallel, one job per seed, and reports them: a line per job with its seed and a replay
 * command, a summary table per suite, JUnit XML, waveforms kept for failures only, and the
 * merged coverage of the jobs. Exit status: 0 everything passed, 1 something failed (or timed
 * out, or did not run), 2 usage or list error. */
#ifndef TB_REGRESS_H
#define TB_REGRESS_H

/* argv[0] is "regress". */
int tb_regress_main(int argc, char **argv);

#endif
