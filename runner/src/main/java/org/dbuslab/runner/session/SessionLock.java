package org.dbuslab.runner.session;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * One measuring session per machine: a lock on a file every user can open (/run/lock, else /tmp), which the kernel
 * drops when its holder dies, SIGKILL included, so a dead session blocks nobody. The holder writes its pid and
 * results folder into the file for the one line that refuses the next session. LAB_SESSION_LOCK names another
 * file (tests keep theirs in their own folder).
 */
public final class SessionLock implements AutoCloseable {

    static final String NAME = "dbus-lab-session.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private SessionLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Another session holds the lock: what it wrote about itself. */
    public static final class Held extends Exception {
        public Held(String holder) {
            super(holder);
        }
    }

    /** LAB_SESSION_LOCK, else /run/lock/NAME where /run/lock exists (Debian: every user may write it), else /tmp/NAME. */
    public static Path file(Map<String, String> env) {
        String chosen = env.get("LAB_SESSION_LOCK");
        if (chosen != null && !chosen.isEmpty()) {
            return Path.of(chosen);
        }
        Path runLock = Path.of("/run/lock");
        return (Files.isDirectory(runLock) && Files.isWritable(runLock) ? runLock : Path.of("/tmp")).resolve(NAME);
    }

    /**
     * Takes the lock on FILE and writes HOLDER (e.g. "pid 123, folder /x") into it.
     *
     * @throws Held when another session holds it, with what that session wrote
     */
    public static SessionLock take(Path file, String holder) throws IOException, Held {
        FileChannel channel = open(file);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // this JVM holds it already
        }
        if (lock == null) {
            String text = Files.readString(file, StandardCharsets.UTF_8).strip();
            channel.close();
            throw new Held(text.isEmpty() ? "a session that is starting" : text);
        }
        channel.truncate(0);
        channel.write(ByteBuffer.wrap((holder + "\n").getBytes(StandardCharsets.UTF_8)), 0);
        return new SessionLock(channel, lock);
    }

    /**
     * The file opened for writing. An existing one is opened without O_CREAT: fs.protected_regular refuses that for
     * another user's file in a sticky folder. A new one is made writable by all, so every user can lock it.
     */
    private static FileChannel open(Path file) throws IOException {
        for (int attempt = 0; ; attempt++) {
            try {
                return FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
            } catch (NoSuchFileException e) {
                try {
                    Files.createFile(file);
                    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-rw-"));
                } catch (FileAlreadyExistsException raced) {
                    if (attempt > 3) {
                        throw raced;
                    }
                }
            }
        }
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }
}
