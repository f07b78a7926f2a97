/* EU array topology defaults and checks (docs/reference/eu.md "Topology"). */
#include "eu_topology.h"

eu_topology eu_topology_default(cs_profile profile)
{
    if (profile == CS_PROFILE_GEN6) {
        /* Mesa intel_device_info_snb_gt2: num_slices 1, num_subslices {1},
         * max_eus_per_subslice 12, num_thread_per_eu 6 (Mesa marks the thread count
         * "Not confirmed"). */
        return (eu_topology){ .slices = 1, .subslices_per_slice = 1, .eus_per_subslice = 12, .threads_per_eu = 6 };
    }
    /* Mesa intel_device_info_tgl_gt2: GFX12_GT_FEATURES(2): 1 slice, dual_subslices(6),
     * max_eus_per_subslice 16, num_thread_per_eu 7 (GFX8_FEATURES); max_cs_threads 112 per
     * DSS = 16 x 7. */
    return (eu_topology){ .slices = 1, .subslices_per_slice = 6, .eus_per_subslice = 16, .threads_per_eu = 7 };
}

bool eu_topology_valid(const eu_topology *topology)
{
    if (!topology || !topology->slices || !topology->subslices_per_slice || !topology->eus_per_subslice ||
        !topology->threads_per_eu)
        return false;
    uint64_t threads = (uint64_t)topology->slices * topology->subslices_per_slice;
    threads *= topology->eus_per_subslice;
    if (threads > EU_MAX_HW_THREADS)
        return false;
    threads *= topology->threads_per_eu;
    return threads <= EU_MAX_HW_THREADS;
}

uint32_t eu_topology_subslices(const eu_topology *topology)
{
    return topology->slices * topology->subslices_per_slice;
}

uint32_t eu_topology_eus(const eu_topology *topology)
{
    return eu_topology_subslices(topology) * topology->eus_per_subslice;
}

uint32_t eu_topology_threads(const eu_topology *topology)
{
    return eu_topology_eus(topology) * topology->threads_per_eu;
}

uint32_t eu_topology_threads_per_subslice(const eu_topology *topology)
{
    return topology->eus_per_subslice * topology->threads_per_eu;
}
