package org.dbuslab.format;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads control-channel lines with bounded memory: a line longer than {@link ControlProtocol#MAX_LINE_BYTES} is
 * skipped up to its '\n' and reported as a {@link ControlProtocolException}, as is one that is not UTF-8 or that the
 * stream ends in the middle of; the reader can go on after either.
 */
public final class ControlProtocolReader {

    private final InputStream in;
    private final byte[] line = new byte[ControlProtocol.MAX_LINE_BYTES];

    public ControlProtocolReader(InputStream in) {
        this.in = in instanceof BufferedInputStream ? in : new BufferedInputStream(in);
    }

    /**
     * The next line without its '\n', or null at the end of the stream.
     *
     * @throws ControlProtocolException for a line that is too long, not UTF-8, or not terminated
     */
    public String readLine() throws IOException {
        int length = 0;
        boolean tooLong = false;
        while (true) {
            int b = in.read();
            if (b < 0) {
                if (length == 0 && !tooLong) {
                    return null;
                }
                throw new ControlProtocolException("the stream ended inside a line (no '\\n' after "
                    + (tooLong ? "more than " + line.length : length) + " bytes)");
            }
            if (b == '\n') {
                break;
            }
            if (length < line.length) {
                line[length++] = (byte) b;
            } else {
                tooLong = true;
            }
        }
        if (tooLong) {
            throw new ControlProtocolException("line longer than " + line.length + " bytes");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(line, 0, length)).toString();
        } catch (CharacterCodingException e) {
            throw new ControlProtocolException("line is not UTF-8");
        }
    }
}
