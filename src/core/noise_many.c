/* noise_many.c: noise_fbm at many points, four at a time with AVX2 where
 * the CPU has it (the export's sub-cell detail evaluates it at every pixel
 * of a heightmap).
 *
 * Bit for bit what noise_fbm gives: every lane does the very operations of
 * noise_opensimplex2.c in the same order (IEEE double arithmetic is the same
 * in a vector lane as in a scalar register, and ISO C mode keeps GCC from
 * fusing multiplies and adds); what differs is only how the integers are
 * found. fast_round(x) is floor(x + 0.5); the lattice coordinates are kept
 * as doubles (small integers, exact) and converted for the table lookups,
 * which become gathers. Points noise_eval would fold, and other kernels,
 * take the scalar path. tests/test_noise.c compares both paths. */
#include "noise.h"

#include <math.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define NOISE_MANY_AVX2 1
#endif

#ifdef NOISE_MANY_AVX2
/* The constants of noise_opensimplex2.c, which this must follow (its
 * gradient table os2_grad is decoded in gradient4). */
#define OS2_R2 0.5
#define OS2_SCALE 107.65
#define OS2_OFF_X 341
#define OS2_OFF_Y 661
#define OS2_OFF_Z 857
#define GA 0.35740674433659325
#define GB 0.86285620946101682
#define GC 0.57735026918962584
#define AVX2 __attribute__((target("avx2")))

/* os2_grad[g] of noise_opensimplex2.c for four indices, decoded instead
 * of looked up: g >> 3 picks the magnitudes (A, A, B), (A, B, A),
 * (B, A, A) or (C, C, C); bits 2, 1, 0 negate x, y, z. */
static inline AVX2 void gradient4(__m128i g, __m256d *gx, __m256d *gy, __m256d *gz)
{
	__m256i g64 = _mm256_cvtepi32_epi64(g);
	/* the group's double as two 32-bit halves, 2 group and 2 group + 1 */
	__m256i lo = _mm256_slli_epi64(_mm256_srli_epi64(g64, 3), 1);
	__m256i idx = _mm256_or_si256(lo, _mm256_slli_epi64(_mm256_add_epi64(lo, _mm256_set1_epi64x(1)), 32));
	const __m256 tx = _mm256_castpd_ps(_mm256_setr_pd(GA, GA, GB, GC));
	const __m256 ty = _mm256_castpd_ps(_mm256_setr_pd(GA, GB, GA, GC));
	const __m256 tz = _mm256_castpd_ps(_mm256_setr_pd(GB, GA, GA, GC));
	__m256i sx = _mm256_slli_epi64(_mm256_and_si256(g64, _mm256_set1_epi64x(4)), 61);
	__m256i sy = _mm256_slli_epi64(_mm256_and_si256(g64, _mm256_set1_epi64x(2)), 62);
	__m256i sz = _mm256_slli_epi64(g64, 63);
	*gx = _mm256_xor_pd(_mm256_castps_pd(_mm256_permutevar8x32_ps(tx, idx)), _mm256_castsi256_pd(sx));
	*gy = _mm256_xor_pd(_mm256_castps_pd(_mm256_permutevar8x32_ps(ty, idx)), _mm256_castsi256_pd(sy));
	*gz = _mm256_xor_pd(_mm256_castps_pd(_mm256_permutevar8x32_ps(tz, idx)), _mm256_castsi256_pd(sz));
}

/* The gradient indices of eight lattice points (two sets of four, given
 * as exact integer doubles): grad_index[perm[perm[i] + j] + k], masked as
 * noise_opensimplex2.c masks them. Eight lanes a gather. */
static inline AVX2 void hash8(const noise_t *n, __m256d ia, __m256d ja, __m256d ka, __m256d ib,
                              __m256d jb, __m256d kb, __m128i *ga, __m128i *gb)
{
	const __m256i mask = _mm256_set1_epi32(NOISE_MASK), low = _mm256_set1_epi32(0xffff);
	const int *perm = (const int *)(const void *)n->perm;
	const int *grad = (const int *)(const void *)n->grad_index;
	__m256i i = _mm256_and_si256(_mm256_set_m128i(_mm256_cvtpd_epi32(ib), _mm256_cvtpd_epi32(ia)), mask);
	__m256i j = _mm256_and_si256(_mm256_set_m128i(_mm256_cvtpd_epi32(jb), _mm256_cvtpd_epi32(ja)), mask);
	__m256i k = _mm256_and_si256(_mm256_set_m128i(_mm256_cvtpd_epi32(kb), _mm256_cvtpd_epi32(ka)), mask);
	/* int16 entries read as 32-bit words at 2-byte steps: every index is
	 * at most 2046, so the word stays inside the 2048-entry table */
	__m256i h = _mm256_and_si256(_mm256_i32gather_epi32(perm, i, 2), low);
	h = _mm256_and_si256(_mm256_i32gather_epi32(perm, _mm256_add_epi32(h, j), 2), low);
	__m256i g = _mm256_and_si256(_mm256_i32gather_epi32(grad, _mm256_add_epi32(h, k), 2), low);
	*ga = _mm256_castsi256_si128(g);
	*gb = _mm256_extracti128_si256(g, 1);
}

