package org.dbuslab.lean;

/**
 * The reply to Properties.Get(AvailableBaseProducts): body signature "v", the variant's signature "a(ss)", an array of
 * (id, display name) structs. Turned into the seed programs' output line, the same line the java contender prints:
 * {@code output: [("Tumbleweed", "openSUSE Tumbleweed"), ...]}.
 */
final class ProductsReply {

    private ProductsReply() {
    }

    static String outputLine(Message reply) throws Failure {
        if (!"v".equals(reply.signature)) {
            throw new Failure("the Get reply's signature is '" + reply.signature + "', not 'v'");
        }
        Cursor body = reply.body();
        String inner = body.signature();
        if (!"a(ss)".equals(inner)) {
            throw new Failure("AvailableBaseProducts is of type '" + inner + "', not 'a(ss)'");
        }
        int length = body.u32();
        body.align(8); // the array's first element, even for an empty array
        int end = body.position() + length;
        if (length < 0 || length > MessageReader.MAX_MESSAGE) {
            throw Cursor.malformed("array length " + Integer.toUnsignedString(length));
        }
        StringBuilder line = new StringBuilder(64 + length).append("output: [");
        boolean first = true;
        while (body.position() < end) {
            body.align(8);
            String id = body.string();
            String name = body.string();
            line.append(first ? "(\"" : ", (\"").append(id).append("\", \"").append(name).append("\")");
            first = false;
        }
        if (body.position() != end) {
            throw Cursor.malformed("array of " + length + " bytes ends inside an element");
        }
        if (!body.atEnd()) {
            throw Cursor.malformed("bytes after the variant");
        }
        return line.append(']').toString();
    }
}
