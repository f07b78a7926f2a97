#!/usr/bin/env python3
"""Register generator: one TOML description of a register block in, everything that must agree
about it out (C header and descriptor table, SystemVerilog package and table module, Markdown).

    reggen.py [--block NAME] --out-dir DIR FILE.toml

Exit status 0 on success, 2 on any problem with the input (every problem is reported, one per
line, as "FILE: register NAME[.FIELD]: message"). The format and the generated names are
described in docs/reference/registers.md; the access semantics the C output plugs into are those of
tlm/tlm_register.h. Python standard library only, so the build needs nothing but python3.
"""

import argparse
import os
import re
import sys
import tomllib
from dataclasses import dataclass, field as dataclass_field

EXIT_BAD_INPUT = 2

ACCESS_TYPES = ("rw", "ro", "w1c", "w1s")
C_ACCESS = {"rw": "TLM_REGISTER_RW", "ro": "TLM_REGISTER_RO", "w1c": "TLM_REGISTER_W1C", "w1s": "TLM_REGISTER_W1S"}

# Single underscores between words only: "A__B" or a trailing "_" would let two different
# register/field pairs paste into the same macro name far more easily.
UPPER_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\Z")
LOWER_NAME = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*\Z")
BITS = re.compile(r"(\d+)(?::(\d+))?\Z")

BLOCK_KEYS = {"name", "prefix", "size", "description", "ro_write"}
BLOCK_REQUIRED = ("name", "prefix", "size", "description")
REGISTER_KEYS = {"name", "offset", "description", "masked", "alias", "field"}
REGISTER_REQUIRED = ("name", "offset", "description", "field")
FIELD_KEYS = {"name", "bits", "access", "reset", "description", "values"}
FIELD_REQUIRED = ("name", "bits", "access", "reset", "description")

MAX_SIZE = 0xFFFFFFFC  # tlm_register_block_desc.size is a uint32_t and sizes are word multiples


@dataclass
class Field:
    name: str
    description: str
    shift: int
    width: int
    access: str
    reset: int
    values: list  # (name, value) in source order

    @property
    def mask(self):
        return ((1 << self.width) - 1) << self.shift

    @property
    def bits_text(self):
        high = self.shift + self.width - 1
        return str(high) if self.width == 1 else f"{high}:{self.shift}"


@dataclass
class Register:
    name: str
    description: str
    offset: int
    masked: bool
    alias: str | None
    fields: list
    index: int = 0
    storage_index: int = 0
    reset: int = 0

    def access_mask(self, access):
        mask = 0
        for f in self.fields:
            if f.access == access:
                mask |= f.mask
        return mask

    @property
    def own_reset(self):
        value = 0
        for f in self.fields:
            value |= f.reset << f.shift
        return value


@dataclass
class Block:
    name: str
    prefix: str
    size: int
    description: str
    ro_write_error: bool
    registers: list = dataclass_field(default_factory=list)
    source: str = ""


class InputError(Exception):
    pass


class Checker:
    """Collects every problem instead of stopping at the first, so one run shows them all."""

    def __init__(self, source):
        self.source = source
        self.errors = []

    def error(self, where, message):
        self.errors.append(f"{self.source}: {where}: {message}" if where else f"{self.source}: {message}")


def is_int(value):
    # TOML booleans arrive as Python bools, which are ints; a reset of `true` is a mistake.
    return isinstance(value, int) and not isinstance(value, bool)


def type_name(value):
    return {bool: "boolean", int: "integer", float: "float", str: "string", list: "array", dict: "table"}.get(
        type(value), type(value).__name__
    )


def check_keys(chk, where, table, allowed, required):
    ok = True
    for key in table:
        if key not in allowed:
            chk.error(where, f"unknown key '{key}' (allowed: {', '.join(sorted(allowed))})")
            ok = False
    for key in required:
        if key not in table:
            chk.error(where, f"missing key '{key}'")
            ok = False
    return ok


def get_typed(chk, where, table, key, kind, kind_text):
    """The value of `key` if present and of the right type, else None (an error is recorded if
    it is present but wrong)."""
    if key not in table:
        return None
    value = table[key]
    good = is_int(value) if kind is int else isinstance(value, kind) and not (kind is not bool and isinstance(value, bool))
    if not good:
        chk.error(where, f"'{key}' must be {kind_text}, not {type_name(value)}")
        return None
    return value


