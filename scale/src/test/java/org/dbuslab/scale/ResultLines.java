package org.dbuslab.scale;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Parses the tools' stdout (one line of key=value fields per run) for the tests. */
public final class ResultLines {

    private ResultLines() {
    }

    public static List<Map<String, String>> parse(String stdout) {
        return stdout.lines().filter(l -> !l.isBlank()).map(ResultLines::fields).toList();
    }

    private static Map<String, String> fields(String line) {
        return Arrays.stream(line.split(" ")).map(f -> f.split("=", 2))
            .collect(Collectors.toMap(kv -> kv[0], kv -> kv.length > 1 ? kv[1] : "", (a, b) -> b, LinkedHashMap::new));
    }
}
