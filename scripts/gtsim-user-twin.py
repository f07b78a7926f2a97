#!/usr/bin/env python3
"""Writes the Verilator wrapper of a user's RTL block (docs/guide/bring-your-own-rtl.md).

usage: gtsim-user-twin.py --name NAME --top MODULE --xml V<top>.xml [--ports PORTS.toml]
                          --out-dir DIR [--planted]

Reads the top's ports from Verilator's --xml-only output, binds them by gtsim's port-name
convention (or by the description file where it names ports), checks their directions and
widths, and writes DIR/<name>_user_rtl.h and DIR/<name>_user_rtl.cpp: the C table
cosim_user_rtl_ops (testbench/cosim/cosim_user_rtl.h) over the Verilated model V<top>.

Convention (suffix _i: input of the block, _o: output):
  clk_i, rst_ni                         clock, active-low reset
  s_axil_<signal>_{i,o}                 the AXI4-Lite register slave
  m_axi_<port>_<signal>_{i,o}           an AXI4 master port named <port>
  irq_<name>_o                          an interrupt output (1 bit)
  msg_<name>_valid_o, msg_<name>_ready_i, msg_<name>_data_o   a message port
Any error (missing pin, wrong width or direction, unknown port) stops with a message naming it.
"""
import argparse
import re
import sys
import tomllib
import xml.etree.ElementTree as ET

MAX_MASTERS, MAX_IRQS, MAX_MESSAGES = 4, 8, 4

# AXI4-Lite slave pins: signal -> (direction of the block's port, width rule, C field, valid pin).
# A width rule is an exact width or a (low, high) range; optional pins are marked.
LITE = [
    ("awvalid", "input", 1, "awvalid", None, True),
    ("awready", "output", 1, "awready", None, True),
    ("awaddr", "input", (1, 16), "awaddr", "awvalid", True),
    ("awprot", "input", 3, "awprot", "awvalid", False),
    ("wvalid", "input", 1, "wvalid", None, True),
    ("wready", "output", 1, "wready", None, True),
    ("wdata", "input", 32, "wdata", None, True),
    ("wstrb", "input", 4, "wstrb", "wvalid", True),
    ("bvalid", "output", 1, "bvalid", None, True),
    ("bready", "input", 1, "bready", None, True),
    ("bresp", "output", 2, "bresp", None, True),
    ("arvalid", "input", 1, "arvalid", None, True),
    ("arready", "output", 1, "arready", None, True),
    ("araddr", "input", (1, 16), "araddr", "arvalid", True),
    ("arprot", "input", 3, "arprot", "arvalid", False),
    ("rvalid", "output", 1, "rvalid", None, True),
    ("rready", "input", 1, "rready", None, True),
    ("rdata", "output", 32, "rdata", None, True),
    ("rresp", "output", 2, "rresp", None, True),
]

# AXI4 master pins (cosim_axi4_pins.h): outputs of the block are requests, inputs responses.
MASTER = [
    ("awvalid", "output", 1, True), ("awready", "input", 1, True), ("awid", "output", (1, 4), False),
    ("awaddr", "output", (12, 32), True), ("awlen", "output", 8, True), ("awsize", "output", 3, True),
    ("awburst", "output", 2, True), ("awprot", "output", 3, False),
    ("wvalid", "output", 1, True), ("wready", "input", 1, True), ("wdata", "output", 64, True),
    ("wstrb", "output", 8, True), ("wlast", "output", 1, True),
    ("bvalid", "input", 1, True), ("bready", "output", 1, True), ("bid", "input", (1, 4), False),
    ("bresp", "input", 2, True),
    ("arvalid", "output", 1, True), ("arready", "input", 1, True), ("arid", "output", (1, 4), False),
    ("araddr", "output", (12, 32), True), ("arlen", "output", 8, True), ("arsize", "output", 3, True),
    ("arburst", "output", 2, True), ("arprot", "output", 3, False),
    ("rvalid", "input", 1, True), ("rready", "output", 1, True), ("rid", "input", (1, 4), False),
    ("rdata", "input", 64, True), ("rresp", "input", 2, True), ("rlast", "input", 1, True),
]
# Which VALID qualifies a response input (the pins a wrapper reports when they do not fit).
MASTER_VALID = {"bid": "bvalid", "rid": "rvalid"}


class PortError(Exception):
    pass


