/* Helpers the execlist tests share (cs_execlist_test.c, cs_execlist_preempt_test.c): context
 * images, descriptors, submit-queue loads, CSB entries as i915 decodes them. Static inline so a
 * file that does not use one compiles without warnings. */
#ifndef CS_EXECLIST_FIXTURE_H
#define CS_EXECLIST_FIXTURE_H

#include <stdint.h>

#include "cs_execlist.h"
#include "cs_engine_fixture.h"

/* Where the tests put contexts (the fixture uses RING, HWSP, BATCH, DATA). */
#define LRCA0 0x500000u
#define LRCA1 0x520000u
#define RING1 0x180000u

/* dword of a register's value in the register state context (the spec 004 table position + 1) */
#define STATE_VALUE(position) (LRCA0 + CS_EXECLIST_STATE_OFFSET + 4u * ((position) + 1u))

static inline uint32_t engine_class(CsSys *self)
{
    return cs_profile_get(self->profile)->engines[self->engine].class_id;
}

static inline uint64_t descriptor(CsSys *self, uint64_t lrca, uint32_t id)
{
    return cs_execlist_descriptor(lrca, id, engine_class(self), 0);
}

/* Pads the program to a QWord and places it at `address`; returns its length in bytes. */
static inline uint32_t place_ring(CsSys *self, uint64_t address)
{
    if (self->length & 1u)
        EMIT0("MI_NOOP");
    uint32_t bytes = 4u * self->length;
    place(self, address);
    return bytes;
}

/* A context image at `lrca` for a one-page ring at `start` running [head, tail). */
static inline void make_context(CsSys *self, uint64_t lrca, uint32_t start, uint32_t head, uint32_t tail)
{
    cs_execlist_ring ring = {
        .mmio_base = base_of(self, self->engine),
        .start = start,
        .head = head,
        .tail = tail,
        .ctl = CS_RING_CTL_ENABLE_MASK,
    };
    ASSERT_TRUE(cs_execlist_write_context_image(gtsim_system_memory(self->system), lrca, &ring));
}

static inline void submit(CsSys *self, uint64_t element0, uint64_t element1)
{
    wr(self, CS_EXECLIST_SQ_ELEMENT0_LO_OFFSET, (uint32_t)element0);
    wr(self, CS_EXECLIST_SQ_ELEMENT0_HI_OFFSET, (uint32_t)(element0 >> 32));
    wr(self, CS_EXECLIST_SQ_ELEMENT1_LO_OFFSET, (uint32_t)element1);
    wr(self, CS_EXECLIST_SQ_ELEMENT1_HI_OFFSET, (uint32_t)(element1 >> 32));
    wr(self, CS_EXECLIST_CONTROL_OFFSET, CS_EXECLIST_CONTROL_LOAD_MASK);
}

/* CSB entry `slot` of the status page at `page`. */
static inline uint64_t csb_entry(CsSys *self, uint64_t page, unsigned slot)
{
    uint64_t at = page + 4u * (CS_EXECLIST_HWSP_CSB_DWORD + 2u * slot);
    return (uint64_t)mem_rd(self, at + 4u) << 32 | mem_rd(self, at);
}

static inline uint32_t write_ptr(CsSys *self)
{
    return (rd(self, CS_CONTEXT_STATUS_PTR_OFFSET) & CS_CONTEXT_STATUS_PTR_WRITE_PTR_MASK) >>
           CS_CONTEXT_STATUS_PTR_WRITE_PTR_SHIFT;
}

/* The entries the CSB must hold (gen12 layout, i915 intel_execlists_submission.c). */
static inline uint64_t entry(CsSys *self, bool new_queue, uint32_t to, uint32_t away)
{
    uint32_t lo = (new_queue ? CS_EXECLIST_CSB_NEW_QUEUE : 0u) | to << 15 | engine_class(self) << 3;
    return (uint64_t)(away << 15) << 32 | lo;
}

/* i915's gen12_csb_parse: true when the entry makes the pending execlist the active one
 * (idle-to-active or new queue), false when the active element completed. */
static inline bool i915_promotes(uint64_t csb)
{
    bool away_valid = ((uint32_t)(csb >> 32) >> 15 & 0x7FFu) != 0x7FFu;
    bool new_queue = (uint32_t)csb & 1u;
    return !away_valid || new_queue;
}

static inline uint64_t errors(CsSys *self)
{
    return tlm_logger_count(tlm_kernel_logger(gtsim_system_kernel(self->system)), TLM_LOG_ERROR);
}

static inline uint64_t warnings(CsSys *self)
{
    return tlm_logger_count(tlm_kernel_logger(gtsim_system_kernel(self->system)), TLM_LOG_WARNING);
}

static inline const cs_execlist_stats *stats(CsSys *self)
{
    return cs_execlist_get_stats(cs_engine_execlist(engine_model(self)));
}

/* The ring of the basic context: a fence store and a user interrupt. */
static inline uint32_t fence_ring(CsSys *self, uint64_t ring, uint64_t fence, uint32_t value)
{
    sdi(self, fence, value);
    EMIT0("MI_USER_INTERRUPT");
    return place_ring(self, ring);
}

#endif
