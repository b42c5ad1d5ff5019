/* The Lua that starts busted inside formrun (busted.lua, compiled into the
 * binary so that its errors name a real file). */
#ifndef FORMRUN_CBUSTED_H
#define FORMRUN_CBUSTED_H

#include <stddef.h>

/* The text of busted.lua and its length in bytes. */
const char *formrun_busted_source(size_t *length);

#endif
