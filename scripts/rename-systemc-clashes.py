#!/usr/bin/env python3
"""Renames gtsim's transaction-layer names that SystemC 2.3.4 / TLM-2.0 also defines.

A C++ program that includes <systemc>, <tlm> and gtsim's headers would otherwise see two
definitions of the byte-enable macros (SystemC's tlm_gp.h defines TLM_BYTE_ENABLED and
TLM_BYTE_DISABLED), ambiguous names after `using namespace tlm;` (tlm::tlm_command,
tlm::tlm_response_status, tlm::tlm_dmi and their enumerators), and two headers called tlm.h.

Mechanical and idempotent: run it from anywhere on a checkout (tracked files only), e.g. after
a merge brought in new uses of the old names:

    python3 scripts/rename-systemc-clashes.py

Files that include SystemC themselves are left alone (their names are SystemC's), and so is a
name written tlm::NAME (SystemC's, qualified).
"""
import os
import re
import subprocess
import sys

# Old name -> new name, whole identifiers only.
IDENTIFIERS = {
    "TLM_BYTE_ENABLED": "TLM_BYTE_LANE_ENABLED",
    "TLM_BYTE_DISABLED": "TLM_BYTE_LANE_DISABLED",
    "tlm_command": "tlm_cmd",
    "TLM_READ_COMMAND": "TLM_CMD_READ",
    "TLM_WRITE_COMMAND": "TLM_CMD_WRITE",
    "TLM_IGNORE_COMMAND": "TLM_CMD_IGNORE",
    "tlm_response_status": "tlm_status",
    "TLM_OK_RESPONSE": "TLM_STATUS_OK",
    "TLM_INCOMPLETE_RESPONSE": "TLM_STATUS_INCOMPLETE",
    "TLM_GENERIC_ERROR_RESPONSE": "TLM_STATUS_GENERIC_ERROR",
    "TLM_ADDRESS_ERROR_RESPONSE": "TLM_STATUS_ADDRESS_ERROR",
    "TLM_COMMAND_ERROR_RESPONSE": "TLM_STATUS_COMMAND_ERROR",
    "TLM_BURST_ERROR_RESPONSE": "TLM_STATUS_BURST_ERROR",
    "TLM_BYTE_ENABLE_ERROR_RESPONSE": "TLM_STATUS_BYTE_ENABLE_ERROR",
    "tlm_dmi": "tlm_dmi_region",
    # The umbrella header's include guard.
    "TLM_H": "GTSIM_TLM_H",
}
# The umbrella header tlm/tlm.h becomes tlm/gtsim_tlm.h.
OLD_HEADER, NEW_HEADER = "tlm/tlm.h", "tlm/gtsim_tlm.h"
HEADER_PATTERNS = [
    (re.compile(r'"tlm\.h"'), '"gtsim_tlm.h"'),
    (re.compile(r'(?<![\w/])tlm/tlm\.h\b'), "tlm/gtsim_tlm.h"),
    (re.compile(r'`tlm\.h`'), "`gtsim_tlm.h`"),
]
SYSTEMC_INCLUDE = re.compile(r'#\s*include\s*<(systemc|tlm|tlm_utils/[^>]*|sysc/[^>]*|tlm_core/[^>]*)(\.h)?>')
IDENT_PATTERN = re.compile(r'(?<![\w:"])(' + "|".join(sorted(IDENTIFIERS, key=len, reverse=True)) + r')\b')
TEXT_SUFFIXES = (".c", ".h", ".cc", ".cpp", ".hpp", ".inc", ".in", ".md", ".txt", ".cmake", ".py",
                 ".sh", ".toml", ".gtsim", ".sv", ".svh", ".list")


def main():
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True,
                         check=True, cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip()
    os.chdir(top)
    if os.path.exists(OLD_HEADER) and not os.path.exists(NEW_HEADER):
        subprocess.run(["git", "mv", OLD_HEADER, NEW_HEADER], check=True)
    files = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.split()
    changed = 0
    for path in files:
        if path == "scripts/rename-systemc-clashes.py" or not path.endswith(TEXT_SUFFIXES) \
                and os.path.basename(path) != "CMakeLists.txt":
            continue
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if SYSTEMC_INCLUDE.search(text):
            continue
        new = IDENT_PATTERN.sub(lambda m: IDENTIFIERS[m.group(1)], text)
        for pattern, replacement in HEADER_PATTERNS:
            new = pattern.sub(replacement, new)
        if new != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
            changed += 1
    print(f"rename-systemc-clashes: {changed} files changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