def check_description(chk, where, table):
    text = get_typed(chk, where, table, "description", str, "a string")
    if text is None:
        return None
    # Descriptions become one-line C strings, comments and table cells.
    if not text.strip():
        chk.error(where, "'description' is empty")
        return None
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in text):
        chk.error(where, "'description' must be one line without control characters")
        return None
    return text


def check_name(chk, where, table, key, pattern, what, hint):
    name = get_typed(chk, where, table, key, str, "a string")
    if name is None:
        return None
    if not pattern.match(name):
        chk.error(where, f"invalid {what} '{name}' ({hint})")
        return None
    return name


def parse_block(chk, doc):
    table = doc.get("block")
    if table is None:
        chk.error("", "missing [block] table")
        return None
    if not isinstance(table, dict):
        chk.error("", "'block' must be a table ([block])")
        return None
    where = "block"
    check_keys(chk, where, table, BLOCK_KEYS, BLOCK_REQUIRED)
    name = check_name(chk, where, table, "name", LOWER_NAME, "block name", "lowercase C identifier, e.g. 'roundtrip'")
    prefix = check_name(chk, where, table, "prefix", UPPER_NAME, "prefix", "UPPERCASE identifier, e.g. 'ROUNDTRIP'")
    size = get_typed(chk, where, table, "size", int, "an integer")
    if size is not None and (size <= 0 or size % 4 != 0 or size > MAX_SIZE):
        chk.error(where, f"size 0x{size:X} must be positive, a multiple of 4 and at most 0x{MAX_SIZE:X}")
        size = None
    description = check_description(chk, where, table)
    ro_write = get_typed(chk, where, table, "ro_write", str, "a string")
    if ro_write is not None and ro_write not in ("error", "ignore"):
        chk.error(where, f"ro_write '{ro_write}' must be \"error\" or \"ignore\"")
    return Block(name=name, prefix=prefix, size=size, description=description, ro_write_error=ro_write == "error")


def parse_field(chk, reg_label, position, table, masked):
    where = f"register {reg_label}.field #{position}"
    if not isinstance(table, dict):
        chk.error(f"register {reg_label}", f"field #{position} must be a table ([[register.field]])")
        return None
    name = check_name(chk, where, table, "name", UPPER_NAME, "field name", "UPPERCASE identifier")
    if name is not None:
        where = f"register {reg_label}.{name}"
    errors_before = len(chk.errors)
    check_keys(chk, where, table, FIELD_KEYS, FIELD_REQUIRED)
    description = check_description(chk, where, table)

    shift = width = None
    bits = get_typed(chk, where, table, "bits", str, "a string (\"H:L\" or \"N\")")
    if bits is not None:
        m = BITS.match(bits)
        if not m:
            chk.error(where, f"bits '{bits}' must be \"H:L\" or \"N\" (decimal bit numbers)")
        else:
            high = int(m.group(1))
            low = int(m.group(2)) if m.group(2) is not None else high
            if high > 31 or low > 31:
                chk.error(where, f"bits '{bits}' go beyond bit 31")
            elif high < low:
                chk.error(where, f"bits '{bits}': high bit {high} is below low bit {low}")
            elif masked and high > 15:
                chk.error(where, f"bits '{bits}': a masked register has fields in bits 15:0 only "
                                 "(bits 31:16 are the write enables)")
            else:
                shift, width = low, high - low + 1

    access = get_typed(chk, where, table, "access", str, "a string")
    if access is not None and access not in ACCESS_TYPES:
        chk.error(where, f"access '{access}' must be one of {', '.join(ACCESS_TYPES)}")
        access = None

    reset = get_typed(chk, where, table, "reset", int, "an integer")
    if reset is not None:
        if reset < 0:
            chk.error(where, f"reset {reset} is negative")
            reset = None
        elif width is not None and reset >> width:
            chk.error(where, f"reset 0x{reset:X} does not fit in {width} bit{'s' if width > 1 else ''}")
            reset = None

    values = []
    enum = get_typed(chk, where, table, "values", dict, "a table of NAME = number")
    if enum is not None:
        if not enum:
            chk.error(where, "'values' is empty")
        for value_name, value in enum.items():
            if not UPPER_NAME.match(value_name):
                chk.error(where, f"invalid value name '{value_name}' (UPPERCASE identifier)")
            elif not is_int(value):
                chk.error(where, f"value {value_name} must be an integer, not {type_name(value)}")
            elif value < 0:
                chk.error(where, f"value {value_name} = {value} is negative")
            elif width is not None and value >> width:
                chk.error(where, f"value {value_name} = 0x{value:X} does not fit in {width} bit{'s' if width > 1 else ''}")
            else:
                values.append((value_name, value))

    if len(chk.errors) != errors_before or None in (name, description, shift, access, reset):
        return None
    return Field(name=name, description=description, shift=shift, width=width, access=access, reset=reset, values=values)


