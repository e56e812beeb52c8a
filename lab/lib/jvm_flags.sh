# shellcheck shell=bash
# The flag every JVM of the lab gets (the Java side: runner's JavaRuntime.KEEP_STACK_TRACES, testkit's TestJvm):
# a hot exception keeps its message and stack, which the JIT otherwise drops (a message-less NullPointerException).
# shellcheck disable=SC2034
readonly KEEP_STACK_TRACES=-XX:-OmitStackTraceInFastThrow
