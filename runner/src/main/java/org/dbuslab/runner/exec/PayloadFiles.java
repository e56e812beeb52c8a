package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;

/** SIZE random bytes for spam --stdin, one file per size (spam sends the same bytes in every call). */
public final class PayloadFiles {

    private final Path dir;

    public PayloadFiles(Path dir) {
        this.dir = dir;
    }

    public Path of(int size) throws IOException {
        Path file = dir.resolve("payload-" + size);
        if (!Files.exists(file)) {
            byte[] bytes = new byte[size];
            new SecureRandom().nextBytes(bytes);
            Files.write(file, bytes);
        }
        return file;
    }
}
