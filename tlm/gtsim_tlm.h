/* Everything in the transaction layer, for code that uses most of it. */
#ifndef GTSIM_TLM_H
#define GTSIM_TLM_H

#include "tlm_callback_list.h"
#include "tlm_clock.h"
#include "tlm_dmi_cache.h"
#include "tlm_kernel.h"
#include "tlm_log.h"
#include "tlm_memory.h"
#include "tlm_payload.h"
#include "tlm_quantum.h"
#include "tlm_router.h"
#include "tlm_signal.h"
#include "tlm_snoop.h"
#include "tlm_target.h"
#include "tlm_time.h"
#include "tlm_trace.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif
