// platec_driver.cpp: time platec (Mindwerks/plate-tectonics) the way
// WorldEngine drives it, for bench/peers.sh. Not part of tectonica's build:
// peers.sh compiles it against a platec checkout given on its command line.
//
//   platec_driver SEED WIDTH HEIGHT
//
// Creates the lithosphere with WorldEngine's parameters, steps until
// platec_api_is_finished and prints one JSON object: cells, steps, create_ms,
// ms_per_step (median), mean_ms_per_step and cell_steps_per_s
// (cells * steps / seconds of stepping).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

#include "platecapi.hpp"

static double now_ms()
{
	timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		std::fprintf(stderr, "usage: platec_driver SEED WIDTH HEIGHT\n");
		return 2;
	}
	long seed = std::atol(argv[1]);
	uint32_t w = (uint32_t)std::atol(argv[2]), h = (uint32_t)std::atol(argv[3]);
	if (w < 16 || h < 16) {
		std::fprintf(stderr, "platec_driver: width and height must be >= 16\n");
		return 2;
	}
	// WorldEngine's call: sea level 0.65, erosion period 60, folding ratio
	// 0.02, aggregation overlap 1e6 absolute / 0.33 relative, 2 cycles,
	// 10 plates
	double t0 = now_ms();
	void *p = platec_api_create(seed, w, h, 0.65f, 60, 0.02f, 1000000, 0.33f, 2, 10);
	double create_ms = now_ms() - t0;
	if (!p) {
		std::fprintf(stderr, "platec_driver: platec_api_create failed\n");
		return 1;
	}
	std::vector<double> step_ms;
	double total = 0;
	while (!platec_api_is_finished(p)) {
		double t = now_ms();
		platec_api_step(p);
		double d = now_ms() - t;
		step_ms.push_back(d);
		total += d;
	}
	platec_api_destroy(p);
	size_t n = step_ms.size();
	if (n == 0) {
		std::fprintf(stderr, "platec_driver: no steps\n");
		return 1;
	}
	std::sort(step_ms.begin(), step_ms.end());
	double median = n % 2 ? step_ms[n / 2] : 0.5 * (step_ms[n / 2 - 1] + step_ms[n / 2]);
	double cells = (double)w * h;
	std::printf("{\"width\":%u,\"height\":%u,\"cells\":%.0f,\"seed\":%ld,\"steps\":%zu,"
		    "\"create_ms\":%.1f,\"ms_per_step\":%.3f,\"mean_ms_per_step\":%.3f,"
		    "\"cell_steps_per_s\":%.4g}\n",
		    w, h, cells, seed, n, create_ms, median, total / n,
		    cells * n / (total / 1e3));
	return 0;
}
