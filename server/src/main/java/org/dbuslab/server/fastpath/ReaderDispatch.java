package org.dbuslab.server.fastpath;

import org.dbuslab.api.Echo1;
import org.dbuslab.api.EchoContract;
import org.dbuslab.api.SpamContract;
import org.dbuslab.labio.LabWire;
import org.dbuslab.labio.MalformedMessageException;
import org.dbuslab.labio.MessageInterceptor;
import org.dbuslab.labio.OutgoingFrame;
import org.dbuslab.server.EchoService;
import org.dbuslab.labio.frame.HotCodec;
import org.dbuslab.labio.frame.LabSerials;
import org.dbuslab.labio.frame.MethodReturnTemplate;
import org.dbuslab.labio.frame.WireFrame;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MessageFactory;
import org.freedesktop.dbus.messages.MethodCall;
import org.freedesktop.dbus.messages.constants.Flags;

import java.io.IOException;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Consumer;

/**
 * Answers Echo and Spam calls on dbus-java's reader thread, the moment they are parsed, and writes the reply
 * straight to the socket. Echo calls the exported service's method directly (typed {@code byte[]}). dbus-java's own path hands each call to a worker pool, reflects into the exported
 * object, decodes {@code ay} byte by byte into boxed Bytes, and hands the reply to its sender thread
 * (REFERENCE §6); the exported objects stay registered, so Introspect, Peer and Properties still work there.
 * Every other call is answered here with the standard error dbus-daemon gives ({@link CallRoute}), not with
 * dbus-java's own {@code org.freedesktop.dbus.errors.*} names.
 * <p>
 * A well-formed Echo or Spam call with its {@code ay} is answered before dbus-java even parses it: read in place
 * ({@link WireFrame}) and answered with a reply the lab marshals ({@link MethodReturnTemplate}). Every other message
 * takes the parsed path above. {@code -Ddbuslab.codec=dbus-java} ({@link HotCodec}) leaves all to the parsed path.
 */
public final class ReaderDispatch implements MessageInterceptor {

    /**
     * System property: {@code false} leaves the reader thread blocking in read() instead of poll(), for comparisons
     * (docs/EXPERIMENTS.md, step 9).
     */
    public static final String POLL_PROPERTY = "dbuslab.serverPolls";

    private static final List<Type[]> BYTE_ARRAY_BODY = List.<Type[]>of(new Type[] {byte[].class});
    private static final byte[] ECHO_PATH = WireFrame.name(EchoContract.OBJECT_PATH);
    private static final byte[] ECHO_INTERFACE = WireFrame.name(EchoContract.INTERFACE);
    private static final byte[] ECHO_MEMBER = WireFrame.name(EchoContract.ECHO_METHOD);
    private static final byte[] SPAM_PATH = WireFrame.name(SpamContract.OBJECT_PATH);
    private static final byte[] SPAM_INTERFACE = WireFrame.name(SpamContract.INTERFACE);
    private static final byte[] SPAM_MEMBER = WireFrame.name(SpamContract.METHOD);

    private final LabWire wire;
    private final MessageFactory factory;
    private final Echo1 service;
    private final Consumer<String> log;
    private final boolean labFrames = HotCodec.labFrames();
    /** Only the thread that holds the reader's turn reads and answers, so these need no lock. */
    private final WireFrame frame = new WireFrame();
    private final LabSerials serials = new LabSerials();
    private MethodReturnTemplate lastReply;
    /**
     * {@link EchoService} returns exactly what it got, so its reply is copied from the receive buffer to the send
     * buffer without the array in between; another service (the tests' faulty ones) is called with the array.
     */
    private final boolean echoesInPlace;

    private ReaderDispatch(LabWire wire, MessageFactory factory, Echo1 service, Consumer<String> log) {
        this.wire = wire;
        this.factory = factory;
        this.service = service;
        this.log = log;
        this.echoesInPlace = service.getClass() == EchoService.class;
    }

    /**
     * Installs the dispatch on the connection this thread just built, if the lab's socket provider made it, and
     * has its reader thread wait in poll() before each read (unless {@link #POLL_PROPERTY} is {@code false}).
     *
     * @return true when installed; false means dbus-java dispatches everything (e.g. {@code -Ddbuslab.io=dbus-java})
     */
    public static boolean installOnConnectionBuiltByThisThread(MessageFactory factory, Echo1 service,
                                                               Consumer<String> log) {
        return LabWire.takeCreatedOnThisThread().map(wire -> {
            wire.intercept(new ReaderDispatch(wire, factory, service, log));
            // The reader answers and then reads again: in read() the bus draining the answer would wake it once more
            wire.pollBeforeReaderReads(!"false".equals(System.getProperty(POLL_PROPERTY)));
            return true;
        }).orElse(false);
    }