def parse_register(chk, position, table, block):
    label = f"#{position}"
    if not isinstance(table, dict):
        chk.error("", f"register #{position} must be a table ([[register]])")
        return None
    name = check_name(chk, f"register {label}", table, "name", UPPER_NAME, "register name", "UPPERCASE identifier")
    if name is not None:
        label = name
    where = f"register {label}"
    errors_before = len(chk.errors)
    check_keys(chk, where, table, REGISTER_KEYS, REGISTER_REQUIRED)
    description = check_description(chk, where, table)

    offset = get_typed(chk, where, table, "offset", int, "an integer")
    if offset is not None:
        if offset < 0 or offset % 4 != 0:
            chk.error(where, f"offset {offset:#x} is not a non-negative multiple of 4")
            offset = None
        elif block.size is not None and offset >= block.size:
            chk.error(where, f"offset 0x{offset:X} is outside the block (size 0x{block.size:X})")
            offset = None

    masked = get_typed(chk, where, table, "masked", bool, "true or false")
    alias = get_typed(chk, where, table, "alias", str, "a register name")

    fields = []
    raw_fields = table.get("field")
    if raw_fields is not None:
        if not isinstance(raw_fields, list):
            chk.error(where, "'field' must be an array of tables ([[register.field]])")
        elif not raw_fields:
            chk.error(where, "has no fields")
        else:
            for i, raw in enumerate(raw_fields, 1):
                f = parse_field(chk, label, i, raw, bool(masked))
                if f is not None:
                    fields.append(f)
    fields.sort(key=lambda f: f.shift)

    seen = {}
    for f in fields:
        if f.name in seen:
            chk.error(f"{where}.{f.name}", "duplicate field name")
        seen.setdefault(f.name, f)
    for i, f in enumerate(fields):
        for other in fields[:i]:
            if f.mask & other.mask:
                chk.error(f"{where}.{f.name}", f"bits {f.bits_text} overlap field {other.name} (bits {other.bits_text})")

    if len(chk.errors) != errors_before or None in (name, description, offset):
        return None
    return Register(name=name, description=description, offset=offset, masked=bool(masked), alias=alias, fields=fields)


def check_aliases(chk, registers):
    by_name = {r.name: r for r in registers}
    for r in registers:
        r.storage_index = r.index
        r.reset = r.own_reset
    for r in registers:
        if r.alias is None:
            continue
        where = f"register {r.name}"
        target = by_name.get(r.alias)
        if r.alias == r.name:
            chk.error(where, "aliases itself")
        elif target is None:
            chk.error(where, f"alias '{r.alias}' is not a register of this block")
        elif target.alias is not None:
            chk.error(where, f"alias '{r.alias}' is itself an alias (of {target.alias}); alias {target.alias} directly")
        else:
            r.storage_index = target.index
            # Only the storage owner is reset (tlm_register_file_reset), so a field reset that
            # differs from the target's bits would be documented but never happen.
            for f in r.fields:
                actual = (target.own_reset & f.mask) >> f.shift
                if actual != f.reset:
                    chk.error(f"{where}.{f.name}",
                              f"reset 0x{f.reset:X} differs from bits {f.bits_text} of {target.name}'s reset "
                              f"(0x{actual:X}); an alias resets with its target")
            r.reset = target.own_reset


