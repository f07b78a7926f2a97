"""Every ending of a run, read by the second reader (pywellen): what docs/guide/waves.md
"What a file promises, per ending" promises for each, checked on files written by `gtsim run`.

  wave_endings_pywellen.py GTSIM SCENARIO_DIR BAD_SCENARIO_DIR WORKDIR

- a failed check (exit 1): the FST and the VCD are complete (the same variables and changes);
- SIGINT and SIGTERM: the FST and the VCD are complete, the process died of the signal;
- SIGKILL: no file at the FST's path (only FILE.fst.part); the VCD reads as it is, with the
  changes of every whole time step written before the kill.
Exit 77 (ctest SKIP_RETURN_CODE) when pywellen is not installed."""
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wave_read_pywellen  # noqa: E402  (exits 77 when pywellen is missing)

GTSIM, SCENARIOS, BAD_SCENARIOS, WORKDIR = (os.path.abspath(a) for a in sys.argv[1:5])
failures = []


def check(what, ok):
    print(("ok: " if ok else "FAILED: ") + what)
    if not ok:
        failures.append(what)


def read(path):
    """(variables, changes) as pywellen reads the file, or None when it cannot."""
    try:
        return wave_read_pywellen.counts(path)
    except BaseException as error:  # any failure to read is the finding (a Rust panic is no Exception)
        print(f"{path}: pywellen cannot read it: {error}")
        return None


def run(scenario, wave):
    """`gtsim run SCENARIO --wave WAVE` to its end (bounded); its exit status."""
    return subprocess.run([GTSIM, "run", scenario, "--wave", wave], cwd=WORKDIR, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, timeout=120).returncode


def written(wave):
    """Bytes of the waveform on disk so far (an FST is FILE.fst.part until its close)."""
    for name in (wave, wave + ".part"):
        if os.path.exists(path(name)):
            return os.path.getsize(path(name))
    return -1


def run_until_signal(scenario, wave, signum, at_least, after):
    """Starts `gtsim run`, waits until the waveform has `at_least` bytes on disk (the run is
    writing it, however loaded the machine), then `after` seconds more, and sends `signum`; the
    (negative) status it died with. SIGINT is set back to its default in the child: a shell
    that starts it in the background would leave it ignored."""
    child = subprocess.Popen([GTSIM, "run", scenario, "--wave", wave], cwd=WORKDIR, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while written(wave) < at_least and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(after)
    child.send_signal(signum)
    try:
        return child.wait(timeout=60)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        return None


def path(name):
    return os.path.join(WORKDIR, name)


def fresh(*names):
    """Removes what an earlier run of this test left, so every file read is this run's."""
    for name in names:
        for suffix in ("", ".part", ".part.hier"):
            if os.path.exists(path(name + suffix)):
                os.remove(path(name + suffix))


os.makedirs(WORKDIR, exist_ok=True)
endless = os.path.join(BAD_SCENARIOS, "endless_run.gtsim")

# A failed check: exit 1, both files complete and alike.
failing = os.path.join(BAD_SCENARIOS, "failing_expect.gtsim")
fresh("f.fst", "f.vcd", "int.fst", "int.vcd", "term.fst", "term.vcd", "k.fst", "k.vcd")
check("a failed check exits 1 (FST)", run(failing, "f.fst") == 1)
check("a failed check exits 1 (VCD)", run(failing, "f.vcd") == 1)
fst, vcd = read(path("f.fst")), read(path("f.vcd"))
check(f"failed check: FST {fst} and VCD {vcd} read, alike, with changes", fst is not None and fst == vcd and fst[1] > 0)

# SIGINT and SIGTERM: the handler completes the file, then the process dies of the signal.
for signum, name in ((signal.SIGINT, "int"), (signal.SIGTERM, "term")):
    for kind in ("fst", "vcd"):
        wave = f"{name}.{kind}"
        status = run_until_signal(endless, wave, signum, 0, 0.5)
        check(f"SIG{name.upper()}: the run died of the signal ({status})", status == -signum)
        counts = read(path(wave))
        check(f"SIG{name.upper()}: {wave} reads whole {counts}", counts is not None and counts[1] > 0)

# SIGKILL: nothing can run. A run that writes many time steps (a long generated scenario),
# killed while it writes.
with open(path("long.gtsim"), "w") as long_scenario:
    long_scenario.write("# many time steps, each with a register write (written by wave_endings_pywellen.py)\n")
    for value in range(200000):
        long_scenario.write(f"mmio write 0x04 {value:#x}\nrun 1000\n")
status = run_until_signal(path("long.gtsim"), "k.vcd", signal.SIGKILL, 256 * 1024, 0)
check(f"SIGKILL: the run was killed ({status})", status == -signal.SIGKILL)
counts = read(path("k.vcd"))
check(f"SIGKILL: the VCD reads as it is, with the changes written {counts}", counts is not None and counts[1] > 0)
with open(path("k.vcd"), "rb") as vcd_file:
    text = vcd_file.read()
check("SIGKILL: the VCD ends with a whole line", text.endswith(b"\n"))
status = run_until_signal(path("long.gtsim"), "k.fst", signal.SIGKILL, 0, 0.5)
check(f"SIGKILL: the FST run was killed ({status})", status == -signal.SIGKILL)
check("SIGKILL: nothing at the FST's path", not os.path.exists(path("k.fst")))
check("SIGKILL: the unfinished FST stays as k.fst.part", os.path.exists(path("k.fst.part")))

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("every ending: all checks passed")
