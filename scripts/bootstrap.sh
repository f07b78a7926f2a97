#!/usr/bin/env bash
# Installs the Debian 12 packages gtsim needs, only those that are missing.
# Idempotent and non-interactive; exits non-zero with a clear message when it cannot.
set -euo pipefail

# One line per package: the package and why the project needs it.
packages=(
  build-essential   # gcc/g++ 12: C11 models, C++17 for the GoogleTest/SystemC/Verilator glue
  cmake             # the build (>= 3.25 for verilate() and gtest_discover_tests PRE_TEST)
  pkg-config        # SystemC ships only .pc files
  python3           # register generation and helper scripts (standard library only)
  python3-venv      # build/pyenv: pywellen (second waveform reader), cocotb + cocotbext-axi
  verilator         # RTL twins and the FST writer sources it ships
  libsystemc-dev    # SystemC 2.3.4 TLM-2.0: the baseline the benchmarks measure against
  libgtest-dev      # GoogleTest, driven from C through testbench/framework
  googletest        # GoogleTest sources (gtest_discover_tests helpers)
  zlib1g-dev        # FST compression
  gtkwave           # fst2vcd (validates written FST files) and the viewer
  xvfb              # headless GTKWave screenshots
  clang             # libFuzzer harnesses (scripts/fuzz.sh, testbench/fuzz/): clang 14
  libclang-rt-14-dev # libFuzzer and the ASan/UBSan runtimes clang links them with
)

# Python packages from PyPI in a venv under build/, each optional (the tests that need one skip
# without it), so a machine without PyPI access still bootstraps:
#   pywellen      a second waveform reader for the waveform tests
#   cocotb, cocotbext-axi  a third-party AXI4-Lite master driving the interrupt RTL
#                 (testbench/tests/irq/cocotb); cocotb 1.8.1 supports Verilator 5.006
pyenv_packages=(pywellen cocotb==1.8.1 cocotbext-axi==0.1.24)
install_pyenv() {
  local venv=${GTSIM_PYENV:-$(cd "$(dirname "$0")/.." && pwd)/build/pyenv}
  if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import pywellen, cocotb, cocotbext.axi' 2>/dev/null &&
     [ "$("$venv/bin/python" -c 'import cocotb; print(cocotb.__version__)')" = 1.8.1 ]; then
    return 0
  fi
  if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    echo "bootstrap: warning: could not make $venv; the tests that need pywellen or cocotb are skipped" >&2
    return 0
  fi
  local package
  for package in "${pyenv_packages[@]}"; do
    if "$venv/bin/pip" install -q "$package" >/dev/null 2>&1; then
      echo "bootstrap: installed $package in $venv"
    else
      echo "bootstrap: warning: could not install $package in $venv; the tests that need it are skipped" >&2
    fi
  done
}

# shellcheck source=scripts/apt-install.sh
. "$(dirname "$0")/apt-install.sh"
apt_install_missing bootstrap "${packages[@]}" || exit 1
install_pyenv
