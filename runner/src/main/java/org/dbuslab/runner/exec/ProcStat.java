package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** One parsed /proc/PID/stat line (proc(5)); fields are counted from 1 = pid, as in the man page. */
public final class ProcStat {

    private final String[] fieldsFromState; // field 3 (state) onwards

    private ProcStat(String[] fieldsFromState) {
        this.fieldsFromState = fieldsFromState;
    }

    public static Optional<ProcStat> of(long pid) {
        return read(Path.of("/proc", Long.toString(pid), "stat"));
    }

    static Optional<ProcStat> read(Path file) {
        try {
            String stat = Files.readString(file);
            // comm (field 2) may hold spaces and parentheses: the fields start after the last ')'.
            int close = stat.lastIndexOf(')');
            if (close < 0 || close + 2 > stat.length()) {
                return Optional.empty();
            }
            return Optional.of(new ProcStat(stat.substring(close + 2).trim().split(" +")));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Field N (1-based from pid; N >= 3). */
    public String field(int n) {
        return fieldsFromState[n - 3];
    }

    public long longField(int n) {
        return Long.parseLong(field(n));
    }

    /** Running, sleeping, ... but neither a zombie nor dead. */
    public boolean running() {
        String state = field(3);
        return !state.equals("Z") && !state.equals("X");
    }

    /** Field 22: start time in clock ticks after boot; with the pid it names one process for good. */
    public long startTime() {
        return longField(22);
    }

    /** Fields 14 + 15: user + system time in clock ticks, all threads, dead ones included. */
    public long cpuTicks() {
        return longField(14) + longField(15);
    }

    /** PID is alive (not a zombie) and, when startTime is not 0, still the process that started then. */
    public static boolean runningSince(long pid, long startTime) {
        return of(pid).map(s -> s.running() && (startTime == 0 || s.startTime() == startTime)).orElse(false);
    }
}