def generated_names(block):
    """Every macro / localparam name the outputs define, with what defined it."""
    p = block.prefix
    names = [(f"{p}_BLOCK_SIZE", "the block"), (f"{p}_REGISTER_COUNT", "the block"), (f"{p}_RO_WRITE_ERROR", "the block"),
             (f"{p}_REGISTER_LIST", "the block"), (f"{p}_FIELD_LIST", "the block"),
             (f"{p}_VALUE_LIST", "the block"), (f"{p}_REGS_H", "the header guard")]
    for r in block.registers:
        for suffix in ("INDEX", "OFFSET", "RESET", "RW_MASK", "RO_MASK", "W1C_MASK", "W1S_MASK", "STORAGE_INDEX",
                       "MASKED"):
            names.append((f"{p}_{r.name}_{suffix}", f"register {r.name}"))
        for f in r.fields:
            for suffix in ("SHIFT", "WIDTH", "MASK", "RESET"):
                names.append((f"{p}_{r.name}_{f.name}_{suffix}", f"field {r.name}.{f.name}"))
            for value_name, _ in f.values:
                names.append((f"{p}_{r.name}_{f.name}_{value_name}", f"value {r.name}.{f.name}.{value_name}"))
    return names


def check_name_collisions(chk, block):
    seen = {}
    for name, origin in generated_names(block):
        if name in seen and seen[name] != origin:
            chk.error("", f"generated name {name} is defined by both {seen[name]} and {origin}; rename one")
        seen.setdefault(name, origin)


def load(path, source):
    chk = Checker(source)
    try:
        with open(path, "rb") as stream:
            doc = tomllib.load(stream)
    except OSError as e:
        raise InputError([f"{source}: cannot read: {e.strerror}"])
    except tomllib.TOMLDecodeError as e:
        raise InputError([f"{source}: invalid TOML: {e}"])
    except UnicodeDecodeError as e:
        raise InputError([f"{source}: invalid TOML: not UTF-8 ({e.reason})"])

    for key in doc:
        if key not in ("block", "register"):
            chk.error("", f"unknown top-level key '{key}' (allowed: block, register)")
    block = parse_block(chk, doc)
    raw_registers = doc.get("register")
    if block is None:
        raise InputError(chk.errors)
    if raw_registers is None or raw_registers == []:
        chk.error("", "no registers ([[register]])")
        raw_registers = []
    elif not isinstance(raw_registers, list):
        chk.error("", "'register' must be an array of tables ([[register]])")
        raw_registers = []

    registers = []
    for i, raw in enumerate(raw_registers, 1):
        r = parse_register(chk, i, raw, block)
        if r is not None:
            registers.append(r)

    by_name, by_offset = {}, {}
    for r in registers:
        if r.name in by_name:
            chk.error(f"register {r.name}", "duplicate register name")
        elif r.offset in by_offset:
            chk.error(f"register {r.name}", f"duplicate offset 0x{r.offset:X} (also register {by_offset[r.offset].name})")
        by_name.setdefault(r.name, r)
        by_offset.setdefault(r.offset, r)

    if chk.errors:
        raise InputError(chk.errors)

    # tlm_register_find binary-searches, so the table (and every index) follows the offsets.
    registers.sort(key=lambda r: r.offset)
    for i, r in enumerate(registers):
        r.index = i
    block.registers = registers
    check_aliases(chk, registers)
    check_name_collisions(chk, block)
    if chk.errors:
        raise InputError(chk.errors)
    block.source = source
    return block


# ---------------------------------------------------------------------------------------------
# Output


def hex32(value):
    return f"0x{value:08X}u"


def hexu(value):
    return f"0x{value:X}u"


def c_string(text):
    out = []
    for ch in text:
        if ch in '\\"':
            out.append("\\" + ch)
        elif ch == "?":
            out.append("\\?")  # -std=c11 honours trigraphs: "??)" would otherwise become "]"
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def c_comment(text):
    return text.replace("*/", "* /").replace("??", "? ?")


def banner_lines(block):
    return [f"Generated by scripts/regs/reggen.py from {block.source}: do not edit.",
            "Change the source and rebuild; docs/reference/registers.md describes the format."]


def register_access_text(r):
    kinds = []
    for access in ACCESS_TYPES:
        if any(f.access == access for f in r.fields):
            kinds.append(access.upper())
    return "/".join(kinds)


