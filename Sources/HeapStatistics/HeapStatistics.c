// _GNU_SOURCE before the first system header (it selects what they declare); <unistd.h> then
// brings in <features.h>, which tells whether this is glibc.
#define _GNU_SOURCE
#include <unistd.h>

#include "HeapStatistics.h"

#if defined(__GLIBC__)
#include <malloc.h>
#include <sys/syscall.h>

long long heap_statistics_bytes_in_use(void) {
  if (getpid() != (pid_t)syscall(SYS_gettid)) return -1;
  struct mallinfo2 info = mallinfo2();
  return (long long)(info.uordblks + info.hblkhd);
}
#else
long long heap_statistics_bytes_in_use(void) { return -1; }
#endif
