// The hints are inline functions in the header; SwiftPM needs a source file for the target.
#include "cmemory_hints.h"
