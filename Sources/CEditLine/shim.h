#ifndef FORMRUN_CEDITLINE_SHIM_H
#define FORMRUN_CEDITLINE_SHIM_H
#include <stdio.h>
#include <editline/readline.h>
#endif
