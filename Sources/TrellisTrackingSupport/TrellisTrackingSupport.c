#include "TrellisTrackingSupport.h"

_Thread_local void *trellis_current_recorder = 0;
