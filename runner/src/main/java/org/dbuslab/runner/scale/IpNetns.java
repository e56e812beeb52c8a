package org.dbuslab.runner.scale;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The only place the lab runs ip(8) for its network namespaces: makes a {@link NetnsPair}, removes it, and says
 * whether a namespace is there. Every call is bounded ({@link #TIMEOUT_SECONDS}); a failure carries ip's own message.
 */
public final class IpNetns {

    static final long TIMEOUT_SECONDS = 10;

    private final Path ip;

    public IpNetns(Path ip) {
        this.ip = ip;
    }

    /** Why a command failed: the command and ip's last line. */
    public static final class Failed extends Exception {
        Failed(String message) {
            super(message);
        }
    }

    public Path ip() {
        return ip;
    }

    /** Whether this ip has the netns command (busybox's has none): {@code ip netns list} succeeds. */
    public boolean hasNetns() {
        try {
            return run(List.of(ip.toString(), "netns", "list")).status == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Makes PAIR; on a failure removes what was made and throws with ip's message. */
    public void create(NetnsPair pair) throws Failed, InterruptedException {
        for (List<String> command : pair.createCommands(ip)) {
            Result r;
            try {
                r = run(command);
            } catch (IOException e) {
                delete(pair);
                throw new Failed(String.join(" ", command) + ": " + e.getMessage());
            }
            if (r.status != 0) {
                delete(pair);
                throw new Failed(String.join(" ", command.subList(1, command.size())) + ": " + r.lastLine());
            }
        }
    }

    /** Removes PAIR's namespaces (and with them the veth pair); what is already gone is fine. Never throws. */
    public void delete(NetnsPair pair) {
        for (List<String> command : pair.deleteCommands(ip)) {
            try {
                run(command);
            } catch (IOException e) {
                // best effort: exists() tells
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Whether namespace NAME is listed (ip netns list, one "NAME [(id: N)]" per line). */
    public boolean exists(String name) throws IOException, InterruptedException {
        Result r = run(List.of(ip.toString(), "netns", "list"));
        return r.output.lines().map(l -> l.strip().split("\\s+")[0]).anyMatch(name::equals);
    }

    private record Result(int status, String output) {
        String lastLine() {
            List<String> lines = output.lines().filter(l -> !l.isBlank()).toList();
            return lines.isEmpty() ? "exit status " + status : lines.get(lines.size() - 1).strip();
        }
    }

    private static Result run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread drain = new Thread(() -> {
            try {
                p.getInputStream().transferTo(out);
            } catch (IOException e) {
                // ended
            }
        }, "ip-output");
        drain.start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            drain.join(1000);
            return new Result(124, "timed out after " + TIMEOUT_SECONDS + " s");
        }
        drain.join(1000);
        return new Result(p.exitValue(), out.toString(StandardCharsets.UTF_8));
    }
}