    /** Answers a well-formed Echo or Spam call in place; false leaves the message to be parsed ({@link #intercept(Message)}). */
    @Override
    public boolean interceptFrame(ByteBuffer buffer, int start, int length) {
        if (!labFrames || !frame.read(buffer, start, length) || frame.type() != WireFrame.METHOD_CALL
            || !frame.carriesByteArray()) {
            return false; // dbus-java's parser routes it, or says what is wrong with it
        }
        boolean echo;
        if (frame.pathIs(ECHO_PATH) && (!frame.hasInterface() || frame.interfaceIs(ECHO_INTERFACE))
            && frame.memberIs(ECHO_MEMBER)) {
            echo = true;
        } else if (frame.pathIs(SPAM_PATH) && (!frame.hasInterface() || frame.interfaceIs(SPAM_INTERFACE))
            && frame.memberIs(SPAM_MEMBER)) {
            echo = false;
        } else {
            return false;
        }
        OutgoingFrame answer;
        if (echo && echoesInPlace) {
            answer = replyTemplate(true).echo(serials.next(), frame);
        } else {
            byte[] reply = null;
            if (echo) {
                reply = service.Echo(frame.byteArrayBody()); // the exported service's own logic, called directly
                if (reply == null) {
                    return false;
                }
            }
            answer = replyTemplate(echo).reply(serials.next(), frame.serial(), reply);
        }
        try {
            wire.hold(answer); // sent with the other replies to this read, before the reader waits again
        } catch (IOException e) {
            // the caller is gone: no reply can reach it, and the reader sees the end of file next
        }
        return true;
    }

    /** The header for replying to the call just read; one caller per connection, so built once per kind of reply. */
    private MethodReturnTemplate replyTemplate(boolean payload) {
        MethodReturnTemplate template = lastReply;
        if (template == null || !template.answers(frame, payload)) {
            template = new MethodReturnTemplate(frame.sender(), payload);
            lastReply = template;
        }
        return template;
    }

    @Override
    public boolean intercept(Message message) {
        if (!(message instanceof MethodCall call)) {
            requireReadableBody(message);
            return false;
        }
        try {
            CallRoute route = CallRoute.of(call);
            switch (route.kind()) {
                case ECHO -> {
                    Object[] body = readableBody(call, BYTE_ARRAY_BODY);
                    if (body.length != 1 || !(body[0] instanceof byte[] payload)) {
                        // e.g. a header that says "ay" and a body length of 0
                        throw new MalformedMessageException("an Echo call whose body is not the ay its signature says", null);
                    }
                    byte[] reply = service.Echo(payload); // the exported service's own logic, called directly
                    wire.write(factory.createMethodReturn(call, EchoContract.PAYLOAD_SIGNATURE, reply));
                }
                case SPAM -> wire.write(factory.createMethodReturn(call, null));
                case ERROR -> {
                    if ((call.getFlags() & Flags.NO_REPLY_EXPECTED) == 0) {
                        wire.write(factory.createError(null, call.getSource(), route.errorName(), call.getSerial(),
                            "s", route.errorMessage()));
                    }
                }
                case DBUS_JAVA -> {
                    requireReadableBody(call);
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            return true; // the caller is gone: no reply can reach it, and dbus-java sees the end of file next
        } catch (DBusException | RuntimeException e) {
            if (e instanceof MalformedMessageException malformed) {
                throw malformed;
            }
            // Leave the call to dbus-java: it answers with a proper error reply if it fails too.
            log.accept("fast path declined a call: " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        return false;
    }

    /**
     * dbus-java decodes a message's body only when asked, and on its own reader thread a body that does not match
     * its signature throws a RuntimeException that kills that thread and leaves the connection open, unread. So
     * every message for dbus-java is decoded here first; one that cannot be is the peer's fault, and the reader
     * ends the connection for it (a small cost: these are the rare calls, the standard interfaces).
     */
    private static void requireReadableBody(Message message) {
        readableBody(message, null);
    }

    private static Object[] readableBody(Message message, List<Type[]> types) {
        try {
            return types == null ? message.getParameters() : message.getParameters(types);
        } catch (DBusException | RuntimeException e) {
            throw new MalformedMessageException("a body that does not match its signature '" + message.getSig()
                + "' (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
        }
    }
}
