/* Registers of the example's copy engine (dma_copy.sv has the rules): offsets relative to the
 * block, status bits. The user's own header: gtsim does not generate it. */
#ifndef DMA_COPY_REGS_H
#define DMA_COPY_REGS_H

#define DMA_SRC 0x00u    /* source address, 8-byte aligned */
#define DMA_DST 0x04u    /* destination address, 8-byte aligned */
#define DMA_LEN 0x08u    /* bytes, a multiple of 8, at most 0xFFF8 */
#define DMA_CTRL 0x0Cu   /* bit 0 GO */
#define DMA_STATUS 0x10u /* BUSY, DONE (W1C), ERROR (W1C) */
#define DMA_COUNT 0x14u  /* copies finished (read-only) */
#define DMA_BLOCK_SIZE 0x100u /* the register window */

#define DMA_CTRL_GO 0x1u
#define DMA_STATUS_BUSY 0x1u
#define DMA_STATUS_DONE 0x2u
#define DMA_STATUS_ERROR 0x4u

#endif
