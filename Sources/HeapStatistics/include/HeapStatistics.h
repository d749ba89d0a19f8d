// How many bytes malloc has handed out and not had back, for the memory benchmark.
//
// glibc's mallinfo2() is declared in <malloc.h>, which Swift's Glibc module does not include,
// so this one function wraps it.
#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

/// Bytes allocated with malloc and in use (mapped regions included), or -1 when unknown: on a
/// C library other than glibc, or on a thread other than the main thread (mallinfo2 reports
/// the main arena only, where the main thread allocates).
long long heap_statistics_bytes_in_use(void);

#endif
