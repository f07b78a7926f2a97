#!/bin/sh
# Runs test_irq_saturation.py under cocotb with Verilator (the ctest test irq_cocotb.*).
# usage: run_irq_cocotb.sh PYTHON SOURCE_DIR BUILD_DIR GENERATED_REGS_DIR (build/generated/regs)
#   PYTHON   the venv of scripts/bootstrap.sh (build/pyenv) with cocotb and cocotbext-axi;
#            without them the test is skipped (exit 77)
#   BUILD_DIR  where cocotb builds and runs (inside the build tree)
# Fails on a failed cocotb test, on no results, and on any RTL assertion or Verilator error line.
set -u
py=$1 src=$2 out=$3 gen=$4
if ! [ -x "$py" ] || ! "$py" -c 'import cocotb, cocotbext.axi' 2>/dev/null; then
  echo "skipped: $py has no cocotb and cocotbext-axi (scripts/bootstrap.sh installs them in build/pyenv)"
  exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out" && cd "$out" || exit 1
rm -f results.xml sim.log
bin=$(dirname "$py")
makefiles=$("$py" -m cocotb.config --makefiles 2>/dev/null || "$bin/cocotb-config" --makefiles) || exit 1
PATH=$bin:$PATH
export PATH
rtl=$src/rtl
IRQ_REGS_TOML=$src/models/irq/irq_gen11_regs.toml
IRQ_GUC_REGS_TOML=$src/models/irq/irq_gen11_guc_regs.toml
export IRQ_REGS_TOML IRQ_GUC_REGS_TOML
make -f "$makefiles/Makefile.sim" SIM=verilator TOPLEVEL_LANG=verilog \
  TOPLEVEL=irq_cocotb_top MODULE=test_irq_saturation PYTHONPATH="$here" \
  SIM_BUILD="$out/sim_build" \
  VERILOG_SOURCES="$rtl/common/gtsim_reg_pkg.sv $gen/irq_gen11/irq_gen11_regs_pkg.sv $gen/irq_gen11_guc/irq_gen11_guc_regs_pkg.sv $rtl/irq/irq_gen11_rtl_pkg.sv $rtl/axi_lite/axi_lite_slave.sv $rtl/irq/irq_gen11_tree.sv $rtl/irq/irq_gen11.sv $here/irq_cocotb_top.sv" \
  EXTRA_ARGS="--assert -I$rtl/common -Wno-fatal" >sim.log 2>&1
status=$?
cat sim.log
if grep -q -e '%Error' -e 'Assertion failed' sim.log; then
  echo "FAIL: the RTL reported an error (above)"
  exit 1
fi
if [ $status -ne 0 ] || ! [ -s results.xml ] || grep -q '<failure' results.xml || ! grep -q '<testcase' results.xml; then
  echo "FAIL: the cocotb run failed (make exit $status; results in $out/results.xml)"
  exit 1
fi
echo "PASS"
