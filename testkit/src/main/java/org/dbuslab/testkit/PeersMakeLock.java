package org.dbuslab.testkit;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Callable;

/**
 * One {@code make -C peers} at a time across the test JVMs: IT classes run in parallel forks (and modules in
 * parallel), and a make that relinked a C peer while another fork ran it gave "Text file busy" (a fresh clone's
 * peers LatencyLogIT). Once the peers are built, make leaves them alone.
 */
public final class PeersMakeLock {

    private PeersMakeLock() {
    }

    public static <T> T holding(Callable<T> make) throws Exception {
        Path lock = LabPaths.repositoryRoot().resolve("peers").resolve("build").resolve(".make-lock");
        Files.createDirectories(lock.getParent());
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = channel.lock()) {
            return make.call();
        } catch (IOException e) {
            throw new IOException("cannot lock " + lock + ": " + e.getMessage(), e);
        }
    }
}
