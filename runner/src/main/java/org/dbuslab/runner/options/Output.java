package org.dbuslab.runner.options;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the results go, and whether the launcher builds first.
 *
 * @param folder the results folder, or empty for the default (results/&lt;UTC timestamp&gt;/)
 */
public record Output(Optional<Path> folder, BuildMode build) {
}
