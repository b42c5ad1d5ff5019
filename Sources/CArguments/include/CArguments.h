/* The process's arguments as the C library gave them to the program, for
 * formrun's main. Swift's CommandLine finds them on Linux by reading
 * /proc/self/maps, so where /proc is not mounted (a chroot, a build sandbox)
 * it sees none and formrun would run as if given no argument. */
#ifndef FORMRUN_CARGUMENTS_H
#define FORMRUN_CARGUMENTS_H

/* argc as the program got it, or 0 when the C library did not pass it to
 * the constructors (not glibc): then CommandLine is the only source. */
int formrun_argc(void);
/* argv[index] for 0 <= index < formrun_argc(). */
const char *formrun_argv(int index);

#endif
