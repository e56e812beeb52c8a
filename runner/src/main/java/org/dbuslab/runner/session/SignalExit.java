package org.dbuslab.runner.session;

import sun.misc.Signal;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * SIGINT and SIGTERM: say so once ("interrupted by SIGINT; WHAT"), then exit 130 or 143, which runs the
 * shutdown hooks (the Supervisor stops everything it started). A second signal while that runs is ignored,
 * so a second Ctrl-C cannot cut the cleanup short (it is bounded by the stop grace).
 */
public final class SignalExit {

    private static final AtomicBoolean FIRED = new AtomicBoolean();

    private SignalExit() {
    }

    /** A signal has started the exit. */
    public static boolean interrupted() {
        return FIRED.get();
    }

    /**
     * Once a signal has started the exit, the session's own thread must not go on (it would find every client
     * stopped, run empty blocks, or start the scenarios): it waits here until the shutdown hooks end the JVM.
     */
    public static void parkIfInterrupted() {
        while (FIRED.get()) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                // keep waiting for the exit
            }
        }
    }

    public static void install(SessionLog log, String prog, String what) {
        handle("INT", 130, log, prog, what);
        handle("TERM", 143, log, prog, what);
    }

    private static void handle(String name, int status, SessionLog log, String prog, String what) {
        Signal.handle(new Signal(name), signal -> {
            if (FIRED.compareAndSet(false, true)) {
                log.say("");
                log.say(prog + ": interrupted by SIG" + name + "; " + what);
                // exit from another thread: System.exit blocks until the hooks are done
                Thread exit = new Thread(() -> System.exit(status), "exit-" + name);
                exit.start();
            }
        });
    }
}
