#!/usr/bin/env python3
"""Checks that every C header of the product layers (tlm, waves, models, testbench/cosim,
platform, app) has extern "C" guards, so C++ and SystemC code can include it; the build
compiles each guarded header alone as C++17 (cmake/GtsimHeaderCheck.cmake). A C++-only header
(a Verilator wrapper's core: C++ standard headers, namespaces, templates or classes) is exempt.
Prints each header without guards and exits 1. Usage: check-headers.py [REPO_ROOT]"""
import os
import re
import sys

root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
FOLDERS = ("tlm", "waves", "models", "testbench/cosim", "testbench/platform", "testbench/app")
CXX_ONLY = re.compile(r"^\s*#\s*include\s*<c[a-z]+>|\bnamespace\b|\btemplate\s*<|^\s*class\s", re.M)
missing, checked = [], 0
for folder in FOLDERS:
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, folder)):
        for name in sorted(filenames):
            if not name.endswith(".h"):
                continue
            path = os.path.join(dirpath, name)
            text = open(path, encoding="utf-8", errors="replace").read()
            if CXX_ONLY.search(text):
                continue
            checked += 1
            if not re.search(r'#ifdef __cplusplus\s*\n\s*extern "C" \{', text):
                missing.append(os.path.relpath(path, root))
for path in missing:
    print('%s: no extern "C" guards (#ifdef __cplusplus / extern "C" {)' % path)
print("check-headers: %d C headers, %d without guards" % (checked, len(missing)))
sys.exit(1 if missing else 0)
