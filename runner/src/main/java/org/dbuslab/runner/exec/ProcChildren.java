package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A process's children from /proc/PID/task/TID/children (each thread's), e.g. the bridges a socket activator spawned. */
final class ProcChildren {

    private ProcChildren() {
    }

    static List<Long> of(Path proc, long pid) {
        List<Long> out = new ArrayList<>();
        Path tasks = proc.resolve(Long.toString(pid)).resolve("task");
        try (var threads = Files.list(tasks)) {
            for (Path task : threads.toList()) {
                try {
                    for (String f : Files.readString(task.resolve("children")).trim().split("\\s+")) {
                        if (f.matches("[0-9]{1,9}")) {
                            out.add(Long.parseLong(f));
                        }
                    }
                } catch (IOException e) {
                    // the thread ended meanwhile
                }
            }
        } catch (IOException e) {
            return List.of(); // the process is gone
        }
        return out;
    }
}
