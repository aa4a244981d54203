// glibc's malloc tuning (mallopt), which Swift's Glibc module leaves out. Empty elsewhere.
#if defined(__linux__)
#include <malloc.h>
#endif
