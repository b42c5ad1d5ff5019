/* This target's API is Sources/CLua/shim.h, which Swift imports (as CLua);
 * this target holds its implementation. */
#include "../../CLua/shim.h"
