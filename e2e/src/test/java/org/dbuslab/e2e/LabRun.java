package org.dbuslab.e2e;

import org.dbuslab.testkit.CiRequirement;
import org.dbuslab.testkit.PeersMakeLock;
import org.dbuslab.testkit.TestJvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs lab/run-all.sh as a user would, from the repository root, capturing its output. */
final class LabRun {

    static final Path REPO = Path.of("").toAbsolutePath().getParent();

    /**
     * A small --quick session: the two buses, one cell each (dbus-broker's processes are the ones setsid detached), as
     * the scheduler places them: these sessions check plumbing, side by side in parallel forks, and pinned they would
     * all crowd onto the first CPU (PlacementLabRunIT and QuickLabRunIT ask for the placements).
     */
    private static final List<String> SMALL = List.of("--no-build", "--quick", "--transports", "dbus-daemon,dbus-broker",
        "--modes", "sync", "--sizes", "1000", "--no-reference", "--scenarios", "none", "--libraries", "none",
        "--lkml-runs", "0", "--placement", "free");

    private LabRun() {
    }

    /** The small session's arguments, then MORE (a later --transports or --blocks wins). */
    static String[] small(String... more) {
        List<String> all = new ArrayList<>(SMALL);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    record Outcome(int exitCode, String stdout, String stderr) {
    }

    /**
     * Starts run-all.sh with TMPDIR inside the test's own folder, so every process it starts is recognisable, and
     * --allow-concurrent: the e2e classes run in parallel forks, their sessions side by side.
     */
    static Process start(Path log, String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("--allow-concurrent"));
        all.addAll(List.of(args));
        // a test checks what the lab does, not what it measures: every session here runs lean (TestJvm), and only
        // startWithLockAndCds() keeps the client CDS archive
        return start(log, TestJvm.LEAN_LAB_ENV, all);
    }

    /**
     * As start(), but with the session lock LOCK instead of the machine's, and --allow-concurrent only if in ARGS.
     */
    static Process startWithLock(Path log, Path lock, String... args) throws IOException {
        Map<String, String> env = new java.util.HashMap<>(TestJvm.LEAN_LAB_ENV);
        env.put("LAB_SESSION_LOCK", lock.toString());
        return start(log, env, List.of(args));
    }

    /** As startWithLock(), with the client CDS archive each session makes for itself. */
    static Process startWithLockAndCds(Path log, Path lock, String... args) throws IOException {
        return start(log, Map.of("LAB_JAVA_OPTS", TestJvm.LEAN_JAVA_OPTS, "LAB_SESSION_LOCK", lock.toString()),
            List.of(args));
    }

    private static Process start(Path log, Map<String, String> env, List<String> args) throws IOException {
        return start(log, env, args, REPO);
    }

    /** run-all.sh ARGS from the working directory CWD, with ENV over the TMPDIR inside the test's folder. */
    static Process start(Path log, Map<String, String> env, List<String> args, Path cwd) throws IOException {
        List<String> command = new ArrayList<>(TestJvm.DEFAULT_SIGNALS);
        command.addAll(List.of("bash", REPO.resolve("lab/run-all.sh").toString()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
        builder.environment().put("TMPDIR", log.getParent().toString());
        builder.environment().putAll(env);
        return builder
            .redirectOutput(log.resolveSibling(log.getFileName() + ".out").toFile())
            .redirectError(log.toFile())
            .start();
    }

    static Outcome run(Path log, long timeoutSeconds, String... args) throws IOException, InterruptedException {
        return await(start(log, args), log, timeoutSeconds);
    }

    /** Waits for PROCESS, started with LOG, at most TIMEOUTSECONDS. */
    static Outcome await(Process process, Path log, long timeoutSeconds) throws IOException, InterruptedException {
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("run-all.sh did not finish within " + timeoutSeconds + " s:\n" + read(log));
        }
        return new Outcome(process.exitValue(), read(log.resolveSibling(log.getFileName() + ".out")), read(log));
    }

    /**
     * Stops a session still running at a test's end as Ctrl-C does (SIGINT: the runner stops all it started), kills
     * what is left of its process tree, and waits for all of it to be gone. A launcher killed outright left its runner
     * writing into the test's folder while JUnit deleted it (ConcurrentLabRunIT in the CI of b025969: "Failed to
     * delete temp directory", a latency log written after the delete).
     */
    static void stop(Process lab) throws IOException, InterruptedException {
        List<ProcessHandle> tree = new ArrayList<>(lab.descendants().toList());
        if (lab.isAlive()) {
            new ProcessBuilder("kill", "-INT", Long.toString(lab.pid())).start().waitFor();
            lab.waitFor(60, TimeUnit.SECONDS);
        }
        tree.add(lab.toHandle());
        tree.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : tree) {
            try {
                p.onExit().get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                throw new AssertionError("pid " + p.pid() + " of the session did not end: " + e);
            }
        }
    }

