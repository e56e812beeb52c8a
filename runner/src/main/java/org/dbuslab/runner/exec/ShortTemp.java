package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;

/**
 * A private (0700) temp folder with a short name, as mktemp's XXXXXX: sockets live under it, and a unix socket's
 * path must fit in 107 bytes (Files.createTempDirectory adds some 19 digits per level).
 */
public final class ShortTemp {

    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
    private static final SecureRandom RANDOM = new SecureRandom();

    private ShortTemp() {
    }

    /** PARENT/PREFIX + 6 random characters, created 0700. */
    public static Path create(Path parent, String prefix) throws IOException {
        for (int attempt = 0; ; attempt++) {
            StringBuilder name = new StringBuilder(prefix);
            for (int i = 0; i < 6; i++) {
                name.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
            }
            try {
                return Files.createDirectory(parent.resolve(name.toString()),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }
}
