package org.dbuslab.analysis;

/** The results folder cannot be analysed as it is; the message names the file (and line) at fault. */
final class ResultsInputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    ResultsInputException(String message) {
        super(message);
    }

    ResultsInputException(String message, Throwable cause) {
        super(message, cause);
    }

    /** "runs.csv line 7: ..." — the reader of the message must be able to open the file and look. */
    static ResultsInputException at(String file, int line, String problem) {
        return new ResultsInputException(file + " line " + line + ": " + problem);
    }
}
