// The declaration in include/FuzzerDriver.h is all this module is for; libFuzzer defines it.
#include "FuzzerDriver.h"
