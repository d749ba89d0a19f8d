#include "TrellisTrackingSupport.h"

_Thread_local void *trellis_current_recorder __attribute__((tls_model("initial-exec"))) = 0;

_Atomic(long) trellis_open_scope_count = 0;
