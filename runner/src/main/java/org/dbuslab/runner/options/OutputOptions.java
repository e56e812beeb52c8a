package org.dbuslab.runner.options;

import java.nio.file.Path;
import java.util.Optional;

import picocli.CommandLine.Option;

/** Where the results go, the build, the session lock and --help. */
final class OutputOptions {

    @Option(names = "--out", paramLabel = "DIR", converter = OptionConverters.Directory.class, description = {
            "results folder (default results/<UTC timestamp>/ in the repo); refused when a runs.csv is there already"})
    Path out;
    @Option(names = "--allow-concurrent", description = {"measure even while another session measures on this"
            + " machine (default: refuse with one line naming it; two at once spoil both sessions' numbers)"})
    boolean allowConcurrent;
    @Option(names = "--no-build", description = "never run Maven or make (the jars must exist)")
    boolean noBuild;
    @Option(names = "--rebuild", description = {"always run 'mvn -B -q package -DskipTests' and 'make -C peers'"
            + " first (default: build only when a jar or peer is missing or older than a pom.xml or a source)"})
    boolean rebuild;
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text")
    boolean help;

    Output output() {
        SessionOptions.exclusive(noBuild, "--no-build", rebuild, "--rebuild");
        return new Output(Optional.ofNullable(out),
                noBuild ? BuildMode.NEVER : rebuild ? BuildMode.ALWAYS : BuildMode.AUTO);
    }
}
