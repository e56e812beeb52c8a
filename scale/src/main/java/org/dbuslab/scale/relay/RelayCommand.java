package org.dbuslab.scale.relay;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** {@code relay}: the delay line as a process, up until SIGTERM. */
@Command(name = "relay", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 110,
    description = {
        "A loopback TCP delay line: listens on 127.0.0.1 (port chosen by the kernel), connects each accepted",
        "connection to --target and forwards every chunk in both directions after holding it for --delay-ms",
        "(one way), in order, losing nothing. When ready it prints one line on stdout: 'ready ADDRESS', the target",
        "as reached through the relay (a D-Bus address keeps its other keys, e.g. guid). Serves until SIGTERM;",
        "then prints the bytes it forwarded on stderr."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:stopped by a signal", "1:could not listen", "2:bad usage"})
public final class RelayCommand implements Callable<Integer> {

    static final double MAX_DELAY_MS = 10_000;

    @Option(names = "--target", required = true, paramLabel = "ADDRESS",
        description = "Where to forward: HOST:PORT, a D-Bus address tcp:host=H,port=P[,...], or a unix socket"
            + " unix:path=FILE[,guid=G] (reached through the relay over TCP).")
    String target;

    @Option(names = "--delay-ms", required = true, paramLabel = "D",
        description = "One-way delay in milliseconds, e.g. 0.1, 1, 10 (0 to " + (int) MAX_DELAY_MS + ").")
    double delayMs;

    @Option(names = "--budget-bytes", paramLabel = "B", defaultValue = "" + DelaySettings.DEFAULT_BUDGET_BYTES,
        description = "Bytes held per direction per connection before the relay stops reading (default: ${DEFAULT-VALUE}).")
    int budgetBytes;

    @Option(names = "--spin-us", paramLabel = "US", defaultValue = "" + DelaySettings.DEFAULT_SPIN_NANOS / 1000,
        description = "Spin (instead of sleeping) for the last US microseconds of each hold, for precision; costs CPU "
            + "on the relay, 0 = always sleep (default: ${DEFAULT-VALUE}).")
    long spinMicros;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RelayTarget where;
        try {
            where = RelayTarget.parse(target);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--target: " + e.getMessage());
        }
        if (!(delayMs >= 0 && delayMs <= MAX_DELAY_MS)) {
            throw new ParameterException(spec.commandLine(), "--delay-ms must be between 0 and " + MAX_DELAY_MS
                + ", was " + delayMs);
        }
        if (budgetBytes < DelayLine.MIN_BUDGET_BYTES) {
            throw new ParameterException(spec.commandLine(), "--budget-bytes must be at least "
                + DelayLine.MIN_BUDGET_BYTES + ", was " + budgetBytes);
        }
        if (spinMicros < 0 || spinMicros > 10_000) {
            throw new ParameterException(spec.commandLine(), "--spin-us must be between 0 and 10000, was " + spinMicros);
        }
        DelayRelay relay;
        try {
            relay = DelayRelay.start(where, new DelaySettings(Math.round(delayMs * 1e6), budgetBytes, spinMicros * 1000),
                line -> err.println("relay: " + line));
        } catch (IOException e) {
            err.println("dbus-lab-scale: error: relay: cannot listen: " + e.getMessage());
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                relay.close();
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            err.println("relay: forwarded " + relay.upBytes() + " bytes up, " + relay.downBytes() + " bytes down");
            stopped.countDown();
        }, "relay-stop"));
        out.println("ready " + relay.address());
        out.flush();
        stopped.await();
        return 0;
    }
}