    /** The command lines of the processes still running that name DIR (the session keeps everything under TMPDIR). */
    static List<String> leftovers(Path dir) {
        return ProcessHandle.allProcesses()
            .map(p -> p.info().commandLine().orElse(""))
            .filter(cmd -> cmd.contains(dir.toString()))
            .toList();
    }

    /** leftovers(DIR), polled until none is left or SECONDS have passed: what is still running then. */
    static List<String> leftoversAfter(Path dir, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<String> left = leftovers(dir);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(200);
            left = leftovers(dir);
        }
        return left;
    }

    /** java -jar analysis/target/dbus-lab-analysis.jar ARGS, as a user runs it. */
    static Outcome analysis(Path log, String... args) throws IOException, InterruptedException {
        return analysis(log, List.of(), args);
    }

    /** java JVM -jar analysis/target/dbus-lab-analysis.jar ARGS (JVM: e.g. the default locale's -Duser.language). */
    static Outcome analysis(Path log, List<String> jvm, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvm);
        command.addAll(List.of("-jar", REPO.resolve("analysis/target/dbus-lab-analysis.jar").toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(REPO.toFile())
            .redirectOutput(log.resolveSibling(log.getFileName() + ".out").toFile()).redirectError(log.toFile()).start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the analysis did not finish within 120 s:\n" + read(log));
        }
        return new Outcome(process.exitValue(), read(log.resolveSibling(log.getFileName() + ".out")), read(log));
    }

    /** Copies the results folder OUT to COPY (a new folder) and runs the analysis's report on the copy. */
    static Outcome reportOnCopy(Path out, Path copy, Path log) throws IOException, InterruptedException {
        Files.createDirectory(copy);
        try (var files = Files.walk(out)) {
            for (Path f : files.toList()) {
                Files.copy(f, copy.resolve(out.relativize(f).toString()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return analysis(log, "report", copy.toString());
    }

    static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }

    /** make -C peers; under CI=true a peer build that fails fails the test, elsewhere it is skipped with make's line. */
    static void buildPeers(Path tmp) throws Exception {
        Path log = tmp.resolve("make.log");
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(List.of("make", "--no-print-directory", "-C",
            REPO.resolve("peers").toString()))).redirectErrorStream(true).redirectOutput(log.toFile());
        Process make = PeersMakeLock.holding(() -> {
            Process started = builder.start();
            started.waitFor(300, TimeUnit.SECONDS);
            return started;
        });
        boolean done = !make.isAlive();
        if (done && make.exitValue() == 0) {
            return;
        }
        make.destroyForcibly();
        String reason = "make -C peers failed: " + Files.readAllLines(log).stream().filter(l -> l.contains("***"))
            .findFirst().orElse(done ? "exit " + make.exitValue() : "timed out");
        CiRequirement.unavailable(reason);
    }

    /** A runs.csv line as column name to value (HEADER: the header line's names). */
    static java.util.Map<String, String> row(List<String> header, String line) {
        String[] values = line.split(",", -1);
        java.util.Map<String, String> row = new java.util.HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            row.put(header.get(i), i < values.length ? values[i] : "");
        }
        return row;
    }
}
