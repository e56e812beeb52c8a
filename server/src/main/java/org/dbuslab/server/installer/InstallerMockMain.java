package org.dbuslab.server.installer;

import org.dbuslab.cli.LabCli;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * Command line of the installer mock:
 * {@code java -cp dbus-lab-server.jar org.dbuslab.server.installer.InstallerMockMain --bus ADDRESS [--products N]}.
 */
@Command(name = "installer-mock", mixinStandardHelpOptions = true, version = "installer-mock 0.1.0",
    sortOptions = false,
    description = {
        "Mock of the service studied in the Agama (D-Installer) blog of 2023: bus name " + InstallerContract.BUS_NAME
            + ", object " + InstallerContract.OBJECT_PATH + ", interface " + InstallerContract.INTERFACE + ".",
        "Properties: AvailableBaseProducts a(ss) (read-only), SelectedBaseProduct s (read/write through "
            + "Properties.Set or the method SelectProduct(s)); every change emits "
            + "org.freedesktop.DBus.Properties.PropertiesChanged.",
        "When the name is claimed it prints 'ready <address>' on stdout, then serves until SIGTERM or Ctrl-C."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:stopped by a signal", "1:could not connect or claim the name", "2:bad usage"})
public final class InstallerMockMain implements Callable<Integer> {

    @Option(names = "--bus", required = true, paramLabel = "ADDRESS",
        description = "Bus to serve on, e.g. unix:path=/tmp/x/bus.sock (what clients see as DBUS_SYSTEM_BUS_ADDRESS).")
    private String bus;

    @Option(names = "--products", paramLabel = "N", defaultValue = "" + ProductCatalog.DEFAULT_COUNT,
        description = "Entries in AvailableBaseProducts, 1.." + ProductCatalog.MAX_COUNT + " (default: ${DEFAULT-VALUE}).")
    private int products;

    private final PrintStream out;
    private final PrintStream err;
    private final CountDownLatch stop = new CountDownLatch(1);

    InstallerMockMain(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        LabCli.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return LabCli.execute(new CommandLine(new InstallerMockMain(out, err)), "installer-mock",
            e -> new LabCli.Failure(e.getMessage(), LabCli.FAILURE), args, new PrintWriter(out, true),
            new PrintWriter(err, true));
    }

    @Override
    public Integer call() throws Exception {
        if (products < 1 || products > ProductCatalog.MAX_COUNT) {
            return LabCli.fail(err, "installer-mock", "--products must be 1.." + ProductCatalog.MAX_COUNT + ", got "
                + products, LabCli.USAGE);
        }
        InstallerMock mock = InstallerMock.start(bus, ProductCatalog.of(products));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            mock.close();
            stop.countDown();
        }, "installer-mock-shutdown"));
        out.println("ready " + mock.address());
        out.flush();
        stop.await();
        return LabCli.OK;
    }
}
