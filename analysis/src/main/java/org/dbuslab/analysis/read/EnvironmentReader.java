package org.dbuslab.analysis.read;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Reads environment.json, a flat JSON object of strings and numbers. */
public final class EnvironmentReader {

    public static final String FILE = "environment.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private EnvironmentReader() {
    }

    public static Environment read(Path path) {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readAllBytes(path));
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw line > 0 ? ResultsInputException.at(FILE, line, "invalid JSON: " + e.getOriginalMessage())
                           : new ResultsInputException(FILE + ": invalid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ResultsInputException(FILE + ": cannot read: " + e.getMessage(), e);
        }
        if (root == null || root.isMissingNode()) {
            throw new ResultsInputException(FILE + ": empty file, expected a JSON object");
        }
        if (!root.isObject()) {
            throw new ResultsInputException(FILE + ": expected a JSON object, found " + root.getNodeType().name().toLowerCase(Locale.ROOT));
        }
        Map<String, Object> values = JSON.convertValue(root, new TypeReference<LinkedHashMap<String, Object>>() { });
        return new Environment(values, true);
    }
}
