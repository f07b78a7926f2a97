/* A program outside the gtsim tree that uses the installed library: it builds the bring-up
 * system (kernel, memory, the gen12 GT) through the platform API, writes the round-trip
 * block's SCRATCH register over MMIO and reads it back, and reads the block's ID
 * (models/roundtrip/roundtrip_regs.toml). Built by find_package(gtsim) and by pkg-config
 * (testbench/tests/install/CMakeLists.txt). Exit 0 only if every value is the register's. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gtsim_system.h"
#include "gtsim_tlm.h"
#include "gtsim_version.h"
#include "roundtrip_regs.h"

static int mmio(gtsim_system *system, tlm_cmd command, uint64_t offset, uint32_t *value)
{
    tlm_payload payload = tlm_payload_make(command, offset, value, sizeof *value);
    tlm_time delay = 0;
    tlm_b_transport(gtsim_system_mmio(system), &payload, &delay);
    if (!tlm_response_is_ok(&payload)) {
        fprintf(stderr, "consumer: %s at 0x%llx answered %s\n", tlm_command_name(command),
                (unsigned long long)offset, tlm_response_name(payload.response));
        return 1;
    }
    return 0;
}

int main(void)
{
    if (strcmp(gtsim_version(), GTSIM_VERSION_STRING) != 0) {
        fprintf(stderr, "consumer: library %s, headers %s\n", gtsim_version(), GTSIM_VERSION_STRING);
        return 1;
    }
    char error[256] = "";
    gtsim_system_config config = { .profile = "gen12" };
    gtsim_system *system = gtsim_system_create(&config, error, sizeof error);
    if (!system) {
        fprintf(stderr, "consumer: %s\n", error);
        return 1;
    }
    uint32_t written = 0x5A5AC3C3u, read = 0, id = 0;
    int failed = mmio(system, TLM_CMD_WRITE, GTSIM_SYSTEM_ROUNDTRIP_BASE + ROUNDTRIP_SCRATCH_OFFSET, &written) ||
                 mmio(system, TLM_CMD_READ, GTSIM_SYSTEM_ROUNDTRIP_BASE + ROUNDTRIP_SCRATCH_OFFSET, &read) ||
                 mmio(system, TLM_CMD_READ, GTSIM_SYSTEM_ROUNDTRIP_BASE + ROUNDTRIP_ID_OFFSET, &id);
    gtsim_system_destroy(system);
    if (failed)
        return 1;
    if (read != written || id != ROUNDTRIP_ID_RESET) {
        fprintf(stderr, "consumer: SCRATCH 0x%08x (wrote 0x%08x), ID 0x%08x (expected 0x%08x)\n", read, written, id,
                ROUNDTRIP_ID_RESET);
        return 1;
    }
    printf("consumer: gtsim %s, SCRATCH 0x%08x, ID 0x%08x\n", gtsim_version(), read, id);
    return 0;
}
