# Sourced by scripts/bootstrap*.sh: installs the Debian packages of a list that are missing.
#   apt_install_missing TAG [--no-start] PACKAGE...
# TAG prefixes the messages; --no-start keeps Debian's maintainer scripts from starting the
# packages' daemons (a policy-rc.d that refuses, 101, while installing, when the image has none).
# Returns 0 when everything is present or was installed; prints a clear message and returns 1
# when it cannot (no root or sudo, no mirror, a failed install).
apt_install_missing() {
  local tag=$1; shift
  local no_start=0
  if [ "${1:-}" = "--no-start" ]; then no_start=1; shift; fi
  local p missing=()
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$p")
    fi
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "$tag: all $# packages present"
    return 0
  fi
  echo "$tag: installing ${missing[*]}"
  local sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo_cmd=(sudo -n)
    else
      echo "$tag: error: need root (or sudo) to install: ${missing[*]}" >&2
      return 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  if ! "${sudo_cmd[@]}" apt-get update -qq; then
    echo "$tag: error: 'apt-get update' failed; check network access to the Debian mirrors" >&2
    return 1
  fi
  local policy=/usr/sbin/policy-rc.d made_policy=0
  if [ "$no_start" -eq 1 ] && [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | "${sudo_cmd[@]}" tee "$policy" >/dev/null
    "${sudo_cmd[@]}" chmod 0755 "$policy"
    made_policy=1
  fi
  local log="/tmp/gtsim-$tag-apt.log" status=0
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$log" 2>&1 || status=$?
  if [ "$made_policy" -eq 1 ]; then
    "${sudo_cmd[@]}" rm -f "$policy"
  fi
  if [ "$status" -ne 0 ]; then
    tail -n 20 "$log" >&2
    echo "$tag: error: could not install: ${missing[*]} (log: $log)" >&2
    return 1
  fi
  echo "$tag: installed ${missing[*]}"
}
