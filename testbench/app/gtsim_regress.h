/* `gtsim regress LIST` (docs/guide/regress.md): runs a regression list's scenarios and tests in
 * parallel, one job per seed, and reports them: a line per job with its seed and a replay
 * command, a summary table per suite, JUnit XML, waveforms kept for failures only, and the
 * merged coverage of the jobs. Exit status: 0 everything passed, 1 something failed (or timed
 * out, or did not run), 2 usage or list error. */
#ifndef GTSIM_REGRESS_H
#define GTSIM_REGRESS_H

#ifdef __cplusplus
extern "C" {
#endif

/* argv[0] is "regress". */
int gtsim_regress_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
