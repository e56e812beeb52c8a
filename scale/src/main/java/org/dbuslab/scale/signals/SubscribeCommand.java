package org.dbuslab.scale.signals;

import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.scale.ConnectionOptions;
import org.dbuslab.scale.KeyValueLine;
import org.freedesktop.dbus.exceptions.DBusException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/**
 * {@code subscribe}: one subscriber in a process of its own, so it can be stopped (SIGSTOP) while the signals tool
 * emits: what a slow reader costs the bus and the others. It counts what did not reach it, and says whether the
 * bus disconnected it.
 */
@Command(name = "subscribe", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 110,
    description = {
        "One subscriber to " + Signals1.INTERFACE + "." + Signals1.MEMBER + " in a process of its own: prints 'ready' once",
        "its match rule is on the bus, then checks the signals of one run of the signals tool (sequence numbers",
        "0..N-1, the pad of --seed + --run) and prints one key=value line (see scale/README.md)."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:every signal came exactly once, in order", "1:some did not, or the bus disconnected it",
        "2:bad usage, or the bus could not be reached"})
public final class SubscribeCommand implements Callable<Integer> {

    /** How often the subscriber looks at its tally: a stop (SIGSTOP) costs no poll, so the timeout runs on polls. */
    private static final long POLL_MS = 100;

    @Option(names = "--address", required = true, paramLabel = "ADDRESS", description = "The bus.")
    String address;

    @Mixin
    SignalShape shape;

    @Option(names = "--run", paramLabel = "R", defaultValue = "1",
        description = "The signals tool's run number whose pads to check (default: ${DEFAULT-VALUE}: its first measured run "
            + "with --warmup-runs 0).")
    int run;

    @Option(names = "--timeout", paramLabel = "MS", defaultValue = "10000",
        description = "It ends when nothing more came for MS ms of its own running time; what it missed is lost (default: ${DEFAULT-VALUE}).")
    long timeoutMs;

    @Mixin
    ConnectionOptions connection;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        connection.validate();
        shape.validate();
        if (timeoutMs < POLL_MS) {
            throw new ParameterException(spec.commandLine(), "--timeout must be at least " + POLL_MS + " ms");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Subscriber subscriber;
        try {
            subscriber = Subscriber.open(address, connection.connectTimeoutMs);
        } catch (DBusException | RuntimeException e) {
            err.println("dbus-lab-scale: error: subscribe: cannot subscribe on " + address + ": " + e.getMessage());
            return 2;
        }
        try (subscriber) {
            SubscriberTally tally = new SubscriberTally(0, shape.signals, new PayloadGenerator(shape.pad, connection.seed + run));
            subscriber.countInto(tally);
            out.println("ready");
            out.flush();
            boolean disconnected = awaitEnd(subscriber, tally);
            long lost = shape.signals - tally.received();
            out.println(new KeyValueLine().put("series", "subscribe").put("signals", shape.signals)
                .put("received", tally.received()).put("lost", lost).put("duplicated", tally.duplicated())
                .put("out_of_order", tally.outOfOrder()).put("mismatched", tally.mismatched()).put("stray", tally.stray())
                .put("disconnected", disconnected).put("problem", tally.firstProblem()).toString());
            out.flush();
            boolean clean = lost == 0 && !disconnected && tally.duplicated() + tally.outOfOrder() + tally.mismatched()
                + tally.stray() == 0;
            return clean ? 0 : 1;
        }
    }

    /**
     * Waits until every signal came, or none came for the timeout's worth of polls (a stopped process makes no polls,
     * so a SIGSTOP does not use up the timeout), or the bus closed the connection and nothing more is arriving.
     * Returns whether the bus disconnected it.
     */
    private boolean awaitEnd(Subscriber subscriber, SubscriberTally tally) throws InterruptedException {
        long idlePolls = 0;
        long before = -1;
        while (tally.received() < shape.signals && idlePolls * POLL_MS < timeoutMs) {
            Thread.sleep(POLL_MS);
            long now = tally.received();
            idlePolls = now == before ? idlePolls + 1 : 0;
            before = now;
            if (!subscriber.connected() && idlePolls > 0) {
                return true;
            }
        }
        return !subscriber.connected();
    }
}
