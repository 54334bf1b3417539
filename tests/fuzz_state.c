/* fuzz_state.c: libFuzzer target for the state-file payload decoder
 * (`make fuzz-state`; seed it with tests/corpus/state/). Aborts when a
 * payload loads into an unsound planet; ASan/UBSan catch the rest. */
#include <stdlib.h>

#include "state_fuzz_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (state_fuzz_check(data, size) < 0)
		abort();
	return 0;
}
