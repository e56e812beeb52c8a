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

    Preset preset() {
        SessionOptions.exclusive(quick, "--quick", full, "--full");
        SessionOptions.exclusive(scale, "--scale", quick || full, quick ? "--quick" : "--full");
        return quick ? Preset.QUICK : full ? Preset.FULL : scale ? Preset.SCALE : Preset.DEFAULT;
    }
}
