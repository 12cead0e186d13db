// libFuzzer's entry for programs with a main of their own (SwiftPM names an executable's main).
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
