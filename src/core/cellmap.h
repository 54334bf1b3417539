/* cellmap.h: a sparse map from grid cells to crust samples, one per plate.
 *
 * A plate covers a connected part of the sphere, and grid cells are numbered
 * along a space-filling curve, so its cells fall into few index ranges. The
 * map is paged: pages of 256 entries exist only where the plate has crust,
 * which keeps memory near 4 bytes per cell for all plates together instead
 * of 4 bytes per cell per plate (pages of 1024 wasted a quarter more at
 * the plates' edges). */
#ifndef TECTONICA_CELLMAP_H
#define TECTONICA_CELLMAP_H

#include <stddef.h>
#include <stdint.h>

#define CELLMAP_PAGE_BITS 8
#define CELLMAP_PAGE (1 << CELLMAP_PAGE_BITS)

typedef struct cellmap {
	int32_t **page;     /* npages pointers, NULL where nothing is mapped */
	int npages;
} cellmap;

/* 0, or -1 when out of memory. */
int cellmap_init(cellmap *m, int ncells);
void cellmap_free(cellmap *m);
/* Drop every entry (and page). */
void cellmap_clear(cellmap *m);
/* Unmap every entry but keep the pages, to be filled again; then
 * cellmap_drop_empty frees the pages left without an entry. Cheaper than
 * clear and refill: no page is freed and allocated again. */
void cellmap_unmap_all(cellmap *m);
void cellmap_drop_empty(cellmap *m);
/* Set cell k to v (a sample, or -1 to unmap). 0, or -1 when out of memory. */
int cellmap_set(cellmap *m, int k, int32_t v);
size_t cellmap_bytes(const cellmap *m);

static inline int32_t cellmap_get(const cellmap *m, int k)
{
	const int32_t *pg = m->page[k >> CELLMAP_PAGE_BITS];
	return pg ? pg[k & (CELLMAP_PAGE - 1)] : -1;
}

#endif
