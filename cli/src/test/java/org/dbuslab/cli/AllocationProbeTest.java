package org.dbuslab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server JVMs' allocation probe, and the counter it and the clients read. */
class AllocationProbeTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static volatile Object sink;

    @TempDir
    Path dir;

    @Test
    void theProbeCountsWhatOtherThreadsAllocateBetweenTwoReadings() throws IOException {
        Path socket = dir.resolve("alloc.sock");
        try (AllocationProbe probe = AllocationProbe.serve(socket)) {
            long before = AllocationProbe.read(socket, TIMEOUT).orElseThrow();
            allocate(8 << 20);
            long after = AllocationProbe.read(socket, TIMEOUT).orElseThrow();
            assertTrue(after - before >= 8 << 20, "8 MiB allocated by this thread, counted " + (after - before));
            long idle = AllocationProbe.read(socket, TIMEOUT).orElseThrow();
            assertTrue(idle - after < 1 << 20, "the probe's own answering is not counted: " + (idle - after));
        }
        assertFalse(Files.exists(socket), "closing removes the socket");
    }

    @Test
    void nobodyThereOrNoAnswerIsUnknownNotAHang() throws IOException {
        assertEquals(OptionalLong.empty(), AllocationProbe.read(dir.resolve("none.sock"), TIMEOUT));
        Path silent = dir.resolve("silent.sock");
        try (ServerSocketChannel mute = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            mute.bind(UnixDomainSocketAddress.of(silent)); // accepts into its backlog, never answers
            assertEquals(OptionalLong.empty(), AllocationProbe.read(silent, Duration.ofMillis(200)));
        }
    }

    @Test
    void aSocketThatExistsIsRefused() throws IOException {
        Path socket = dir.resolve("taken.sock");
        Files.writeString(socket, "");
        IOException e = assertThrows(IOException.class, () -> AllocationProbe.serve(socket));
        assertTrue(e.getMessage().contains(socket.toString()), e.getMessage());
    }

    @Test
    void onlyTheProbesLineIsANumber() {
        assertEquals(OptionalLong.of(0), AllocationProbe.parse("0\n"));
        assertEquals(OptionalLong.of(123456789012L), AllocationProbe.parse("123456789012\n"));
        assertEquals(OptionalLong.empty(), AllocationProbe.parse("-1\n"), "the JVM does not count");
        assertEquals(OptionalLong.empty(), AllocationProbe.parse("12"), "cut short");
        assertEquals(OptionalLong.empty(), AllocationProbe.parse("012\n"));
        assertEquals(OptionalLong.empty(), AllocationProbe.parse("99999999999999999999\n"));
        assertEquals(OptionalLong.empty(), AllocationProbe.parse(""));
    }

    @Test
    void aThreadThatEndsNeverMakesTheCountDrop() throws InterruptedException {
        AllocatedBytes all = AllocatedBytes.ofThisJvm();
        Thread worker = new Thread(() -> allocate(4 << 20));
        worker.start();
        worker.join();
        long first = all.read();
        Thread second = new Thread(() -> allocate(4 << 20));
        second.start();
        long during = all.read();
        second.join();
        long after = all.read();
        assertTrue(first >= 0 && during >= first && after >= during, first + " " + during + " " + after);
        assertEquals(AllocatedBytes.UNKNOWN, AllocatedBytes.delta(AllocatedBytes.UNKNOWN, 5));
        assertEquals(5, AllocatedBytes.delta(10, 15));
    }

    @Test
    void theReaderIsCountedOnlyWhenAsked() {
        AllocatedBytes all = AllocatedBytes.ofThisJvm();
        AllocatedBytes others = AllocatedBytes.ofOtherThreads();
        long a0 = all.read();
        long o0 = others.read();
        allocate(8 << 20);
        assertTrue(all.read() - a0 >= 8 << 20);
        assertTrue(others.read() - o0 < 8 << 20, "this thread's 8 MiB are not the others'");
    }

    private static void allocate(int bytes) {
        for (int i = 0; i < bytes / 4096; i++) {
            sink = new byte[4096];
        }
    }
}
