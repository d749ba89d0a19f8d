// The innermost open tracking scope of the current thread, as a C thread-local variable.
//
// Swift has no thread-local storage of its own; a pthread key costs a function call and a
// table lookup (about 4 ns) on every tracked read. A C `_Thread_local` compiles to a single
// load relative to the thread pointer in an executable (about 0.5 ns), which is most of the
// difference between a 7 ns and a 2 ns tracked read.
#ifndef TRELLIS_TRACKING_SUPPORT_H
#define TRELLIS_TRACKING_SUPPORT_H

#include <stdatomic.h>

// Initial-exec: the variable lives in the executable (SwiftPM links statically), so every
// access is one load relative to the thread pointer, never a call to __tls_get_addr.
extern _Thread_local void *_Nullable trellis_current_recorder
  __attribute__((tls_model("initial-exec")));

/// The innermost recorder open on this thread, or NULL.
static inline void *_Nullable trellis_get_current_recorder(void) {
  return trellis_current_recorder;
}

// The thread's outermost recorder (retained through a pthread key, whose destructor releases
// it at thread exit); cached here so that finding it costs a load, not a pthread_getspecific.
extern _Thread_local void *_Nullable trellis_root_recorder
  __attribute__((tls_model("initial-exec")));

/// This thread's outermost recorder, or NULL before its first tracking scope.
static inline void *_Nullable trellis_get_root_recorder(void) { return trellis_root_recorder; }

/// Caches this thread's outermost recorder.
static inline void trellis_set_root_recorder(void *_Nullable recorder) {
  trellis_root_recorder = recorder;
}

/// A number that names the calling thread among the threads alive now: the address of one
/// of its thread-local variables (no call, unlike `pthread_self` through Foundation).
static inline unsigned long trellis_thread_identity(void) {
  return (unsigned long)&trellis_current_recorder;
}

/// Makes `recorder` the innermost recorder of this thread.
static inline void trellis_set_current_recorder(void *_Nullable recorder) {
  trellis_current_recorder = recorder;
}

// The next serial number for a tracking source (relaxed; only uniqueness matters).
extern _Atomic(unsigned long long) trellis_source_serial_counter;

/// A number no earlier call returned.
static inline unsigned long long trellis_next_source_serial(void) {
  return atomic_fetch_add_explicit(&trellis_source_serial_counter, 1, memory_order_relaxed);
}

// Writes of tracked properties made off the main thread, counted process-wide (see
// `TrackingSource.noteWriteOffMainThread()`): a main-actor evaluation reads the count when it
// begins, and each property it starts to observe when it ends tells it whether such a write
// came in between. Sequentially consistent: the count orders those writes against the
// evaluations that race with them.
extern _Atomic(unsigned long long) trellis_off_main_write_count;

/// The number of off-main-thread writes so far (acquiring: a write it counts happened before
/// what the caller reads next).
static inline unsigned long long trellis_off_main_writes(void) {
  return atomic_load_explicit(&trellis_off_main_write_count, memory_order_acquire);
}

/// Counts one off-main-thread write, whose value is stored; returns the new count.
static inline unsigned long long trellis_count_off_main_write(void) {
  return atomic_fetch_add_explicit(&trellis_off_main_write_count, 1, memory_order_seq_cst) + 1;
}

// 1 on the process's main thread, 0 elsewhere (set by a constructor, on the main thread).
extern _Thread_local int trellis_main_thread_flag __attribute__((tls_model("initial-exec")));

/// Whether the calling thread is the process's main thread: one load, no call.
static inline int trellis_on_main_thread(void) { return trellis_main_thread_flag; }

// The lowest usable address of the current thread's stack, found once per thread.
extern _Thread_local unsigned long trellis_stack_low __attribute__((tls_model("initial-exec")));

/// Computes the current thread's lowest stack address (pthread attributes; a few microseconds).
unsigned long trellis_compute_stack_low(void);

/// How many bytes of stack remain below the caller's frame on this thread.
static inline unsigned long trellis_stack_remaining(void) {
  unsigned long here = (unsigned long)__builtin_frame_address(0);
  unsigned long low = trellis_stack_low;
  if (low == 0) {
    low = trellis_compute_stack_low();
    trellis_stack_low = low;
  }
  return here > low ? here - low : 0;
}

/// Whether the calling thread is the process's main thread (the one that ran the program's
/// constructors): a thread-pointer read and a comparison.
int trellis_is_main_thread(void);

/// Calls `body(context)` on the stack `[base, base + size)` of the current thread, and returns
/// when it returns: deep recursion continues on the same thread, with a fresh stack.
void trellis_call_on_stack(void *_Nonnull base, unsigned long size,
                           void (*_Nonnull body)(void *_Nullable), void *_Nullable context);

// How many continuous-observer deliveries are open on this thread, one inside another: a
// handler that writes a property it observes starts a delivery inside its own.
extern _Thread_local long trellis_delivery_depth __attribute__((tls_model("initial-exec")));

/// Opens a delivery on this thread; returns how many are open now, this one included.
static inline long trellis_enter_delivery(void) { return ++trellis_delivery_depth; }

/// Closes the innermost delivery on this thread.
static inline void trellis_leave_delivery(void) { --trellis_delivery_depth; }

/// Writes `count` bytes to standard error (for the tracking layer's few messages, which has
/// no diagnostics sink of its own).
void trellis_write_standard_error(const void *_Nonnull bytes, unsigned long count);

// Whether this build runs under ThreadSanitizer (1) or not (0): then the Mutex critical
// sections are announced to it (see SanitizerAnnotations.swift). Answered by the C file, which
// SwiftPM compiles with the sanitizer's flags; this header is also read by the Swift
// compiler's importer, which does not get them, so `__has_feature` cannot be asked here.
extern const int trellis_under_tsan;

/// Tells ThreadSanitizer that the lock named by `address` was acquired (nothing without it).
void trellis_tsan_acquire(void *_Nullable address);

/// Tells ThreadSanitizer that the lock named by `address` is released (nothing without it).
void trellis_tsan_release(void *_Nullable address);

#endif
