/* noise_opensimplex2.c: 3D OpenSimplex2 noise (Kurt Spencer, "KdotJPG"
 * algorithm, fast variant), written from its description.
 *
 * The idea: sum radial kernels centred on the points of a body-centred cubic
 * (BCC) lattice, i.e. two interleaved cubic lattices Z^3 and Z^3 + 1/2, in a
 * frame turned (here: reflected) so that no lattice axis lines up with an
 * input axis. For each cubic copy only two points can reach the sample: the
 * nearest one and its neighbour along the axis where the sample is furthest
 * from it. The nearest point of the second copy is the corner of the first
 * copy's rounding cell toward the sample, so both copies share one rounding.
 *
 * Kernel: (r^2 - d^2)^4 * <g, d>. We use r^2 = 1/2 rather than the original
 * 0.6: with 1/2 the "nearest + one axis neighbour" selection is provably
 * complete (any other point of a copy is at d^2 >= 1/2), so the noise is
 * continuous everywhere instead of having tiny jumps at face centres. */
#include "noise.h"

#define OS2_R2 0.5
/* 1 / max |raw value| (0.0092891, found by hill-climbing from many random
 * starts; `bench_noise --calibrate` repeats it), so |noise| <= 1. */
#define OS2_SCALE 107.65

/* Hash offset of the second cubic copy, so its gradients are unrelated to the
 * first copy's (any large odd offsets do). */
#define OS2_OFF_X 341
#define OS2_OFF_Y 661
#define OS2_OFF_Z 857

/* 32 unit gradients: the 24 vertices of a rhombicuboctahedron and the 8 cube
 * corners. None is axis-aligned, and 32 divides NOISE_PERIOD, so every
 * gradient is equally likely. */
#define GA 0.35740674433659325
#define GB 0.86285620946101682
#define GC 0.57735026918962584
static const double os2_grad[32][3] = {
	{ GA,  GA,  GB}, { GA,  GA, -GB}, { GA, -GA,  GB}, { GA, -GA, -GB},
	{-GA,  GA,  GB}, {-GA,  GA, -GB}, {-GA, -GA,  GB}, {-GA, -GA, -GB},
	{ GA,  GB,  GA}, { GA,  GB, -GA}, { GA, -GB,  GA}, { GA, -GB, -GA},
	{-GA,  GB,  GA}, {-GA,  GB, -GA}, {-GA, -GB,  GA}, {-GA, -GB, -GA},
	{ GB,  GA,  GA}, { GB,  GA, -GA}, { GB, -GA,  GA}, { GB, -GA, -GA},
	{-GB,  GA,  GA}, {-GB,  GA, -GA}, {-GB, -GA,  GA}, {-GB, -GA, -GA},
	{ GC,  GC,  GC}, { GC,  GC, -GC}, { GC, -GC,  GC}, { GC, -GC, -GC},
	{-GC,  GC,  GC}, {-GC,  GC, -GC}, {-GC, -GC,  GC}, {-GC, -GC, -GC},
};

/* floor(x + 0.5) without a libm call or a branch. */
static inline int fast_round(double x)
{
	double y = x + 0.5;
	int i = (int)y;
	return i - (y < i);
}

/* Kernel of lattice point (i, j, k) seen from displacement (dx, dy, dz)
 * whose falloff a = r^2 - d^2 is already known. Branch-free (a clamped at 0
 * rather than tested): which points reach the sample is as good as random,
 * and mispredictions cost more than the always-done table lookups. */
static inline double contrib(const noise_t *n, int i, int j, int k,
                             double dx, double dy, double dz, double a)
{
	unsigned h = (unsigned)n->perm[((unsigned)i & NOISE_MASK)];
	h = (unsigned)n->perm[h + ((unsigned)j & NOISE_MASK)];
	const double *g = os2_grad[n->grad_index[h + ((unsigned)k & NOISE_MASK)]];
	a = 0.5 * (a + fabs(a)); /* max(a, 0), without the jump gcc emits for ?: */
	a *= a;
	return a * a * (g[0] * dx + g[1] * dy + g[2] * dz);
}

static inline double max2(double a, double b) { return a > b ? a : b; } /* maxsd */

/* Nearest point (i, j, k) at displacement d (|d| per axis in a*) with
 * falloff f, plus its neighbour along the dominant axis of d; s* are the
 * signs toward d. Written with 0/1 masks, no branches, for the same reason
 * as contrib(): left to itself the compiler emits jumps here. */
static inline double pair(const noise_t *n, int i, int j, int k,
                          double dx, double dy, double dz,
                          double ax, double ay, double az, double f,
                          int sx, int sy, int sz)
{
	double v = contrib(n, i, j, k, dx, dy, dz, f);
	int mx = (ax >= ay) & (ax >= az), my = (mx ^ 1) & (ay >= az), mz = 1 - mx - my;
	sx *= mx;
	sy *= my;
	sz *= mz;
	/* Neighbour one step along s: d^2 grows by 1 - 2|d_axis|. */
	return v + contrib(n, i + sx, j + sy, k + sz, dx - sx, dy - sy, dz - sz,
	                   f + 2 * max2(ax, max2(ay, az)) - 1);
}

double noise_opensimplex2(const noise_t *n, double x, double y, double z)
{
	/* Reflect through the plane normal to (1,1,1): orthonormal, and it
	 * turns every lattice axis away from the input axes. */
	double r = (2.0 / 3.0) * (x + y + z);
	double xr = r - x, yr = r - y, zr = r - z;

	/* Copy 1 (Z^3): nearest point by rounding. */
	int i = fast_round(xr), j = fast_round(yr), k = fast_round(zr);
	double dx = xr - i, dy = yr - j, dz = zr - k;
	double ax = fabs(dx), ay = fabs(dy), az = fabs(dz);
	/* copysign is bit twiddling; (dx < 0 ? -1 : 1) becomes a jump. */
	int sx = (int)copysign(1.0, dx), sy = (int)copysign(1.0, dy), sz = (int)copysign(1.0, dz);
	double v = pair(n, i, j, k, dx, dy, dz, ax, ay, az,
	                OS2_R2 - (dx * dx + dy * dy + dz * dz), sx, sy, sz);

	/* Copy 2 (Z^3 + 1/2): nearest point is (i, j, k) + s/2, stored at
	 * integer coordinates (i, j, k) + (s - 1)/2. From there the sample lies
	 * on the -s side (|e| = 1/2 - |d|), so the neighbour steps by -s. */
	double ex = dx - 0.5 * sx, ey = dy - 0.5 * sy, ez = dz - 0.5 * sz;
	v += pair(n, i + (sx - 1) / 2 + OS2_OFF_X, j + (sy - 1) / 2 + OS2_OFF_Y,
	          k + (sz - 1) / 2 + OS2_OFF_Z, ex, ey, ez, 0.5 - ax, 0.5 - ay, 0.5 - az,
	          OS2_R2 - (ex * ex + ey * ey + ez * ez), -sx, -sy, -sz);
	return v * OS2_SCALE;
}
