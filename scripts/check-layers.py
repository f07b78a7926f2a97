#!/usr/bin/env python3
"""Checks that every #include points down the project's layers (docs/design/architecture.md):

    tlm  <  waves  <  models  <  testbench/cosim  <  testbench/platform  <  testbench/app
    testbench/framework (the GoogleTest-from-C shim) stands apart: only tests include it.
    testbench/tests, bench and fuzz sit on top and may include any layer.

A header is placed by where its source lives; a generated register header (<block>_regs.h)
by its <block>_regs.toml. Prints each include that reaches up (or sideways into the
framework) and exits 1; exits 0 when there is none. Usage: check-layers.py [REPO_ROOT]
"""
import os
import re
import sys

root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))

# (folder prefix, layer rank); the longest matching prefix wins. None: may include anything.
LAYERS = [
    ("tlm/", 0),
    ("waves/", 1),
    ("models/", 2),
    ("testbench/cosim/", 3),
    ("testbench/platform/", 4),
    ("testbench/app/", 5),
    ("testbench/systemc/", 5),
    ("testbench/dpi/", 5),
    ("testbench/framework/", "framework"),
    ("testbench/tests/", None),
    ("testbench/bench/", None),
    ("testbench/fuzz/", None),
]
SOURCE = re.compile(r"\.(c|h|cc|cpp|hpp|inc)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(path):
    best = None
    for prefix, rank in LAYERS:
        if path.startswith(prefix) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, rank)
    return best


headers = {}  # basename -> repo-relative path of the folder's copy
for dirpath, dirnames, filenames in os.walk(root):
    dirnames[:] = [d for d in dirnames if not d.startswith((".", "build"))]
    for name in filenames:
        rel = os.path.relpath(os.path.join(dirpath, name), root)
        if SOURCE.search(name):
            headers.setdefault(name, rel)
        elif name.endswith("_regs.toml"):
            headers.setdefault(name[: -len(".toml")] + ".h", rel)

violations = []
checked = 0
for dirpath, dirnames, filenames in os.walk(root):
    dirnames[:] = [d for d in dirnames if not d.startswith((".", "build"))]
    for name in filenames:
        if not SOURCE.search(name):
            continue
        rel = os.path.relpath(os.path.join(dirpath, name), root)
        mine = layer_of(rel)
        if mine is None or mine[1] is None:
            continue
        text = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read()
        for included in INCLUDE.findall(text):
            target = headers.get(os.path.basename(included))
            if target is None:
                continue  # a system, Verilator or generated header of no layer
            theirs = layer_of(target)
            checked += 1
            if theirs is None or theirs[1] is None:
                violations.append((rel, included, target, "a test-only folder"))
            elif theirs[1] == "framework" and mine[1] != "framework":
                violations.append((rel, included, target, "the test framework"))
            elif mine[1] == "framework" and theirs[1] != "framework":
                violations.append((rel, included, target, "a product layer (the framework stands apart)"))
            elif isinstance(mine[1], int) and isinstance(theirs[1], int) and theirs[1] > mine[1]:
                violations.append((rel, included, target, "a higher layer (%s)" % theirs[0].rstrip("/")))

for rel, included, target, why in violations:
    print('%s: #include "%s" reaches %s: %s' % (rel, included, why, target))
print("check-layers: %d includes checked, %d reaching up" % (checked, len(violations)))
sys.exit(1 if violations else 0)
