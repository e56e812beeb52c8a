package org.dbuslab.analysis.profile;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.dbuslab.format.CollapsedStacks;
import org.dbuslab.format.FormatException;
import org.dbuslab.format.ProfilesTsv;

/**
 * The profiling pass's files (profiles/profiles.tsv and the profiles it lists, docs/RESULTS-FORMAT.md), read and
 * categorised: one {@link PairProfile} per profiled cell, in the index's order. A listed file that is missing or not
 * collapsed stacks is a problem (said in the report), not a failure of the report.
 *
 * @param problems what could not be read, one line each
 */
public record ProfileSet(Path folder, List<PairProfile> pairs, List<String> problems) {

    /** The folder's profiles; empty when the session made none (no profiles/profiles.tsv). */
    public static Optional<ProfileSet> read(Path resultsFolder) {
        Path folder = resultsFolder.resolve(ProfilesTsv.FOLDER);
        if (!Files.isRegularFile(folder.resolve(ProfilesTsv.FORMAT.fileName()))) {
            return Optional.empty();
        }
        List<String> problems = new ArrayList<>();
        List<ProfilesTsv.Row> rows;
        try {
            rows = ProfilesTsv.FORMAT.read(folder);
        } catch (FormatException | UncheckedIOException e) {
            return Optional.of(new ProfileSet(folder, List.of(), List.of(e.getMessage())));
        }
        record Key(String transport, String pair, String mode, int payload, int window) {
        }
        Map<Key, Map<String, RoleProfile>> cpu = new LinkedHashMap<>();
        Map<Key, RoleProfile> wall = new LinkedHashMap<>();
        for (ProfilesTsv.Row row : rows) {
            Key key = new Key(row.transport(), row.pair(), row.mode(), row.payloadBytes(), row.window());
            cpu.computeIfAbsent(key, k -> new LinkedHashMap<>());
            Path file = folder.resolve(row.file());
            CollapsedStacks stacks;
            try {
                stacks = CollapsedStacks.read(file);
            } catch (FormatException | UncheckedIOException e) {
                problems.add(ProfilesTsv.FOLDER + "/" + row.file() + ": " + e.getMessage());
                continue;
            }
            RoleProfile profile = RoleProfile.of(row, stacks);
            if (profile.wall()) {
                wall.put(key, profile);
            } else {
                cpu.get(key).put(row.role(), profile);
            }
        }
        List<PairProfile> pairs = new ArrayList<>();
        cpu.forEach((k, roles) -> pairs.add(new PairProfile(k.transport(), k.pair(), k.mode(), k.payload(), k.window(),
            roles, Optional.ofNullable(wall.get(k)))));
        return Optional.of(new ProfileSet(folder, List.copyOf(pairs), List.copyOf(problems)));
    }

    /** The profile of PAIR in MODE, if profiled. */
    public Optional<PairProfile> find(String pair, String mode) {
        return pairs.stream().filter(p -> p.pair().equals(pair) && p.mode().equals(mode)).findFirst();
    }

    /** Every profile, cell by cell. */
    public List<RoleProfile> all() {
        return pairs.stream().flatMap(p -> p.all().stream()).toList();
    }
}
