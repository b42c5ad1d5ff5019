#include "CBusted.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

static const char source[] = {
#embed "busted.lua"
};

const char *formrun_busted_source(size_t *length) {
  *length = sizeof source;
  return source;
}
