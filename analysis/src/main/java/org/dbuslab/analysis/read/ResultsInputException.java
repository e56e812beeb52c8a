package org.dbuslab.analysis.read;

/** The results folder cannot be analysed as it is; the message names the file (and line) at fault. */
public final class ResultsInputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ResultsInputException(String message) {
        super(message);
    }

    public ResultsInputException(String message, Throwable cause) {
        super(message, cause);
    }

    /** "runs.csv line 7: ..." — the reader of the message must be able to open the file and look. */
    public static ResultsInputException at(String file, int line, String problem) {
        return new ResultsInputException(file + " line " + line + ": " + problem);
    }
}