def read_ports(xml_path, top):
    """{name: (direction, width)} of the top module's ports, in pin order."""
    root = ET.parse(xml_path).getroot()
    widths = {}
    for dtype in root.iter():
        if dtype.tag.endswith("dtype") and dtype.get("id") is not None:
            left, right = dtype.get("left"), dtype.get("right")
            widths[dtype.get("id")] = abs(int(left) - int(right)) + 1 if left is not None else 1
    module = None
    for candidate in root.iter("module"):
        if candidate.get("topModule") == "1" or candidate.get("name") == top:
            module = candidate
            break
    if module is None:
        raise PortError(f"no top module '{top}' in {xml_path}")
    ports = {}
    for var in module.findall("var"):
        direction = var.get("dir")
        if direction in ("input", "output"):
            ports[var.get("name")] = (direction, widths.get(var.get("dtype_id"), 0))
        elif direction is not None:
            raise PortError(f"port {var.get('name')}: direction {direction} is not supported")
    return ports


def width_ok(rule, width):
    return width == rule if isinstance(rule, int) else rule[0] <= width <= rule[1]


def rule_text(rule):
    return f"{rule} bits" if isinstance(rule, int) else f"{rule[0]}..{rule[1]} bits"


def claim(ports, used, pin, direction, rule, required, what):
    """The width of `pin` after checking it; None for an absent optional pin."""
    if pin not in ports:
        if required:
            raise PortError(f"{what}: port {pin} missing")
        return None
    got_dir, width = ports[pin]
    if got_dir != direction:
        raise PortError(f"{what}: port {pin} is an {got_dir}, the convention wants an {direction}")
    if not width_ok(rule, width):
        raise PortError(f"{what}: port {pin} is {width} bits wide, the convention wants {rule_text(rule)}")
    used.add(pin)
    return width


def suffix(direction):
    return "_i" if direction == "input" else "_o"


def bind(ports, description):
    """The block's ports grouped: clock, reset, register pins, masters, irqs, messages."""
    used = set()
    clock = description.get("clock", "clk_i")
    reset = description.get("reset", "rst_ni")
    claim(ports, used, clock, "input", 1, True, "clock")
    claim(ports, used, reset, "input", 1, True, "reset (active low)")

    prefix = description.get("registers", {}).get("prefix", "s_axil_")
    lite = []
    for signal, direction, rule, field, valid, required in LITE:
        pin = f"{prefix}{signal}{suffix(direction)}"
        width = claim(ports, used, pin, direction, rule, required, "register port")
        if width is not None:
            lite.append((pin, direction, width, field, valid))
    address_bits = ports[f"{prefix}awaddr_i"][1]
    if ports[f"{prefix}araddr_i"][1] != address_bits:
        raise PortError("register port: awaddr and araddr differ in width")

    # Masters: from the description, else every m_axi_<port>_awvalid_o.
    if "master" in description:
        master_list = [(m["name"], m.get("prefix", f"m_axi_{m['name']}_")) for m in description["master"]]
    else:
        master_list = [(m.group(1), f"m_axi_{m.group(1)}_")
                       for m in (re.fullmatch(r"m_axi_(\w+?)_awvalid_o", p) for p in ports) if m]
    masters = []
    for name, pre in master_list:
        pins = []
        for signal, direction, rule, required in MASTER:
            pin = f"{pre}{signal}{suffix(direction)}"
            width = claim(ports, used, pin, direction, rule, required, f"master port {name}")
            if width is not None:
                pins.append((pin, direction, width, signal))
        masters.append((name, pins))

    if "irq" in description:
        irq_list = [(i["name"], i.get("port", f"irq_{i['name']}_o")) for i in description["irq"]]
    else:
        irq_list = [(m.group(1), p) for m, p in ((re.fullmatch(r"irq_(\w+)_o", p), p) for p in ports) if m]
    irqs = []
    for name, pin in irq_list:
        claim(ports, used, pin, "output", 1, True, f"interrupt {name}")
        irqs.append((name, pin))

    if "message" in description:
        message_list = [(m["name"], m.get("valid", f"msg_{m['name']}_valid_o"), m.get("ready", f"msg_{m['name']}_ready_i"),
                         m.get("data", f"msg_{m['name']}_data_o")) for m in description["message"]]
    else:
        message_list = [(m.group(1), p, f"msg_{m.group(1)}_ready_i", f"msg_{m.group(1)}_data_o")
                        for m, p in ((re.fullmatch(r"msg_(\w+)_valid_o", p), p) for p in ports) if m]
    messages = []
    for name, valid, ready, data in message_list:
        claim(ports, used, valid, "output", 1, True, f"message port {name}")
        claim(ports, used, ready, "input", 1, True, f"message port {name}")
        bits = claim(ports, used, data, "output", (1, 64), True, f"message port {name}")
        messages.append((name, valid, ready, data, bits))

    for kind, items, limit in (("master", masters, MAX_MASTERS), ("interrupt", irqs, MAX_IRQS),
                               ("message", messages, MAX_MESSAGES)):
        if len(items) > limit:
            raise PortError(f"{len(items)} {kind} ports: at most {limit}")
    unbound = [p for p in ports if p not in used]
    if unbound and not description.get("allow_unbound", False):
        raise PortError("ports the convention does not bind (tie them off in a wrapper module, name them in the "
                        f"description file, or set allow_unbound = true there): {', '.join(unbound)}")
    return clock, reset, address_bits, lite, masters, irqs, messages


