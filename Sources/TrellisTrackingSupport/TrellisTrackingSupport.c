#include "TrellisTrackingSupport.h"

_Thread_local void *trellis_current_recorder __attribute__((tls_model("initial-exec"))) = 0;
