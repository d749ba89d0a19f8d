#define _GNU_SOURCE
#include <pthread.h>
#include "TrellisTrackingSupport.h"

_Thread_local void *trellis_current_recorder __attribute__((tls_model("initial-exec"))) = 0;

_Atomic(long) trellis_open_scope_count = 0;

_Atomic(unsigned long long) trellis_source_serial_counter = 1;

_Thread_local unsigned long trellis_stack_low __attribute__((tls_model("initial-exec"))) = 0;

unsigned long trellis_compute_stack_low(void) {
#if defined(__APPLE__)
  pthread_t self = pthread_self();
  return (unsigned long)pthread_get_stackaddr_np(self) - pthread_get_stacksize_np(self);
#else
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0) return 1;
  void *address = 0;
  size_t size = 0;
  int status = pthread_attr_getstack(&attributes, &address, &size);
  pthread_attr_destroy(&attributes);
  return status == 0 ? (unsigned long)address : 1;
#endif
}
