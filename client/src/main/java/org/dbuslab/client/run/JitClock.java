package org.dbuslab.client.run;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * How long this JVM's JIT compilers have worked so far, in milliseconds. A run during which the JIT compiled
 * measured partly interpreted or half-compiled code, so each run records how much compiling happened during it.
 */
public interface JitClock {

    /** Accumulated compilation time in ms, or -1 when this JVM does not report it. */
    long compiledMillis();

    /** The running JVM's own clock (HotSpot reports it; a JVM without a JIT or its monitoring reports -1). */
    static JitClock ofThisJvm() {
        CompilationMXBean bean = ManagementFactory.getCompilationMXBean();
        if (bean == null || !bean.isCompilationTimeMonitoringSupported()) {
            return () -> -1;
        }
        return bean::getTotalCompilationTime;
    }
}
