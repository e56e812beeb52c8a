package org.dbuslab.runner.options;

/** --no-build / --rebuild: handled by the launcher (lab/run-all.sh) before the runner starts; parsed here too. */
public enum BuildMode {
    /** Build when a jar is missing or older than a pom.xml or a source file. */
    AUTO,
    /** --no-build. */
    NEVER,
    /** --rebuild. */
    ALWAYS
}
