package org.dbuslab.analysis.profile;

/**
 * Where a CPU sample's time went (issue 25, "Why it costs"), decided by {@link Categories} from its stack. The first five
 * are the issue's; the others name what a D-Bus round trip also pays for here, so that nearly every sample has a name.
 * {@link #WAITING} and {@link #BETWEEN_RUNS} occur in wall-clock profiles only.
 */
public enum FrameCategory {
    MARSHALLING("marshalling", "building, parsing and (de)serialising messages and their bodies", "#e8833a"),
    SOCKET_IO("socket I/O", "reading and writing the socket: syscalls, the kernel's unix-socket code, stream and channel code",
        "#4a90d9"),
    DISPATCH("dispatch and thread hand-off", "event loops, poll/epoll, locks, queues, futexes, the scheduler, waking"
        + " another thread, routing a message to its handler (reflection included)", "#9b59b6"),
    GC_ALLOCATION("GC and allocation", "garbage collection, object and buffer allocation, malloc/free, page faults",
        "#3cb371"),
    JIT_VM("JIT and VM", "the JIT compilers, the JVM's runtime and safepoints, the profiler itself", "#a0a0a0"),
    BUS_ROUTING("bus routing", "the bus's own code between reading and writing (dbus-daemon is stripped: shown as"
        + " [dbus-daemon])", "#20b2aa"),
    HARNESS("the lab's harness", "the lab's measuring code: payloads, byte-for-byte verification, timing, latency log,"
        + " control channel", "#d4b84a"),
    WAITING("waiting", "the thread blocked: for the reply, a lock or the next message", "#c8c8e8"),
    BETWEEN_RUNS("between runs", "the thread waiting on the runner's control channel between two runs", "#e0e0e0"),
    OTHER("other", "no rule matched any frame of the stack", "#f0c0c0");

    private final String label;
    private final String meaning;
    private final String colour;

    FrameCategory(String label, String meaning, String colour) {
        this.label = label;
        this.meaning = meaning;
        this.colour = colour;
    }

    public String label() {
        return label;
    }

    public String meaning() {
        return meaning;
    }

    /** The flame graphs' colour of frames in this category (#rrggbb). */
    public String colour() {
        return colour;
    }

    /** The categories a CPU sample can have (not the wall clock's waiting). */
    public boolean cpu() {
        return this != WAITING && this != BETWEEN_RUNS;
    }

    @Override
    public String toString() {
        return label;
    }
}
