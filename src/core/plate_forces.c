/* plate_forces.c: the forces that drive and resist each plate, and the
 * motion they balance at.
 *
 * Plates have no inertia worth the name: on geological time scales each one
 * moves at the angular velocity where its driving torques balance the
 * resisting ones. Driving: slab pull, a line force along every trench where
 * the plate's own ocean floor dives, pointing into the trench and growing
 * with the slab's age (older floor is colder and denser); ridge push, a
 * smaller line force away from every spreading ridge; trench suction, part
 * of the slab's pull felt by the plate above it. Resisting: basal drag
 * proportional to the velocity of each cell, several times stronger under
 * continents (deep keels), taken against the mantle's own slow flow away
 * from two antipodal upwellings (Africa and the Pacific on Earth), which
 * drives plates that have no slab; and slab resistance, the mantle's drag
 * on the sinking slab and the bending of the plate at the trench, a line
 * drag along the same trenches (Forsyth & Uyeda 1975: plates move at a
 * speed set by the share of their rim that subducts, not by their size).
 * The balance is linear, M w = T, with M = sum k (I - r r^T) over the
 * plate's cells (k the cell's drag, plus its trench's): a 3x3 solve per
 * plate.
 * Plates relax toward that velocity over a few Myr (slabs and the mantle
 * answer slowly), which also keeps one step's noise out of the motion.
 *
 * Because slab pull depends on where trenches are, not on how much floor a
 * step happens to consume, a plate keeps moving as long as it subducts:
 * speed and trench sustain each other, as on Earth. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "planet_internal.h"

/* Pull and resistance of an old slab, per radian of trench: alone they
 * would move a plate ringed by trenches at SLAB_PULL / SLAB_RESIST rad/Myr
 * (20 cm/yr with 1.75e-2 and 0.5, 17 now); basal drag keeps real plates
 * well below that. Without the resistance, drag grew with area and pull
 * with rim alone, so small oceanic plates raced: 19 % of the plates of
 * 1 % or more ran at the 12 cm/yr limit, 27 % above 10 cm/yr (peak
 * speed; level 6, seeds 1-3, every 25 Myr over 300-2 000); with it, 3 %
 * and 8 %, half at 6-10.
 * The pull is 1.8 times what it was without, which kept the
 * area-weighted speed; 2.1 times since margin breaks take only the old
 * floor (plate_events.c), whose smaller new plates slowed the
 * area-weighted speed from 3.0-3.2 to 2.7-3.0 cm/yr; 2.4 times since
 * each plate's old margin breaks on its own (plate_events.c): at 2.1 the
 * speed fell from 3.0-3.1 to 2.6-3.0 cm/yr, 20-30 % of the plates under
 * 1 cm/yr (3.1-3.2 and 18-21 % at 2.4; level 6, seeds 1-6).
 * Since the drag under ocean is weaker (below), pull and resistance are
 * 1.2 and 1.6 times as strong (a ringed plate's limit 17 cm/yr): with the
 * weaker drag alone the large oceanic plates ran at 4.9-5.6 cm/yr but
 * 3-6 % of them sat at the 12 cm/yr limit (2-3 % before); with both,
 * 4.8-5.3 cm/yr and 1-3 %. */
#define SLAB_PULL 2.1e-2       /* rad/Myr of motion per (radian of trench / sr) */
#define SLAB_RESIST 0.8        /* drag per radian of trench, as DRAG_* per sr */
#define RIDGE_PUSH 0.1e-2
#define TRENCH_SUCTION 0.35   /* share of slab pull felt by the overriding plate */
/* Basal drag: the asthenosphere under old ocean is weak (thick low-velocity
 * zone), under cratons the keels reach stiff mantle. With 1.0 and 2.0 the
 * large oceanic plates ran at 4.2-5.1 cm/yr and those with a fifth of their
 * rim diving at 4.4-5.7 (Earth 6-9, Forsyth & Uyeda 1975); with 0.7 and
 * 2.4 (and the slab terms above) at 4.8-5.3 and 5.0-5.6, continental
 * plates at 2.5-2.8 (level 6, seeds 1-6, means over 300-3 000 Myr). */
#define DRAG_OCEAN 0.7
#define DRAG_CONTINENT 2.4    /* cratonic keels drag on the mantle */
#define MANTLE_FLOW_CM_YR 2.5  /* largest speed of the mantle flow */
#define MANTLE_WANDER_MYR 400.0 /* time for the upwellings to move far */
#define SLAB_AGE_FULL 80.0    /* Myr: older slabs pull fully */
#define FORCES_GRAIN 4096
#define FORCES_EVERY 4        /* steps between force balances (state keeps it) */

#define MICRO_FREE_CM_YR 1.0  /* a microplate's own motion on its neighbours' */

typedef struct force_part {
	double m[PLATES_MAX][6];   /* symmetric 3x3: xx yy zz xy xz yz */
	vec3 t[PLATES_MAX];
	double area[PLATES_MAX];   /* sr: the plate's area as owner[] has it now */
} force_part;

