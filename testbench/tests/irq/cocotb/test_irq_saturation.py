"""The interrupt RTL's message port under saturating register traffic from a third-party master.

cocotbext-axi's AxiLiteMaster (an independent AXI4-Lite implementation, not the project's
transactor) keeps the RTL's register port busy with writes and reads queued back to back, while
engine interrupt messages are offered on the message port all along, each one as soon as the last
was taken. Checked against docs/reference/rtl.md (interrupt aggregation, Ports, Liveness):
  - a message refused at an edge is taken at the next one (one refused edge at most);
  - every access answers OKAY, every read returns what the register holds;
  - the RTL's assertions stay silent (the runner fails on any "%Error"/"Assertion failed" line).
Register offsets come from the block's register descriptions (models/irq/*.toml), named by
IRQ_REGS_TOML and IRQ_GUC_REGS_TOML.
"""
import logging
import os
import random
import tomllib

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, Combine, FallingEdge, ReadOnly, RisingEdge
from cocotbext.axi import AxiLiteBus, AxiLiteMaster, AxiResp

# rtl/irq/irq_gen11.sv GucBase: the GuC block's window on the one port (docs/reference/rtl.md).
GUC_BASE = 0x200
# The documented bound: a message is refused at one edge at most.
MAX_REFUSED_EDGES = 1
MESSAGES = 600
ACCESSES = 400  # of each kind: writes, reads


def offsets(env):
    with open(os.environ[env], "rb") as f:
        return {r["name"]: r["offset"] for r in tomllib.load(f)["register"]}


def word(value):
    return value.to_bytes(4, "little")


async def press_messages(dut, count, rng):
    """Offers `count` messages back to back (a new one in the cycle after one is taken); returns
    the refused edges of each. Driven and sampled at the falling edge, away from the master's
    rising-edge updates."""
    refused_edges = []
    for n in range(count):
        await FallingEdge(dut.clk)
        dut.msg_vf_i.value = 0
        dut.msg_class_i.value = 0  # render class, instance 0: rcs0, in the engine table
        dut.msg_instance_i.value = 0
        dut.msg_data_i.value = rng.randrange(1, 1 << 16)
        dut.msg_valid_i.value = 1
        refused = 0
        while True:
            await ReadOnly()
            ready = int(dut.msg_ready_o.value)
            await RisingEdge(dut.clk)  # taken at this edge when ready
            if ready:
                break
            refused += 1
            if refused > 8:  # far beyond the bound: stop waiting, the check below reports it
                break
            await FallingEdge(dut.clk)
        refused_edges.append(refused)
    await FallingEdge(dut.clk)
    dut.msg_valid_i.value = 0
    return refused_edges


async def busy_cycles(dut, cycles):
    """Cycles in which msg_ready_o is low: an access executes (no message is offered here)."""
    busy = 0
    for _ in range(cycles):
        await FallingEdge(dut.clk)
        await ReadOnly()
        busy += int(dut.msg_ready_o.value) == 0
    return busy


@cocotb.test()
async def saturating_third_party_traffic_cannot_starve_the_message_port(dut):
    host = offsets("IRQ_REGS_TOML")
    guc = offsets("IRQ_GUC_REGS_TOML")
    written = host["RENDER_COPY_INTR_ENABLE"]  # rw, all 32 bits: takes the stream of writes
    constant = host["VCS_VECS_INTR_ENABLE"]  # rw, all 32 bits: set once, read back again and again
    guc_constant = GUC_BASE + guc["VCS_VECS_INTR_ENABLE"]
    rng = random.Random(int(os.environ.get("GTSIM_SEED", "1")))

    dut.msg_valid_i.value = 0
    dut.msg_vf_i.value = 0
    dut.msg_class_i.value = 0
    dut.msg_instance_i.value = 0
    dut.msg_data_i.value = 0
    dut.rst_ni.value = 0
    cocotb.start_soon(Clock(dut.clk, 10, units="ns").start())
    # No reset given to the master: it issues nothing before the RTL leaves reset.
    axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clk)
    for log in (axil.write_if.log, axil.read_if.log):
        log.setLevel(logging.WARNING)  # not a line per access
    await ClockCycles(dut.clk, 4)
    dut.rst_ni.value = 1
    await ClockCycles(dut.clk, 2)

    for address, value in ((constant, 0xA5C3_5A3C), (guc_constant, 0x0F1E_2D3C), (written, 0)):
        resp = await axil.write(address, word(value))
        assert resp.resp == AxiResp.OKAY, f"write 0x{address:03x}: {resp.resp}"

    # The writes and reads, all queued at once: the master keeps AW, W and AR valid as long as it
    # has something queued. The written values count up, so a read of that register must see a
    # value not older than the last one it saw.
    values = [i + 1 for i in range(ACCESSES)]
    writes = [axil.init_write(written, word(v)) for v in values]
    read_plan = [(constant, guc_constant, written)[i % 3] for i in range(ACCESSES)]
    reads = [axil.init_read(address, 4) for address in read_plan]

    # First the traffic alone: the share of cycles with an access executing.
    sample = 200
    busy = await busy_cycles(dut, sample)
    refused = await press_messages(dut, MESSAGES, rng)
    await Combine(*(op.wait() for op in writes + reads))

    for op in writes:
        assert op.data.resp == AxiResp.OKAY, f"write 0x{op.data.address:03x}: {op.data.resp}"
    expected = {constant: 0xA5C3_5A3C, guc_constant: 0x0F1E_2D3C}
    last_seen = 0
    for op in reads:
        r = op.data
        assert r.resp == AxiResp.OKAY, f"read 0x{r.address:03x}: {r.resp}"
        got = int.from_bytes(r.data, "little")
        if r.address == written:
            # 0: written before the stream, readable until the first write of the stream lands.
            assert (got == 0 or got in values) and got >= last_seen, \
                f"read 0x{r.address:03x}: 0x{got:x} after 0x{last_seen:x}"
            last_seen = got
        else:
            assert got == expected[r.address], \
                f"read 0x{r.address:03x}: 0x{got:08x}, expected 0x{expected[r.address]:08x}"
    final = await axil.read(written, 4)
    assert final.resp == AxiResp.OKAY and int.from_bytes(final.data, "little") == values[-1]

    worst = max(refused)
    dut._log.info("bus busy in %d of %d cycles before messages; %d messages, %d refused once, "
                  "longest wait %d edge(s)", busy, sample, len(refused),
                  sum(1 for r in refused if r), worst)
    assert busy >= sample * 9 // 10, f"the master kept the bus busy in only {busy} of {sample} cycles"
    assert sum(1 for r in refused if r) >= MESSAGES // 4, "the traffic hardly ever met a message"
    assert worst <= MAX_REFUSED_EDGES, \
        f"a message was refused at {worst} edges in a row (bound {MAX_REFUSED_EDGES})"