def gen_header(block):
    p = block.prefix
    guard = f"{p}_REGS_H"
    lines = ["/* " + "\n * ".join(banner_lines(block)) + " */",
             f"#ifndef {guard}", f"#define {guard}", "", '#include "tlm_register.h"', "",
             f"/* {c_comment(block.description)} */",
             f"#define {p}_BLOCK_SIZE {hexu(block.size)}",
             f"#define {p}_REGISTER_COUNT {len(block.registers)}u",
             "/* 1: a write to a register with no writable bit answers SLVERR (ro_write = \"error\") */",
             f"#define {p}_RO_WRITE_ERROR {1 if block.ro_write_error else 0}"]
    for r in block.registers:
        extra = ", masked" if r.masked else ""
        extra += f", alias of {r.alias}" if r.alias else ""
        lines += ["", f"/* {r.name} at 0x{r.offset:03X}{extra}: {c_comment(r.description)} */",
                  f"#define {p}_{r.name}_INDEX {r.index}",
                  f"#define {p}_{r.name}_OFFSET {hex32(r.offset)}",
                  f"#define {p}_{r.name}_RESET {hex32(r.reset)}",
                  f"#define {p}_{r.name}_RW_MASK {hex32(r.access_mask('rw'))}",
                  f"#define {p}_{r.name}_RO_MASK {hex32(r.access_mask('ro'))}",
                  f"#define {p}_{r.name}_W1C_MASK {hex32(r.access_mask('w1c'))}",
                  f"#define {p}_{r.name}_W1S_MASK {hex32(r.access_mask('w1s'))}",
                  f"#define {p}_{r.name}_STORAGE_INDEX {r.storage_index}"]
        for f in r.fields:
            n = f"{p}_{r.name}_{f.name}"
            lines += [f"/* {r.name}.{f.name} [{f.bits_text}] {f.access.upper()}: {c_comment(f.description)} */",
                      f"#define {n}_SHIFT {f.shift}",
                      f"#define {n}_WIDTH {f.width}",
                      f"#define {n}_MASK {hex32(f.mask)}",
                      f"#define {n}_RESET {hexu(f.reset)}"]
            for value_name, value in f.values:
                lines.append(f"#define {n}_{value_name} {hexu(value)}")

    # X-macro lists let generic code (the consistency test) visit every generated name.
    def x_list(name, params, items):
        if not items:
            return [f"#define {name}({params})"]
        return [f"#define {name}({params}) \\"] + [f"    {item} \\" for item in items[:-1]] + [f"    {items[-1]}"]

    lines += ["", "/* Every register, field and named value, for X-macros: X(REGISTER), X(REGISTER, FIELD),",
              " * X(REGISTER, FIELD, VALUE). */"]
    lines += x_list(f"{p}_REGISTER_LIST", "X", [f"X({r.name})" for r in block.registers])
    lines += x_list(f"{p}_FIELD_LIST", "X", [f"X({r.name}, {f.name})" for r in block.registers for f in r.fields])
    lines += x_list(f"{p}_VALUE_LIST", "X", [f"X({r.name}, {f.name}, {v})" for r in block.registers
                                             for f in r.fields for v, _ in f.values])
    lines += ["", f"extern const tlm_register_block_desc {block.name}_regs;", "", f"#endif /* {guard} */", ""]
    return "\n".join(lines)


