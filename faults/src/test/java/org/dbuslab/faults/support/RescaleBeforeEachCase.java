package org.dbuslab.faults.support;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Reads the fault cases' time scale again ({@link Budget#rescale}) before each test class and each case, so that a
 * load that rose since the fork started (the other forks starting their JVMs) stretches the case's timeouts too.
 * Registered for every test class of this module (META-INF/services and the poms'
 * junit.jupiter.extensions.autodetection.enabled), as testkit's NoLeakedConnectionThreads is.
 */
public final class RescaleBeforeEachCase implements BeforeAllCallback, BeforeEachCallback {

    /** For what a class starts once (BusPool, ServerPool in a @BeforeAll): the scale as the class starts. */
    @Override
    public void beforeAll(ExtensionContext context) {
        Budget.rescale();
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        Budget.rescale();
    }
}
