package org.dbuslab.format;

/** A results-folder file that does not follow its format: the message names the file and the line. */
public final class FormatException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String problem;

    public FormatException(String file, int line, String problem) {
        super(file + " line " + line + ": " + problem);
        this.problem = problem;
    }

    /** What is wrong, without the file and line (for a reader that names them itself). */
    public String problem() {
        return problem;
    }
}