def gen_source(block):
    b = block.name
    lines = ["/* " + "\n * ".join(banner_lines(block)) + " */", f'#include "{b}_regs.h"', "", "#include <stddef.h>"]
    for r in block.registers:
        for f in r.fields:
            if f.values:
                lines += ["", f"static const tlm_register_enum_value {b}_{r.name.lower()}_{f.name.lower()}_values[] = {{"]
                lines += [f"    {{.name = {c_string(v)}, .value = {hexu(x)}}}," for v, x in f.values]
                lines.append("};")
        lines += ["", f"static const tlm_register_field_desc {b}_{r.name.lower()}_fields[] = {{"]
        for f in r.fields:
            values = f"{b}_{r.name.lower()}_{f.name.lower()}_values" if f.values else "NULL"
            lines += ["    {",
                      f"        .name = {c_string(f.name)},",
                      f"        .description = {c_string(f.description)},",
                      f"        .shift = {f.shift},",
                      f"        .width = {f.width},",
                      f"        .access = {C_ACCESS[f.access]},",
                      f"        .reset = {hexu(f.reset)},",
                      f"        .values = {values},",
                      f"        .value_count = {len(f.values)}u,",
                      "    },"]
        lines.append("};")
    lines += ["", f"static const tlm_register_desc {b}_register_descs[] = {{"]
    for r in block.registers:
        lines += ["    {",
                  f"        .name = {c_string(r.name)},",
                  f"        .description = {c_string(r.description)},",
                  f"        .offset = {hex32(r.offset)},",
                  f"        .storage_index = {r.storage_index}u,",
                  f"        .reset = {hex32(r.reset)},",
                  f"        .masked = {'true' if r.masked else 'false'},",
                  f"        .rw_mask = {hex32(r.access_mask('rw'))},",
                  f"        .ro_mask = {hex32(r.access_mask('ro'))},",
                  f"        .w1c_mask = {hex32(r.access_mask('w1c'))},",
                  f"        .w1s_mask = {hex32(r.access_mask('w1s'))},",
                  f"        .fields = {b}_{r.name.lower()}_fields,",
                  f"        .field_count = {len(r.fields)}u,",
                  "    },"]
    lines += ["};", "",
              f"const tlm_register_block_desc {b}_regs = {{",
              f"    .name = {c_string(b)},",
              f"    .size = {hexu(block.size)},",
              f"    .ro_write_error = {'true' if block.ro_write_error else 'false'},",
              f"    .registers = {b}_register_descs,",
              f"    .register_count = {len(block.registers)}u,",
              "};", ""]
    return "\n".join(lines)


def sv32(value):
    return f"32'h{value >> 16:04X}_{value & 0xFFFF:04X}"


def gen_package(block):
    p = block.prefix
    lines = ["// " + "\n// ".join(banner_lines(block)),
             f"// {block.description}",
             f"package {block.name}_regs_pkg;",
             "",
             "  // A block's constants are a menu: each importer uses a few, and Verilator 5.006 -Wall",
             "  // would report every other one as UNUSEDPARAM in every importer.",
             "  /* verilator lint_off UNUSEDPARAM */",
             f"  localparam int unsigned {p}_BLOCK_SIZE = {sv32(block.size)};",
             f"  localparam int unsigned {p}_REGISTER_COUNT = {len(block.registers)};",
             "  // 1: a write to a register with no writable bit answers SLVERR (ro_write = \"error\")",
             f"  localparam bit {p}_RO_WRITE_ERROR = 1'b{1 if block.ro_write_error else 0};"]
    for r in block.registers:
        extra = ", masked" if r.masked else ""
        extra += f", alias of {r.alias}" if r.alias else ""
        lines += ["", f"  // {r.name} at 0x{r.offset:03X}{extra}: {r.description}",
                  f"  localparam int unsigned {p}_{r.name}_INDEX = {r.index};",
                  f"  localparam int unsigned {p}_{r.name}_STORAGE_INDEX = {r.storage_index};",
                  f"  localparam logic [31:0] {p}_{r.name}_OFFSET = {sv32(r.offset)};",
                  f"  localparam logic [31:0] {p}_{r.name}_RESET = {sv32(r.reset)};",
                  f"  localparam logic [31:0] {p}_{r.name}_RW_MASK = {sv32(r.access_mask('rw'))};",
                  f"  localparam logic [31:0] {p}_{r.name}_RO_MASK = {sv32(r.access_mask('ro'))};",
                  f"  localparam logic [31:0] {p}_{r.name}_W1C_MASK = {sv32(r.access_mask('w1c'))};",
                  f"  localparam logic [31:0] {p}_{r.name}_W1S_MASK = {sv32(r.access_mask('w1s'))};",
                  f"  localparam bit {p}_{r.name}_MASKED = 1'b{int(r.masked)};"]
        for f in r.fields:
            n = f"{p}_{r.name}_{f.name}"
            lines += [f"  // {r.name}.{f.name} [{f.bits_text}] {f.access.upper()}: {f.description}",
                      f"  localparam int unsigned {n}_SHIFT = {f.shift};",
                      f"  localparam int unsigned {n}_WIDTH = {f.width};",
                      f"  localparam logic [31:0] {n}_MASK = {sv32(f.mask)};",
                      f"  localparam logic [31:0] {n}_RESET = {sv32(f.reset)};"]
            for value_name, value in f.values:
                lines.append(f"  localparam logic [31:0] {n}_{value_name} = {sv32(value)};")
    lines += ["  /* verilator lint_on UNUSEDPARAM */", "", f"endpackage : {block.name}_regs_pkg", ""]
    return "\n".join(lines)


