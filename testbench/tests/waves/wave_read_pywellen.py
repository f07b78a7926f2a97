"""A second waveform reader: pywellen (PyPI; the reader library of the Surfer viewer) reads
every file given and streams every value change. Prints "FILE: N variables, M changes" per
file; with --same, also fails unless every file has the same counts (the FST and the VCD of
one run). Exit 77 (ctest SKIP_RETURN_CODE) when pywellen is not installed (scripts/bootstrap.sh
installs it into build/pyenv). docs/guide/waves.md "What a file promises"."""
import sys

try:
    import pywellen
except ImportError:
    print("pywellen is not installed (scripts/bootstrap.sh puts it in build/pyenv): skipped")
    sys.exit(77)


def counts(path):
    wave = pywellen.Waveform(path)
    variables = list(wave.all_vars())
    changes = [0]

    def count(*_):
        changes[0] += 1

    wave.stream_changes(count, variables)
    return len(variables), changes[0]


def main(argv):
    same = "--same" in argv
    paths = [a for a in argv if a != "--same"]
    seen = []
    for path in paths:
        try:
            result = counts(path)
        except Exception as error:  # any failure to read is the finding
            print(f"{path}: pywellen cannot read it: {error}")
            return 1
        print(f"{path}: {result[0]} variables, {result[1]} changes")
        if result[1] == 0:
            print(f"{path}: no value changes")
            return 1
        seen.append(result)
    if same and len(set(seen)) > 1:
        print("the files differ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