/* contrib() of noise_opensimplex2.c for four lattice points of gradient
 * indices g at displacements (dx, dy, dz), falloff a. */
static inline AVX2 __m256d contrib4(__m128i g, __m256d dx, __m256d dy, __m256d dz, __m256d a)
{
	__m256d gx, gy, gz;
	gradient4(g, &gx, &gy, &gz);
	const __m256d abs_mask = _mm256_castsi256_pd(_mm256_set1_epi64x(INT64_MAX));
	a = _mm256_mul_pd(_mm256_set1_pd(0.5), _mm256_add_pd(a, _mm256_and_pd(a, abs_mask)));
	a = _mm256_mul_pd(a, a);
	__m256d dot = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(gx, dx), _mm256_mul_pd(gy, dy)),
	                            _mm256_mul_pd(gz, dz));
	return _mm256_mul_pd(_mm256_mul_pd(a, a), dot);
}

/* pair()'s neighbour: one step of s (+-1 per axis) along the dominant axis
 * of |d| = (ax, ay, az); s becomes that step (+-1.0 or +0.0 per axis, as
 * the scalar int product), f its falloff. */
static inline AVX2 void neighbour(__m256d ax, __m256d ay, __m256d az, __m256d *sx, __m256d *sy,
                                  __m256d *sz, __m256d *f)
{
	__m256d mx = _mm256_and_pd(_mm256_cmp_pd(ax, ay, _CMP_GE_OQ), _mm256_cmp_pd(ax, az, _CMP_GE_OQ));
	__m256d my = _mm256_andnot_pd(mx, _mm256_cmp_pd(ay, az, _CMP_GE_OQ));
	__m256d mz = _mm256_andnot_pd(_mm256_or_pd(mx, my), _mm256_castsi256_pd(_mm256_set1_epi64x(-1)));
	*sx = _mm256_and_pd(*sx, mx);
	*sy = _mm256_and_pd(*sy, my);
	*sz = _mm256_and_pd(*sz, mz);
	/* max2(a, b) = a > b ? a : b is maxpd's rule */
	__m256d m = _mm256_max_pd(ax, _mm256_max_pd(ay, az));
	*f = _mm256_sub_pd(_mm256_add_pd(*f, _mm256_mul_pd(_mm256_set1_pd(2), m)), _mm256_set1_pd(1));
}

static inline AVX2 __m256d falloff(__m256d dx, __m256d dy, __m256d dz)
{
	__m256d d2 = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy)),
	                           _mm256_mul_pd(dz, dz));
	return _mm256_sub_pd(_mm256_set1_pd(OS2_R2), d2);
}

/* noise_opensimplex2 at four points: the nearest point of each cubic copy
 * and its neighbour (pair()), copy 1's pair plus copy 2's */
