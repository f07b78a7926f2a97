#!/usr/bin/env bash
# Screenshot of a waveform as GTKWave shows it with the view gtsim wrote beside it, taken
# headless under Xvfb (docs/guide/waves.md). Without FILE it first runs the default scenario with
# the round-trip block as RTL (gtsim --rtl roundtrip --wave ...), so the picture shows bus
# transactions, statement mnemonics, interrupt lines and the RTL's AXI pins on one timeline.
#
# usage: scripts/wave_screenshot.sh [FILE.fst|FILE.vcd] [-o OUT.png]
#   FILE      a waveform with its view FILE.gtkw beside it (default: build/waves/default_rtl.fst,
#             written by build/gtsim, which is built or brought up to date first)
#   -o OUT    the PNG to write (default: FILE with .png)
#   GTSIM=... the gtsim program to run instead of building build/gtsim
#
# Needs gtkwave, xvfb-run (package xvfb) and python3 (standard library only: Xvfb's XWD frame
# buffer is converted to PNG here, so ImageMagick is not needed).
set -euo pipefail
cd "$(dirname "$0")/.."

wave=""
png=""
while [ $# -gt 0 ]; do
  case "$1" in
    -o) [ $# -ge 2 ] || { echo "wave_screenshot.sh: -o needs a file" >&2; exit 2; }; png=$2; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "wave_screenshot.sh: unknown option '$1'" >&2; exit 2 ;;
    *) [ -z "$wave" ] || { echo "wave_screenshot.sh: one waveform at a time" >&2; exit 2; }; wave=$1; shift ;;
  esac
done

for tool in gtkwave xvfb-run python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "wave_screenshot.sh: '$tool' not found (scripts/bootstrap.sh installs it)" >&2; exit 1; }
done

if [ -z "$wave" ]; then
  gtsim=${GTSIM:-}
  if [ -z "$gtsim" ]; then
    scripts/build.sh build gtsim -DCMAKE_BUILD_TYPE=RelWithDebInfo # incremental: up to date in seconds
    gtsim=build/gtsim
  fi
  mkdir -p build/waves
  wave=build/waves/default_rtl.fst
  echo "wave_screenshot.sh: $gtsim --rtl roundtrip --wave $wave"
  "$gtsim" --rtl roundtrip --wave "$wave" --log-level error
fi
[ -f "$wave" ] || { echo "wave_screenshot.sh: no waveform '$wave'" >&2; exit 1; }
view="${wave%.*}.gtkw"
[ -f "$view" ] || { echo "wave_screenshot.sh: no view '$view' beside the waveform" >&2; exit 1; }
[ -n "$png" ] || png="${wave%.*}.png"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Inside the X server: start GTKWave, wait until the frame buffer stops changing (it has drawn
# the view), copy the frame buffer while the server still runs, stop GTKWave.
cat >"$work/inside.sh" <<'EOF'
set -u
work=$1 wave=$2 view=$3
gtkwave "$wave" "$view" >"$work/gtkwave.log" 2>&1 &
pid=$!
sleep 2
previous=""
for _ in $(seq 1 30); do
  sleep 0.5
  kill -0 "$pid" 2>/dev/null || { echo "gtkwave exited early:" >&2; cat "$work/gtkwave.log" >&2; exit 1; }
  current=$(cksum <"$work/fb/Xvfb_screen0")
  [ "$current" = "$previous" ] && break
  previous=$current
done
cp "$work/fb/Xvfb_screen0" "$work/screen.xwd"
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
exit 0
EOF
mkdir -p "$work/fb"
xvfb-run -a -s "-screen 0 1400x1200x24 -fbdir $work/fb" bash "$work/inside.sh" "$work" "$wave" "$view"

# XWD (X Window Dump, as Xvfb keeps its frame buffer: a big-endian header, a colour map, then
# the pixels) to PNG.
python3 - "$work/screen.xwd" "$png" <<'EOF'
import struct
import sys
import zlib

source, target = sys.argv[1], sys.argv[2]
data = open(source, "rb").read()
(header_size, _version, _format, _depth, width, height, _xoffset, byte_order, _unit, _bit_order, _pad,
 bits_per_pixel, bytes_per_line, _visual, red_mask, green_mask, blue_mask, _bits_rgb, _entries,
 colours) = struct.unpack(">20I", data[:80])
if bits_per_pixel != 32:
    sys.exit("wave_screenshot.sh: expected a 32-bit frame buffer, got %d bits per pixel" % bits_per_pixel)
pixels = data[header_size + 12 * colours:]


def shift(mask):
    return (mask & -mask).bit_length() - 1


rs, gs, bs = shift(red_mask), shift(green_mask), shift(blue_mask)
order = "<" if byte_order == 0 else ">"
rows = bytearray()
for y in range(height):
    rows.append(0)  # PNG filter type 0 for the row
    line = struct.unpack_from("%s%dI" % (order, width), pixels, y * bytes_per_line)
    for value in line:
        rows += bytes(((value & red_mask) >> rs, (value & green_mask) >> gs, (value & blue_mask) >> bs))


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


with open(target, "wb") as out:
    out.write(b"\x89PNG\r\n\x1a\n")
    out.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
    out.write(chunk(b"IDAT", zlib.compress(bytes(rows), 6)))
    out.write(chunk(b"IEND", b""))
EOF
echo "wave_screenshot.sh: $png (GTKWave showing $wave with $view)"
