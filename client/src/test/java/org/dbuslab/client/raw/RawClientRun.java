package org.dbuslab.client.raw;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs {@link RawEchoClient} in-process and keeps what it printed and wrote. */
record RawClientRun(int exitCode, String stderr, List<String> csv) {

    static RawClientRun of(Path csv, String... args) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> all = new ArrayList<>(List.of(args));
        if (csv != null) {
            all.add("--csv");
            all.add(csv.toString());
        }
        int code = RawEchoClient.run(all.toArray(String[]::new), new PrintStream(out, true), new PrintStream(err, true));
        List<String> rows = csv != null && Files.exists(csv) ? Files.readAllLines(csv) : List.of();
        return new RawClientRun(code, err.toString(StandardCharsets.UTF_8), rows);
    }

    /** Field {@code column} of data row {@code row} (1 = first data row). */
    String field(int row, String column) {
        List<String> header = List.of(csv.get(0).split(",", -1));
        return csv.get(row).split(",", -1)[header.indexOf(column)];
    }
}