typedef struct force_ctx {
	planet_t *pl;
	force_part *part;
	vec3 upwelling;     /* axis of the two antipodal mantle upwellings */
	double flow;        /* mantle flow speed scale, rad/Myr */
} force_ctx;

/* Unit tangent at cell c pointing across its boundary, toward the cells of
 * other plates; zero if none. */
static vec3 boundary_normal(const planet_t *pl, int c)
{
	const grid_t *g = pl->grid;
	vec3 pc = g->centre[c], sum = v3(0, 0, 0);
	int o = pl->owner[c];
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
		int nb = g->nbr[k];
		if (pl->owner[nb] == o)
			continue;
		vec3 pn = g->centre[nb];
		sum = v3_add(sum, v3_sub(pn, v3_scale(pc, v3_dot(pn, pc))));
	}
	double len = v3_len(sum);
	return len > 1e-12 ? v3_scale(sum, 1 / len) : v3(0, 0, 0);
}

/* The sinking slab also draws the overriding plate toward the trench (slab
 * rollback, trench suction): a plate rimmed by trenches moves even with no
 * slab of its own, as South America does. */
static void trench_suction(const planet_t *pl, int c, double f, force_part *fp)
{
	const grid_t *g = pl->grid;
	vec3 pc = g->centre[c];
	int o = pl->owner[c], others = 0;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
		others += pl->owner[g->nbr[k]] != o;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
		int nb = g->nbr[k], on = pl->owner[nb];
		if (on == o)
			continue;
		vec3 pn = g->centre[nb];
		vec3 d = v3_norm(v3_sub(pc, v3_scale(pn, v3_dot(pc, pn))));   /* toward c */
		fp->t[on] = v3_add(fp->t[on], v3_scale(v3_cross(pn, d), f / others));
	}
}

/* A drag k at unit position r resists the plate's turning about every
 * axis but r itself: k (I - r r^T) onto m (packed xx yy zz xy xz yz). */
static void add_drag(double *m, double k, vec3 r)
{
	m[0] += k * (1 - r.x * r.x);
	m[1] += k * (1 - r.y * r.y);
	m[2] += k * (1 - r.z * r.z);
	m[3] -= k * r.x * r.y;
	m[4] -= k * r.x * r.z;
	m[5] -= k * r.y * r.z;
}

static void forces_chunk(void *ctx, int b, int e, int chunk)
{
	force_ctx *fc = ctx;
	planet_t *pl = fc->pl;
	const grid_t *g = pl->grid;
	force_part *fp = &fc->part[chunk];
	memset(fp, 0, sizeof *fp);
	for (int c = b; c < e; c++) {
		int o = pl->owner[c];
		const plate_t *p = &pl->plates[o];
		int s = pl->sample[c];
		int cont = p->crust.type[s] == CRUST_CONTINENTAL;
		double a = g->area[c], k = (cont ? DRAG_CONTINENT : DRAG_OCEAN) * a;
		vec3 r = g->centre[c];
		fp->area[o] += a;
		/* the mantle's own flow, away from two antipodal upwellings toward
		 * the ring between them, drags the plate above along:
		 * v = 2U (a.r) ((a.r) r - a), largest at 45 degrees */
		double u = v3_dot(fc->upwelling, r);
		vec3 vm = v3_scale(v3_sub(v3_scale(r, u), fc->upwelling), 2 * fc->flow * u);
		fp->t[o] = v3_add(fp->t[o], v3_scale(v3_cross(r, vm), k));
		double *m = fp->m[o];
		add_drag(m, k, r);
		if (pl->boundary[c] == BOUNDARY_NONE)
			continue;
		double line = sqrt(a);             /* boundary length in this cell */
		double f = 0;
		vec3 n = boundary_normal(pl, c);
		if (pl->subducting[c] == SLAB_DIVES) {
			double age = clampd(p->crust.age[s], 5, SLAB_AGE_FULL);
			f = SLAB_PULL * line * sqrt(age / SLAB_AGE_FULL);
			trench_suction(pl, c, f * TRENCH_SUCTION, fp);
			add_drag(m, SLAB_RESIST * line, r);
		} else if (pl->boundary[c] == BOUNDARY_DIVERGENT && !cont) {
			f = RIDGE_PUSH * line;
			n = v3_scale(n, -1);             /* away from the ridge */
		}
		if (f > 0)
			fp->t[o] = v3_add(fp->t[o], v3_scale(v3_cross(r, n), f));
	}
}

