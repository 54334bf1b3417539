/* snapshot_trench.c: where maps draw the trenches (snapshot.h,
 * snapshot_fill_detail). Only the cells within two of a trench cell are
 * visited: trenches line a few per cent of the cells, and a pass over all
 * of them doubled the cost of a snapshot's detail at level 8. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "snapshot.h"

enum { SIDE_RIM = -16, SIDE_OVER = 16, SIDE_BEHIND = -48, SIDE_DIVING = -80, SIDE_OTHER = 48 };

/* The side of cell c before averaging (x32), hop cells from the trench,
 * the rings nearer the trench already done: overriding cells are those
 * beside a trench cell of another plate (their reach the mean depth of
 * those), a cell two away is on the diving side when a cell behind the
 * rim of its own plate is beside it. Sets the reach of rim and overriding
 * cells. */
static int side_raw(snapshot_t *s, const uint8_t *hop, const int8_t *raw, int c)
{
	const grid_t *g = s->grid;
	if (hop[c] == 0) {
		s->trench_reach[c] = (uint16_t)fmin(65535, ceil(s->trench[c]));
		return SIDE_RIM;
	}
	double sum = 0;
	int over = 0, diving = 0;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
		int n = g->nbr[k];
		if (hop[n] + 1 != hop[c] || s->plate[n] == s->plate[c]) {
			diving |= hop[c] == 2 && hop[n] == 1 && s->plate[n] == s->plate[c] &&
			          raw[n] == SIDE_BEHIND;
			continue;
		}
		if (hop[c] == 1) {
			sum += s->trench[n];
			over++;
		}
	}
	if (hop[c] == 2)
		return diving ? SIDE_DIVING : SIDE_OTHER;
	if (!over)
		return SIDE_BEHIND;
	s->trench_reach[c] = (uint16_t)fmin(65535, ceil(sum / over));
	return SIDE_OVER;
}

void snapshot_fill_trenches(snapshot_t *s)
{
	const grid_t *g = s->grid;
	size_t n = (size_t)s->n;
	memset(s->trench_side, SNAPSHOT_TRENCH_FAR, n);
	memset(s->trench_reach, 0, n * sizeof *s->trench_reach);
	/* the cells within two of a trench, ring by ring; malloc'd pages that
	 * are never touched cost nothing */
	uint8_t *hop = malloc(n);
	int8_t *raw = malloc(n);
	int32_t *ring = malloc(n * sizeof *ring);
	if (!hop || !raw || !ring) {    /* no memory: the cells' own trenches are drawn */
		free(hop);
		free(raw);
		free(ring);
		return;
	}
	memset(hop, 3, n);
	int m = 0, end[3];
	for (int c = 0; c < s->n; c++)
		if (s->trench[c] > 0) {
			hop[c] = 0;
			ring[m++] = c;
		}
	end[0] = m;
	for (int d = 1, b = 0; d <= 2; d++) {
		for (int i = b; i < end[d - 1]; i++)
			for (int k = g->nbr_off[ring[i]]; k < g->nbr_off[ring[i] + 1]; k++) {
				int nb = g->nbr[k];
				if (hop[nb] == 3) {
					hop[nb] = (uint8_t)d;
					ring[m++] = nb;
				}
			}
		b = end[d - 1];
		end[d] = m;
	}
	for (int i = 0; i < m; i++)
		raw[ring[i]] = (int8_t)side_raw(s, hop, raw, ring[i]);
	/* each rim cell's side averaged with its neighbours' straightens the
	 * line; the relief beside a trench without it */
	for (int i = 0; i < m; i++) {
		int c = ring[i];
		if (i >= end[1]) {
			s->trench_side[c] = raw[c];
			continue;
		}
		int sum = raw[c], cnt = 1;
		float e = s->elevation[c] + s->trench[c], r = 0;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++, cnt++) {
			int nb = g->nbr[k];
			sum += raw[nb];
			r = fmaxf(r, fabsf(s->elevation[nb] + s->trench[nb] - e));
		}
		s->trench_side[c] = (int8_t)lround((double)sum / cnt);
		s->relief[c] = r;
	}
	free(hop);
	free(raw);
	free(ring);
}
