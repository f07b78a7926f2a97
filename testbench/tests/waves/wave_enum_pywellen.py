"""An FST whose enum table is longer than a reader keeps: readers hold a hierarchy attribute's
text in 65536 + 4096 characters (GTKWave's fstapi reader FST_ID_NAM_ATTR_SIZ, wellen's
fst-reader HIERARCHY_ATTRIBUTE_MAX_SIZE), and the writer keeps every enum table within that
(waves/wave_fst.c). Writes a scenario of STATEMENTS statements, runs it with --wave into an FST
and a VCD, and reads both with pywellen: the FST must read whole, with the same variables and
value changes as the VCD, and its statement row must carry an enum table whose first entries
name the first statements (the table is cut, not dropped).
usage: wave_enum_pywellen.py GTSIM DIR [STATEMENTS]
Exit 77 (ctest SKIP_RETURN_CODE) when pywellen is not installed."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wave_read_pywellen  # noqa: E402  (exits 77 when pywellen is missing)
import pywellen  # noqa: E402


def main(argv):
    gtsim, directory = argv[0], argv[1]
    statements = int(argv[2]) if len(argv) > 2 else 3000
    os.makedirs(directory, exist_ok=True)
    scenario = os.path.join(directory, "many_statements.gtsim")
    with open(scenario, "w") as out:
        for i in range(statements):
            out.write(f"mmio write 0x00400004 0x{i:08x}\n")
    files = [os.path.join(directory, "many_statements." + kind) for kind in ("fst", "vcd")]
    for path in files:
        run = subprocess.run([gtsim, "run", scenario, "--wave", path], capture_output=True, text=True)
        if run.returncode != 0:
            print(f"gtsim run --wave {path} failed ({run.returncode}): {run.stderr}")
            return 1
    text_length = sum(len(f"{scenario}:{i + 1}: mmio write 0x00400004 0x{i:08x}") for i in range(statements))
    if text_length <= 65536 + 4096:
        print(f"the statement texts ({text_length} characters) do not exceed a reader's limit: no test")
        return 1
    seen = []
    for path in files:
        try:
            seen.append(wave_read_pywellen.counts(path))
        except Exception as error:  # any failure to read is the finding
            print(f"{path}: pywellen cannot read it: {error}")
            return 1
        print(f"{path}: {seen[-1][0]} variables, {seen[-1][1]} changes")
    if seen[0] != seen[1]:
        print("the FST and the VCD differ")
        return 1
    wave = pywellen.Waveform(files[0])
    rows = [v for v in wave.all_vars() if v.full_name == "scenario.statement"]
    if len(rows) != 1:
        print(f"{files[0]}: {len(rows)} statement rows, expected 1")
        return 1
    table = rows[0].enum_type
    if not table:
        print(f"{files[0]}: the statement row has no enum table")
        return 1
    name, entries = table
    names = {int(value, 2): literal for value, literal in entries}
    first = f"{scenario}:1: mmio write 0x00400004 0x00000000"
    # wellen shows the escapes of the table's text as they are: a space is \040
    if (names.get(1) or "").replace("\\040", " ") != first:
        print(f"{files[0]}: statement 1 is named {names.get(1)!r}, expected {first!r}")
        return 1
    if not 1 < len(entries) < statements + 1:
        print(f"{files[0]}: {len(entries)} entries in the statement table: expected it cut below {statements + 1}")
        return 1
    print(f"{files[0]}: enum table '{name}' names the first {len(entries)} of {statements + 1} values")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
