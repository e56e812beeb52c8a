/**
 * Statistics used by the reports: pure computation on arrays of numbers, no I/O and no knowledge of D-Bus.
 * Every method is deterministic; randomness (the bootstrap) comes from a fixed seed.
 */
package org.dbuslab.stats;