/* Solve M w = t for symmetric positive definite M (packed as above). */
static vec3 solve3(const double *m, vec3 t)
{
	double a = m[0], bb = m[1], c = m[2], d = m[3], e = m[4], f = m[5];
	/* small isotropic term: a one-cell plate has no resistance to spinning
	 * about its own centre, which would make M singular */
	double eps = 1e-6 * (a + bb + c) + 1e-300;
	a += eps;
	bb += eps;
	c += eps;
	double A = bb * c - f * f, B = -(d * c - f * e), C = d * f - bb * e;
	double det = a * A + d * B + e * C;
	if (fabs(det) < 1e-300)
		return v3(0, 0, 0);
	double D = -(d * c - e * f), E = a * c - e * e, F = -(a * f - d * e);
	double G = d * f - e * bb, H = -(a * f - e * d), I = a * bb - d * d;
	return v3((A * t.x + D * t.y + G * t.z) / det,
	          (B * t.x + E * t.y + H * t.z) / det,
	          (C * t.x + F * t.y + I * t.z) / det);
}

void plate_forces_compute(planet_t *pl)
{
	/* plates take BALANCE_MYR to answer their forces, and trenches move a
	 * cell in several steps: every few steps is enough (step 0 always) */
	if (pl->step % FORCES_EVERY != 0)
		return;
	const grid_t *g = pl->grid;
	int chunks = pool_chunks(g->n, FORCES_GRAIN);
	if (chunks > pl->force_parts_cap) {
		force_part *fp = realloc(pl->force_parts, (size_t)chunks * sizeof *fp);
		if (!fp)
			return;    /* keep last step's balance: motion only lags */
		pl->force_parts = fp;
		pl->force_parts_cap = chunks;
	}
	/* the upwellings wander slowly (noise over time, so a restored state
	 * sees the same mantle as the run it came from) */
	double when = pl->time_myr / MANTLE_WANDER_MYR;
	vec3 a = v3(noise_fbm(&pl->layout, v3(when, 11.3, -4.1), 1.0, 2, 0.5),
	            noise_fbm(&pl->layout, v3(-7.9, when, 2.3), 1.0, 2, 0.5),
	            noise_fbm(&pl->layout, v3(5.5, -1.7, when), 1.0, 2, 0.5));
	force_ctx fc = {pl, pl->force_parts, v3_len(a) > 1e-9 ? v3_norm(a) : v3(0, 0, 1),
	                MANTLE_FLOW_CM_YR / CM_YR_PER_KM_MYR / pl->prm.radius_km};
	pool_for(pl->pool, g->n, FORCES_GRAIN, forces_chunk, &fc);
	/* which plates are micro: by their area under owner[] now, not by
	 * p->area, which a step refreshes only after this pass (a restored
	 * state has it fresh, and came out with other forces) */
	bool micro[PLATES_MAX];
	int any = 0;
	for (int i = 0; i < pl->nplates; i++) {
		double m[6] = {0}, area = 0;
		vec3 t = v3(0, 0, 0);
		for (int k = 0; k < chunks; k++) {       /* chunk order: same bits for any -j */
			const force_part *fp = &pl->force_parts[k];
			for (int j = 0; j < 6; j++)
				m[j] += fp->m[i][j];
			t = v3_add(t, fp->t[i]);
			area += fp->area[i];
		}
		pl->plates[i].balance_omega = m[0] + m[1] + m[2] > 0 ? solve3(m, t) : v3(0, 0, 0);
		any |= micro[i] = area_is_micro(area);
	}
	/* A microplate is too small for its own forces to set its speed: its
	 * boundary forces grow with its rim, its drag with its area, so alone
	 * it would race at the speed limit, opening ridges and trenches all
	 * round. It rides with its neighbours (their motions weighted by the
	 * boundary it shares with each) and moves on them only as far as its
	 * own forces push, up to MICRO_FREE_CM_YR. */
	double free_max = MICRO_FREE_CM_YR / CM_YR_PER_KM_MYR / pl->prm.radius_km;
	if (!any)
		return;
	/* boundary cells each microplate shares with each neighbour: one
	 * serial pass (16 KB here, not per chunk: 0.6 MB at level 7) */
	int contact[PLATES_MAX][PLATES_MAX];
	memset(contact, 0, sizeof contact);
	for (int c = 0; c < g->n; c++) {
		int o = pl->owner[c];
		if (!micro[o] || pl->boundary[c] == BOUNDARY_NONE)
			continue;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
			contact[o][pl->owner[g->nbr[k]]]++;
	}
	for (int i = 0; i < pl->nplates; i++) {
		plate_t *p = &pl->plates[i];
		if (!micro[i])
			continue;
		vec3 mean = v3(0, 0, 0);
		int total = 0;
		for (int j = 0; j < pl->nplates; j++) {
			int n = j == i ? 0 : contact[i][j];
			if (!n)
				continue;
			mean = v3_add(mean, v3_scale(pl->plates[j].pole, pl->plates[j].omega * n));
			total += n;
		}
		if (!total)
			continue;
		mean = v3_scale(mean, 1.0 / total);
		vec3 own = v3_sub(p->balance_omega, mean);
		double len = v3_len(own);
		if (len > free_max)
			own = v3_scale(own, free_max / len);
		p->balance_omega = v3_add(mean, own);
	}
}