def index_width(count):
    return max(8, (count - 1).bit_length())


def gen_table(block):
    """A lookup module over the package constants only, so that verilating it and comparing with
    the C descriptor proves the package and the header say the same thing."""
    p = block.prefix
    regs = block.registers
    rw = index_width(len(regs))
    lines = ["// " + "\n// ".join(banner_lines(block)),
             "// Lookup of the package constants by register, field and value index, for the C/SV",
             "// consistency test only; RTL imports the package itself.",
             f"module {block.name}_regs_table",
             f"  import {block.name}_regs_pkg::*;",
             "(",
             f"  input  logic [{rw - 1}:0] register_index_i,",
             "  input  logic [7:0]  field_index_i,",
             "  input  logic [7:0]  value_index_i,",
             "  output logic [31:0] offset_o,",
             "  output logic [31:0] reset_o,",
             "  output logic [31:0] rw_mask_o,",
             "  output logic [31:0] ro_mask_o,",
             "  output logic [31:0] w1c_mask_o,",
             "  output logic [31:0] w1s_mask_o,",
             "  output logic        masked_o,",
             f"  output logic [{rw - 1}:0] storage_index_o,",
             "  output logic [7:0]  field_count_o,",
             "  output logic [7:0]  field_shift_o,",
             "  output logic [7:0]  field_width_o,",
             "  output logic [31:0] field_reset_o,",
             "  output logic [31:0] field_mask_o,",
             "  output logic [7:0]  value_count_o,",
             "  output logic [31:0] value_o",
             ");",
             ""]
    if not any(f.values for r in regs for f in r.fields):
        lines += ["  // No field has named values: the port exists so that every table has the same ports.",
                  "  logic unused_value_index;",
                  "  assign unused_value_index = ^value_index_i;",
                  ""]
    lines += ["  always_comb begin",
             "    offset_o = '0;",
             "    reset_o = '0;",
             "    rw_mask_o = '0;",
             "    ro_mask_o = '0;",
             "    w1c_mask_o = '0;",
             "    w1s_mask_o = '0;",
             "    masked_o = 1'b0;",
             "    storage_index_o = '0;",
             "    field_count_o = '0;",
             "    field_shift_o = '0;",
             "    field_width_o = '0;",
             "    field_reset_o = '0;",
             "    field_mask_o = '0;",
             "    value_count_o = '0;",
             "    value_o = '0;",
             "    case (register_index_i)"]
    for r in regs:
        n = f"{p}_{r.name}"
        lines += [f"      {rw}'({n}_INDEX): begin",
                  f"        offset_o = {n}_OFFSET;",
                  f"        reset_o = {n}_RESET;",
                  f"        rw_mask_o = {n}_RW_MASK;",
                  f"        ro_mask_o = {n}_RO_MASK;",
                  f"        w1c_mask_o = {n}_W1C_MASK;",
                  f"        w1s_mask_o = {n}_W1S_MASK;",
                  f"        masked_o = {n}_MASKED;",
                  f"        storage_index_o = {rw}'({n}_STORAGE_INDEX);",
                  f"        field_count_o = 8'd{len(r.fields)};",
                  "        case (field_index_i)"]
        for i, f in enumerate(r.fields):
            fn = f"{n}_{f.name}"
            lines += [f"          8'd{i}: begin",
                      f"            field_shift_o = 8'({fn}_SHIFT);",
                      f"            field_width_o = 8'({fn}_WIDTH);",
                      f"            field_reset_o = {fn}_RESET;",
                      f"            field_mask_o = {fn}_MASK;",
                      f"            value_count_o = 8'd{len(f.values)};"]
            if f.values:
                lines.append("            case (value_index_i)")
                for j, (value_name, _) in enumerate(f.values):
                    lines.append(f"              8'd{j}: value_o = {fn}_{value_name};")
                lines += ["              default: value_o = '0;", "            endcase"]
            lines.append("          end")
        lines += ["          default: ;", "        endcase", "      end"]
    lines += ["      default: ;", "    endcase", "  end", "", f"endmodule : {block.name}_regs_table", ""]
    return "\n".join(lines)


