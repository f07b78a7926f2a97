#!/usr/bin/env python3
"""install.exports: every symbol libgtsim.so defines for others (`nm -D --defined-only`) carries
one of the public prefixes and is declared by an installed header (outside comments)
(docs/guide/library.md "Exported symbols"), and the library's main entry points are among them.

usage: check_exports.py libgtsim.so INCLUDE_DIR
"""
import os
import re
import subprocess
import sys

PUBLIC = re.compile(r"^(tlm_|wave_|gt_|cs_|eu_|guc_|doorbell_|irq_|roundtrip_|gtsim_system_|gtsim_block_|"
                    r"gtsim_coverage_|gtsim_version$)")
REQUIRED = ("gtsim_version", "gtsim_system_create", "gtsim_system_mmio", "tlm_kernel_create", "wave_open")


def declared_names(include_dir):
    names = set()
    for folder, _, files in os.walk(include_dir):
        for name in files:
            if name.endswith(".h"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", f.read(), flags=re.S)
                names.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
    return names


def main():
    library, include_dir = sys.argv[1], sys.argv[2]
    declared = declared_names(include_dir)
    out = subprocess.run(["nm", "-D", "--defined-only", library], capture_output=True, text=True, check=True).stdout
    names = []
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] not in ("A",):  # A: version nodes of the map
            names.append(fields[2].split("@")[0])
    bad = sorted(n for n in names if not PUBLIC.match(n) or n not in declared)
    missing = [n for n in REQUIRED if n not in names]
    print(f"{library}: {len(names)} exported symbols")
    for name in bad:
        print(f"exported but not public: {name}")
    for name in missing:
        print(f"public but not exported: {name}")
    return 1 if bad or missing else 0


if __name__ == "__main__":
    sys.exit(main())
