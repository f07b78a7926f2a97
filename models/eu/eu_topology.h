/* EU array topology (docs/reference/eu.md "Topology"): slices, subslices per slice, EUs
 * per subslice and hardware threads per EU. Spec 004 ("Execution Units (EUs)") says the count
 * varies by product and SKU; the per-profile defaults are public device descriptions
 * (docs/facts.md "EU array"). */
#ifndef EU_TOPOLOGY_H
#define EU_TOPOLOGY_H

#include <stdbool.h>
#include <stdint.h>

#include "cs_commands.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Upper bound on hardware threads the array accepts (a bad configuration must not allocate
 * without bound): 16 slices of the largest gen12 shape and then some. */
#define EU_MAX_HW_THREADS 8192u

typedef struct eu_topology {
    uint32_t slices;              /* slices in the GT */
    uint32_t subslices_per_slice; /* subslices (gen12: dual subslices) per slice */
    uint32_t eus_per_subslice;    /* EUs per subslice */
    uint32_t threads_per_eu;      /* hardware threads per EU */
} eu_topology;

/* gen12: Tiger Lake GT2, 1 slice x 6 dual subslices x 16 EUs x 7 threads (Mesa
 * intel_device_info_tgl_gt2); gen6: Sandy Bridge GT2, 1 x 1 x 12 EUs x 6 threads (Mesa
 * intel_device_info_snb_gt2). */
eu_topology eu_topology_default(cs_profile profile);
/* Every count non-zero and the product at most EU_MAX_HW_THREADS. */
bool eu_topology_valid(const eu_topology *topology);
uint32_t eu_topology_subslices(const eu_topology *topology);
uint32_t eu_topology_eus(const eu_topology *topology);
uint32_t eu_topology_threads(const eu_topology *topology);
/* Hardware threads of one subslice: the most threads one thread group can have. */
uint32_t eu_topology_threads_per_subslice(const eu_topology *topology);

#ifdef __cplusplus
}
#endif

#endif