def md_cell(text):
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;")


def gen_markdown(block):
    p = block.prefix
    lines = [f"# {block.name} registers", "",
             f"<!-- {' '.join(banner_lines(block))} -->", "",
             md_cell(block.description), "",
             f"Block size 0x{block.size:X} bytes, {len(block.registers)} registers. Writes to a register with no "
             f"writable bit {'answer an error (SLVERR)' if block.ro_write_error else 'are ignored'}. "
             f"Macros and SystemVerilog constants start with `{p}_`; the C descriptor is `{block.name}_regs` "
             f"and the package `{block.name}_regs_pkg`.", "",
             "| Offset | Register | Reset | Access | Description |",
             "|---|---|---|---|---|"]
    for r in block.registers:
        access = register_access_text(r) + (", masked" if r.masked else "")
        lines.append(f"| 0x{r.offset:03X} | [{r.name}](#{r.name.lower()}) | 0x{r.reset:08X} | {access} | "
                     f"{md_cell(r.description)} |")
    for r in block.registers:
        lines += ["", f"## {r.name}", "", md_cell(r.description), "",
                  f"Offset 0x{r.offset:03X}, reset 0x{r.reset:08X}, access {register_access_text(r)}."]
        if r.masked:
            lines.append("Masked: bits 31:16 of a write are write enables for bits 15:0 and read as 0.")
        if r.alias:
            lines.append(f"Alias of [{r.alias}](#{r.alias.lower()}): reads and writes its storage with the "
                         "access types below; resets with it.")
        lines += ["", "| Bits | Field | Access | Reset | Description |", "|---|---|---|---|---|"]
        for f in r.fields:
            text = md_cell(f.description)
            if f.values:
                text += "<br>Values: " + ", ".join(f"`{v}` = 0x{x:X}" for v, x in f.values)
            lines.append(f"| {f.bits_text} | {f.name} | {f.access.upper()} | 0x{f.reset:X} | {text} |")
        reserved = 0xFFFFFFFF & ~sum(f.mask for f in r.fields)
        if reserved:
            lines.append(f"\nOther bits (mask 0x{reserved:08X}) are reserved: they read 0 and ignore writes.")
    lines.append("")
    return "\n".join(lines)


def write_if_changed(path, text):
    # Generation runs at every configure; unchanged files keep their timestamps so nothing that
    # depends on them is rebuilt.
    try:
        with open(path, encoding="utf-8") as stream:
            if stream.read() == text:
                return
    except OSError:
        pass
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as stream:
        stream.write(text)
    os.replace(tmp, path)


def outputs(block):
    b = block.name
    return {f"{b}_regs.h": gen_header(block), f"{b}_regs.c": gen_source(block),
            f"{b}_regs_pkg.sv": gen_package(block), f"{b}_regs_table.sv": gen_table(block),
            f"{b}_regs.md": gen_markdown(block)}


def main(argv=None):
    parser = argparse.ArgumentParser(description="Generate C, SystemVerilog and Markdown from a register TOML file.")
    parser.add_argument("source", help="register description (.toml)")
    parser.add_argument("--out-dir", help="directory for the generated files (omit to only check the input)")
    parser.add_argument("--block", help="fail unless the file's block name is this one")
    args = parser.parse_args(argv)

    try:
        block = load(args.source, args.source)
        if args.block is not None and block.name != args.block:
            raise InputError([f"{args.source}: block: name is '{block.name}', but the build asked for '{args.block}'"])
    except InputError as e:
        for message in e.args[0]:
            print(message, file=sys.stderr)
        return EXIT_BAD_INPUT

    if args.out_dir:
        try:
            os.makedirs(args.out_dir, exist_ok=True)
            for name, text in outputs(block).items():
                write_if_changed(os.path.join(args.out_dir, name), text)
        except OSError as e:
            print(f"reggen: cannot write {e.filename}: {e.strerror}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
