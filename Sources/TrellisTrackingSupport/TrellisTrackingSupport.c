#define _GNU_SOURCE
#define _XOPEN_SOURCE 700
#include <pthread.h>
#include <unistd.h>
#include <ucontext.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TRELLIS_ASAN 1
#include <sanitizer/common_interface_defs.h>
#endif
#if __has_feature(thread_sanitizer)
#define TRELLIS_TSAN 1
#include <sanitizer/tsan_interface.h>
#endif
#endif
#include "TrellisTrackingSupport.h"

_Thread_local void *trellis_current_recorder __attribute__((tls_model("initial-exec"))) = 0;

_Thread_local void *trellis_root_recorder __attribute__((tls_model("initial-exec"))) = 0;

_Thread_local long trellis_delivery_depth __attribute__((tls_model("initial-exec"))) = 0;


_Atomic(unsigned long long) trellis_source_serial_counter = 1;

_Atomic(unsigned long long) trellis_off_main_write_count = 0;

_Thread_local int trellis_main_thread_flag __attribute__((tls_model("initial-exec"))) = 0;

#ifdef TRELLIS_TSAN
const int trellis_under_tsan = 1;

void trellis_tsan_acquire(void *address) { __tsan_acquire(address); }

void trellis_tsan_release(void *address) { __tsan_release(address); }
#else
const int trellis_under_tsan = 0;

void trellis_tsan_acquire(void *address) { (void)address; }

void trellis_tsan_release(void *address) { (void)address; }
#endif

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

// Stack switching for deep evaluations: a first evaluation of a long chain of derived values
// recurses once per level, and continuing it on a fresh stack segment keeps it on the calling
// thread (main-actor code must never move to another thread). `ucontext` does the switch;
// AddressSanitizer is told about it, as its fiber interface requires, so that it tracks the
// right stack on each side.

struct trellis_trampoline {
  void (*body)(void *);
  void *context;
  const void *caller_bottom;
  size_t caller_size;
};

static _Thread_local struct trellis_trampoline *trellis_pending_trampoline = 0;

static void trellis_trampoline_entry(void) {
  struct trellis_trampoline *trampoline = trellis_pending_trampoline;
#ifdef TRELLIS_ASAN
  __sanitizer_finish_switch_fiber(0, &trampoline->caller_bottom, &trampoline->caller_size);
#endif
  trampoline->body(trampoline->context);
#ifdef TRELLIS_ASAN
  // This fiber ends: its fake stack is released (NULL), and control goes back to the caller.
  __sanitizer_start_switch_fiber(0, trampoline->caller_bottom, trampoline->caller_size);
#endif
}

void trellis_call_on_stack(void *base, unsigned long size, void (*body)(void *), void *context) {
  ucontext_t caller;
  ucontext_t callee;
  struct trellis_trampoline trampoline = {body, context, 0, 0};
  getcontext(&callee);
  callee.uc_stack.ss_sp = base;
  callee.uc_stack.ss_size = size;
  callee.uc_link = &caller;
  makecontext(&callee, trellis_trampoline_entry, 0);
  struct trellis_trampoline *saved_trampoline = trellis_pending_trampoline;
  unsigned long saved_low = trellis_stack_low;
  trellis_pending_trampoline = &trampoline;
  trellis_stack_low = (unsigned long)base;
#ifdef TRELLIS_ASAN
  void *fake_stack = 0;
  __sanitizer_start_switch_fiber(&fake_stack, base, size);
#endif
  swapcontext(&caller, &callee);
#ifdef TRELLIS_ASAN
  __sanitizer_finish_switch_fiber(fake_stack, 0, 0);
#endif
  trellis_stack_low = saved_low;
  trellis_pending_trampoline = saved_trampoline;
}

// The main thread, recorded by a constructor, which runs on it before `main`.
static pthread_t trellis_main_thread;

__attribute__((constructor)) static void trellis_record_main_thread(void) {
  trellis_main_thread = pthread_self();
  trellis_main_thread_flag = 1;
}

int trellis_is_main_thread(void) { return pthread_equal(pthread_self(), trellis_main_thread); }

void trellis_write_standard_error(const void *bytes, unsigned long count) {
  const char *next = bytes;
  while (count > 0) {
    ssize_t written = write(STDERR_FILENO, next, count);
    if (written <= 0) return;
    next += written;
    count -= (unsigned long)written;
  }
}