static inline AVX2 __m256d os2_4(const noise_t *n, __m256d x, __m256d y, __m256d z)
{
	const __m256d half = _mm256_set1_pd(0.5), one = _mm256_set1_pd(1);
	const __m256d sign = _mm256_set1_pd(-0.0);
	__m256d r = _mm256_mul_pd(_mm256_set1_pd(2.0 / 3.0), _mm256_add_pd(_mm256_add_pd(x, y), z));
	__m256d xr = _mm256_sub_pd(r, x), yr = _mm256_sub_pd(r, y), zr = _mm256_sub_pd(r, z);
	__m256d i = _mm256_floor_pd(_mm256_add_pd(xr, half));
	__m256d j = _mm256_floor_pd(_mm256_add_pd(yr, half));
	__m256d k = _mm256_floor_pd(_mm256_add_pd(zr, half));
	__m256d dx = _mm256_sub_pd(xr, i), dy = _mm256_sub_pd(yr, j), dz = _mm256_sub_pd(zr, k);
	__m256d ax = _mm256_andnot_pd(sign, dx), ay = _mm256_andnot_pd(sign, dy),
	        az = _mm256_andnot_pd(sign, dz);
	/* copysign(1.0, d) */
	__m256d sx = _mm256_or_pd(_mm256_and_pd(sign, dx), one),
	        sy = _mm256_or_pd(_mm256_and_pd(sign, dy), one),
	        sz = _mm256_or_pd(_mm256_and_pd(sign, dz), one);
	__m256d f = falloff(dx, dy, dz), f1 = f;
	__m256d tx = sx, ty = sy, tz = sz;
	neighbour(ax, ay, az, &tx, &ty, &tz, &f1);

	/* copy 2: (sx - 1) / 2 is 0 or -1; 0.5 * sx is copysign(0.5, d); its
	 * neighbour steps by -s */
	__m256d ex = _mm256_sub_pd(dx, _mm256_mul_pd(half, sx)),
	        ey = _mm256_sub_pd(dy, _mm256_mul_pd(half, sy)),
	        ez = _mm256_sub_pd(dz, _mm256_mul_pd(half, sz));
	__m256d i2 = _mm256_add_pd(_mm256_add_pd(i, _mm256_mul_pd(half, _mm256_sub_pd(sx, one))),
	                           _mm256_set1_pd(OS2_OFF_X));
	__m256d j2 = _mm256_add_pd(_mm256_add_pd(j, _mm256_mul_pd(half, _mm256_sub_pd(sy, one))),
	                           _mm256_set1_pd(OS2_OFF_Y));
	__m256d k2 = _mm256_add_pd(_mm256_add_pd(k, _mm256_mul_pd(half, _mm256_sub_pd(sz, one))),
	                           _mm256_set1_pd(OS2_OFF_Z));
	__m256d e = falloff(ex, ey, ez), e1 = e;
	__m256d ux = _mm256_xor_pd(sx, sign), uy = _mm256_xor_pd(sy, sign), uz = _mm256_xor_pd(sz, sign);
	neighbour(_mm256_sub_pd(half, ax), _mm256_sub_pd(half, ay), _mm256_sub_pd(half, az),
	          &ux, &uy, &uz, &e1);

	__m128i g0, g1, g2, g3;
	hash8(n, i, j, k, i2, j2, k2, &g0, &g2);
	hash8(n, _mm256_add_pd(i, tx), _mm256_add_pd(j, ty), _mm256_add_pd(k, tz),
	      _mm256_add_pd(i2, ux), _mm256_add_pd(j2, uy), _mm256_add_pd(k2, uz), &g1, &g3);
	__m256d v = _mm256_add_pd(contrib4(g0, dx, dy, dz, f),
	                          contrib4(g1, _mm256_sub_pd(dx, tx), _mm256_sub_pd(dy, ty),
	                                   _mm256_sub_pd(dz, tz), f1));
	__m256d v2 = _mm256_add_pd(contrib4(g2, ex, ey, ez, e),
	                           contrib4(g3, _mm256_sub_pd(ex, ux), _mm256_sub_pd(ey, uy),
	                                    _mm256_sub_pd(ez, uz), e1));
	return _mm256_mul_pd(_mm256_add_pd(v, v2), _mm256_set1_pd(OS2_SCALE));
}

/* noise_fbm at p[0..3] into out[0..3] */
static AVX2 void fbm4(const noise_t *n, const vec3 *p, double freq, int octaves,
                      double persistence, double *out)
{
	__m256d px = _mm256_setr_pd(p[0].x, p[1].x, p[2].x, p[3].x);
	__m256d py = _mm256_setr_pd(p[0].y, p[1].y, p[2].y, p[3].y);
	__m256d pz = _mm256_setr_pd(p[0].z, p[1].z, p[2].z, p[3].z);
	__m256d v = _mm256_setzero_pd();
	double amp = 1, total = 0;
	for (int o = 0; o < octaves; o++) {
		__m256d f = _mm256_set1_pd(freq);
		__m256d e = os2_4(n, _mm256_mul_pd(px, f), _mm256_mul_pd(py, f), _mm256_mul_pd(pz, f));
		v = _mm256_add_pd(v, _mm256_mul_pd(e, _mm256_set1_pd(amp)));
		total += amp;
		freq *= 2;
		amp *= persistence;
	}
	if (total > 0)
		_mm256_storeu_pd(out, _mm256_div_pd(v, _mm256_set1_pd(total)));
	else
		out[0] = out[1] = out[2] = out[3] = 0;
}
#endif

/* Whether noise_fbm would fold none of p's octaves (noise_eval folds any
 * coordinate of 1e6 or more); the finest octave's point is the largest. */
static int unfolded(vec3 p, double top)
{
	return fabs(p.x) * top < 1e6 && fabs(p.y) * top < 1e6 && fabs(p.z) * top < 1e6;
}

void noise_fbm_many(const noise_t *n, const vec3 *p, int count, double freq, int octaves,
                    double persistence, double *out)
{
	int i = 0;
#ifdef NOISE_MANY_AVX2
	if (n->kind == NOISE_OPENSIMPLEX2 && octaves > 0 && octaves < 64 && noise_many_simd()) {
		double top = fabs(freq) * ldexp(1.0, octaves - 1);
		for (; i + 4 <= count; i += 4) {
			if (unfolded(p[i], top) && unfolded(p[i + 1], top) && unfolded(p[i + 2], top) &&
			    unfolded(p[i + 3], top))
				fbm4(n, p + i, freq, octaves, persistence, out + i);
			else
				for (int q = i; q < i + 4; q++)
					out[q] = noise_fbm(n, p[q], freq, octaves, persistence);
		}
	}
#endif
	for (; i < count; i++)
		out[i] = noise_fbm(n, p[i], freq, octaves, persistence);
}

/* tests turn it off to compare the scalar path; never written otherwise */
static int simd_off;

int noise_many_simd(void)
{
#ifdef NOISE_MANY_AVX2
	return !simd_off && __builtin_cpu_supports("avx2");
#else
	return 0;
#endif
}

void noise_many_set_simd(int on)
{
	simd_off = !on;
}