def c_type(width):
    return "uint8_t" if width <= 8 else "uint16_t" if width <= 16 else "uint32_t" if width <= 32 else "uint64_t"


def identifier(text):
    return re.sub(r"\W", "_", text).upper()


def generate(args, bound):
    clock, reset, address_bits, lite, masters, irqs, messages = bound
    name, top = args.name, args.top
    cls = f"{name}_user_rtl_wrapper"
    guard = f"{identifier(name)}_USER_RTL_H"
    header = [
        f"/* Generated by scripts/gtsim-user-twin.py from the ports of {top}: do not edit. */",
        f"#ifndef {guard}", f"#define {guard}", "", '#include "cosim_user_rtl.h"', "",
        "#ifdef __cplusplus", 'extern "C" {', "#endif", "",
    ]
    for i, (port, _) in enumerate(masters):
        header.append(f"#define {identifier(name)}_MASTER_{identifier(port)} {i}u /* m_axi_{port}_* */")
    for i, (irq, pin) in enumerate(irqs):
        header.append(f"#define {identifier(name)}_IRQ_{identifier(irq)} {i}u /* {pin} */")
    for i, (msg, *_rest) in enumerate(messages):
        header.append(f"#define {identifier(name)}_MESSAGE_{identifier(msg)} {i}u /* msg_{msg}_* */")
    header += ["", f"/* The block {top} as a cosim_user_twin (cosim_user_twin_create). */",
               f"const cosim_user_rtl_ops *{name}_user_rtl(void);", "",
               "#ifdef __cplusplus", "}", "#endif", "", "#endif", ""]

    drive, sample = [], []
    for pin, direction, width, field, valid in lite:
        if direction == "input":
            full = 32 if field in ("awaddr", "araddr", "wdata") else 8
            value = f"in.registers.{field}"
            if width < full and field not in ("awvalid", "wvalid", "bready", "arvalid", "rready"):
                value = f'fit(in.registers.{valid or field}, "{pin}", in.registers.{field}, {width})'
            drive.append(f"    t.{pin} = static_cast<{c_type(width)}>({value});")
        else:
            sample.append(f"    out->registers.{field} = t.{pin};")
    for index, (port, pins) in enumerate(masters):
        for pin, direction, width, signal in pins:
            if direction == "input":
                value = f"in.masters[{index}].{signal}"
                if signal in MASTER_VALID and width < 4:
                    value = f'fit(in.masters[{index}].{MASTER_VALID[signal]}, "{pin}", {value}, {width})'
                elif signal in ("bresp", "rresp"):
                    value = f"{value} & 3u"
                drive.append(f"    t.{pin} = static_cast<{c_type(width)}>({value});")
            else:
                sample.append(f"    out->masters[{index}].{signal} = t.{pin};")
    for index, (_, pin) in enumerate(irqs):
        sample.append(f"    out->irq[{index}] = t.{pin};")
    for index, (_, valid, ready, data, _) in enumerate(messages):
        drive.append(f"    t.{ready} = in.message_ready[{index}];")
        sample.append(f"    out->message_valid[{index}] = t.{valid};")
        sample.append(f"    out->message_data[{index}] = t.{data};")

    def names(items):
        return "{ " + ", ".join(f'"{item[0]}"' for item in items) + " }" if items else "{}"

    bits = "{ " + ", ".join(str(m[4]) for m in messages) + " }" if messages else "{}"
    cpp = f"""// Generated by scripts/gtsim-user-twin.py from the ports of {top}: do not edit.
// The Verilator wrapper of the user block {top} as gtsim's cosim_user_rtl_ops
// (cosim_user_rtl.h), over the shared wrapper core (cosim_vl_core.h): its own context, clock
// and reset, assertion failures captured. Cycle: inputs with the clock low, outputs sampled
// before the rising edge.
#include "{name}_user_rtl.h"

#include <memory>

#include "V{top}.h"
#include "cosim_vl_core.h"

namespace {{

struct {cls} final : cosim_vl_core_base {{
    std::unique_ptr<V{top}> top; // the Verilated model

    {cls}() noexcept : cosim_vl_core_base("{name}_user_rtl") {{}}

    void open()
    {{
        open_context();
        top.reset(new V{top}(context.get(), "TOP"));
        cosim_vl_eval_scope scope(this);
        drive(idle());
        top->{clock} = 0;
        top->{reset} = 0;
        top->eval();
    }}

    void close()
    {{
        {{
            cosim_vl_eval_scope scope(this);
            top->final();
            top.reset();
        }}
        close_context();
    }}

    static const cosim_user_rtl_inputs &idle() noexcept
    {{
        static const cosim_user_rtl_inputs inputs = {{}};
        return inputs;
    }}

    void drive(const cosim_user_rtl_inputs &in)
    {{
    V{top} &t = *top;
{chr(10).join(drive)}
    }}

    void sample(cosim_user_rtl_outputs *out) const
    {{
    const V{top} &t = *top;
{chr(10).join(sample)}
    }}

    void edge(uint8_t level)
    {{
        context->timeInc(1);
        top->{clock} = level;
        top->eval();
    }}

    void reset(unsigned n)
    {{
        cosim_vl_eval_scope scope(this);
        drive(idle());
        top->{reset} = 0;
        top->eval();
        for (unsigned i = 0; i < (n > 0 ? n : 1u); i++) {{
            edge(0);
            edge(1);
            cycles++;
        }}
        top->{reset} = 1;
        top->eval();
    }}

    void cycle(const cosim_user_rtl_inputs *in, cosim_user_rtl_outputs *out)
    {{
        cosim_vl_eval_scope scope(this);
        drive(*in);
        edge(0);
        sample(out);
        edge(1);
        cycles++;
    }}
}};

void *create() {{ return cosim_vl_core_create<{cls}>("{name}_user_rtl"); }}

void destroy(void *rtl) {{ cosim_vl_core_destroy("{name}_user_rtl", static_cast<{cls} *>(rtl)); }}

void reset(void *rtl, unsigned cycles)
{{
    cosim_vl_guard("{name}_user_rtl reset", [&] {{ static_cast<{cls} *>(rtl)->reset(cycles); }});
}}

void cycle(void *rtl, const cosim_user_rtl_inputs *in, cosim_user_rtl_outputs *out)
{{
    cosim_vl_guard("{name}_user_rtl cycle", [&] {{ static_cast<{cls} *>(rtl)->cycle(in, out); }});
}}

uint64_t assertion_failures(const void *rtl) {{ return static_cast<const {cls} *>(rtl)->assertion_failures(); }}

const cosim_user_rtl_ops ops = {{
    "{top}",
    {address_bits},
    {len(masters)},
    {names(masters)},
    {len(irqs)},
    {names(irqs)},
    {len(messages)},
    {names(messages)},
    {bits},
    {1 if args.planted else 0},
    create,
    destroy,
    reset,
    cycle,
    assertion_failures,
}};

}} // namespace

extern "C" const cosim_user_rtl_ops *{name}_user_rtl(void)
{{
    return &ops;
}}
"""
    return "\n".join(header), cpp


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", required=True)
    parser.add_argument("--top", required=True)
    parser.add_argument("--xml", required=True)
    parser.add_argument("--ports")
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--planted", action="store_true")
    args = parser.parse_args()
    if not re.fullmatch(r"[A-Za-z_]\w*", args.name):
        sys.exit(f"gtsim-user-twin: name '{args.name}' is not a C identifier")
    description = {}
    try:
        if args.ports:
            with open(args.ports, "rb") as f:
                description = tomllib.load(f)
        bound = bind(read_ports(args.xml, args.top), description)
    except (PortError, tomllib.TOMLDecodeError, OSError, KeyError) as error:
        sys.exit(f"gtsim-user-twin: {args.top}: {error}")
    header, cpp = generate(args, bound)
    for path, text in ((f"{args.out_dir}/{args.name}_user_rtl.h", header), (f"{args.out_dir}/{args.name}_user_rtl.cpp", cpp)):
        try:
            with open(path) as f:
                if f.read() == text:
                    continue  # unchanged: no rebuild
        except OSError:
            pass
        with open(path, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
