package org.dbuslab.runner.options;

import picocli.CommandLine.Option;

/** The preset a session starts from; the other options override its values (see {@link Preset}). */
final class PresetOptions {

    @Option(names = "--quick", description = "a first look in about a minute: a few fixed blocks, no sweep")
    boolean quick;
    @Option(names = "--full", description = "the 2015 benchmark's 20000 calls per run, with a 2 h budget")
    boolean full;
    @Option(names = "--scale", description = "the bus under load and at a distance instead of the matrix (see below)")
    boolean scale;
    @Option(names = "--profile", description = {"after the measured blocks, a profiling pass that is never measured"
            + " (--full has one too): each library against itself on dbus-daemon, sync and pipelined, 1000 B, its client,"
            + " server and bus profiled for a few seconds (async-profiler in the JVMs, perf record -e cpu-clock"
            + " elsewhere) into profiles/; the report draws them as flame graphs and says why each pair costs what"
            + " it does. Alone: the profile preset, only those cells (see below)"})
    boolean profile;

    Preset preset() {
        SessionOptions.exclusive(quick, "--quick", full, "--full");
        SessionOptions.exclusive(scale, "--scale", quick || full, quick ? "--quick" : "--full");
        SessionOptions.exclusive(scale, "--scale", profile, "--profile");
        return quick ? Preset.QUICK : full ? Preset.FULL : scale ? Preset.SCALE : profile ? Preset.PROFILE : Preset.DEFAULT;
    }

    /** Whether the session ends with the profiling pass: --profile, and every --full session. */
    boolean profilePass(Preset p) {
        return profile || p == Preset.FULL;
    }
}
