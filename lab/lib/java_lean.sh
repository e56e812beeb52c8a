# shellcheck shell=bash
# The JVM options of the cold-start contenders java-lean and java25-lean-aot (lean/, docs/SCENARIOS.md), besides the
# class archive each maps. Sourced by run-scenarios.sh and by the lean module's GetProductsIT.
#
# -Xint: the CLI lives ~50 ms and runs no loop long enough to repay a compilation, yet tiered compilation starts
# compiling the JDK's start-up code (the security provider set-up that UnixDomainSockets' SecureRandom pulls in,
# HashMap and String work) on compiler threads that compete with main on 2 cores: measured here, -Xint took 13-25 ms
# of CPU off each run on Java 17 with AppCDS and on JDK 25 with the AOT cache (docs/SCENARIOS.md).
# shellcheck disable=SC2034
readonly JAVA_LEAN_FLAGS=(-Xint)
