package org.dbuslab.runner.options;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** --help is made from the declarations, so every option must carry its own description. */
class OptionDeclarationsTest {

    private static final CommandLine.Model.CommandSpec SPEC = new CommandLine(new SessionOptions()).getCommandSpec();

    @Test
    void everyVisibleOptionHasADescription() {
        for (OptionSpec option : SPEC.options()) {
            if (!option.hidden()) {
                assertTrue(option.description().length > 0 && !option.description()[0].isBlank(),
                        option.longestName() + " has a description");
            }
        }
    }

    @Test
    void theHelpListsEveryVisibleOptionWithItsValueLabel() {
        String usage = SessionOptions.usage();
        for (OptionSpec option : SPEC.options()) {
            String shown = option.longestName() + (option.arity().max() > 0 ? " " + option.paramLabel() : "");
            assertTrue(usage.contains(shown) != option.hidden(), "--help shows " + shown + " unless hidden");
        }
        assertFalse(usage.contains("${"), "every variable in a description is resolved");
    }
}
