package org.dbuslab.faults.support;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** The faults themselves: POSIX signals sent with kill(1), since the JDK can send neither SIGSTOP nor SIGCONT. */
public final class Signals {

    private Signals() {
    }

    /** Freezes every thread of the process: it keeps its sockets open but reads and writes nothing. */
    public static void stop(long pid) {
        send("STOP", pid);
    }

    public static void cont(long pid) {
        send("CONT", pid);
    }

    /** SIGKILL: no shutdown hook, no goodbye on the wire; the kernel closes the sockets. */
    public static void kill(long pid) {
        send("KILL", pid);
    }

    private static void send(String signal, long pid) {
        try {
            Process kill = new ProcessBuilder("kill", "-s", signal, Long.toString(pid))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!kill.waitFor(10, TimeUnit.SECONDS)) {
                kill.destroyForcibly();
                throw new IllegalStateException("kill -s " + signal + " " + pid + " did not return");
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run kill: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted sending SIG" + signal, e);
        }
    }
}
