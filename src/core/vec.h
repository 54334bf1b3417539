/* vec.h: 3-vectors and unit quaternions in double precision, all inline. */
#ifndef TECTONICA_VEC_H
#define TECTONICA_VEC_H

#include <math.h>

typedef struct vec3 { double x, y, z; } vec3;
typedef struct quat { double w, x, y, z; } quat;

static inline vec3 v3(double x, double y, double z) { return (vec3){x, y, z}; }
static inline vec3 v3_add(vec3 a, vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline vec3 v3_sub(vec3 a, vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline vec3 v3_scale(vec3 a, double s) { return v3(a.x * s, a.y * s, a.z * s); }
static inline double v3_dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline vec3 v3_cross(vec3 a, vec3 b)
{
	return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline double v3_len(vec3 a) { return sqrt(v3_dot(a, a)); }
static inline vec3 v3_norm(vec3 a)
{
	double l = v3_len(a);
	return l > 0 ? v3_scale(a, 1.0 / l) : v3(0, 0, 1);
}
/* Great-circle angle between two unit vectors, robust near 0 and pi. */
static inline double v3_angle(vec3 a, vec3 b)
{
	return atan2(v3_len(v3_cross(a, b)), v3_dot(a, b));
}

/* Latitude/longitude (radians) of a unit vector; z is the north pole,
 * longitude 0 lies on +x and grows toward +y (east). */
static inline double v3_lat(vec3 p) { return asin(fmax(-1.0, fmin(1.0, p.z))); }
static inline double v3_lon(vec3 p) { return atan2(p.y, p.x); }
static inline vec3 v3_from_latlon(double lat, double lon)
{
	return v3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat));
}

static inline quat q_identity(void) { return (quat){1, 0, 0, 0}; }
static inline quat q_axis_angle(vec3 axis, double angle)
{
	vec3 a = v3_norm(axis);
	double s = sin(angle * 0.5);
	return (quat){cos(angle * 0.5), a.x * s, a.y * s, a.z * s};
}
static inline quat q_mul(quat a, quat b)
{
	return (quat){a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
	              a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
	              a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
	              a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}
static inline quat q_conj(quat q) { return (quat){q.w, -q.x, -q.y, -q.z}; }
static inline quat q_normalize(quat q)
{
	double l = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
	return (quat){q.w / l, q.x / l, q.y / l, q.z / l};
}
/* Rotate v by unit quaternion q: v' = q v q*. */
static inline vec3 q_rotate(quat q, vec3 v)
{
	vec3 u = v3(q.x, q.y, q.z);
	vec3 t = v3_scale(v3_cross(u, v), 2.0);
	return v3_add(v3_add(v, v3_scale(t, q.w)), v3_cross(u, t));
}

/* 3x3 rotation matrix form of a quaternion, for hot loops. */
typedef struct mat3 { double m[9]; } mat3;
static inline mat3 q_to_mat3(quat q)
{
	double w = q.w, x = q.x, y = q.y, z = q.z;
	return (mat3){{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
	               2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
	               2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
}
static inline vec3 m3_apply(const mat3 *r, vec3 v)
{
	const double *m = r->m;
	return v3(m[0] * v.x + m[1] * v.y + m[2] * v.z,
	          m[3] * v.x + m[4] * v.y + m[5] * v.z,
	          m[6] * v.x + m[7] * v.y + m[8] * v.z);
}

static inline double clampd(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }
static inline double lerpd(double a, double b, double t) { return a + (b - a) * t; }
/* 0 below e0, 1 above e1, a smooth S between */
static inline double smoothstep(double e0, double e1, double x)
{
	double t = clampd((x - e0) / (e1 - e0), 0, 1);
	return t * t * (3 - 2 * t);
}

#endif
