package org.dbuslab.client.run;

import java.util.HashMap;
import java.util.Map;

/**
 * A client's reused payload arrays, one ring per payload size. Call s of a run uses slot s mod capacity, which is
 * free again once call s - capacity has completed: a run has at most its window in flight, and the ring has room
 * for at least that. A fresh array per call (10 kB at 10000 B) was the client's whole allocation, and a client that
 * runs once every few blocks took the whole session to pass through its young generation once, so its runs faulted
 * fresh pages in, whose cost varied on the lab's VMs by more than the calls did (docs/EXPERIMENTS.md, "The Java
 * client's fresh pages"). A lost call's slot is retired: a late reply may still be compared with its array.
 */
public final class PayloadRings {

    /**
     * What a client keeps at most, all its rings together; a run whose ring alone would exceed it makes its arrays
     * afresh instead (window x payload may reach 256 MiB), and a new ring that would take the total past it makes the
     * client drop the others.
     */
    static final long MAX_BYTES = 64L << 20;

    private final Map<Integer, Ring> bySize = new HashMap<>();

    /**
     * The ring for payloads of SIZE with room for WINDOW calls in flight; one that keeps no arrays (a fresh one per
     * call) when it would exceed MAX_BYTES.
     */
    public Ring forRun(int size, int window) {
        if (bytes(size, window) > MAX_BYTES) {
            return new Ring(size, 0);
        }
        Ring ring = bySize.get(size);
        if (ring == null || ring.slots.length < window) {
            bySize.remove(size);
            long kept = bySize.values().stream().mapToLong(r -> bytes(r.size, r.slots.length)).sum();
            if (kept + bytes(size, window) > MAX_BYTES) {
                bySize.clear();
            }
            ring = new Ring(size, window);
            bySize.put(size, ring);
        }
        return ring;
    }

    private static long bytes(int size, int capacity) {
        return (long) Math.max(1, size) * capacity;
    }

    /** One size's arrays. */
    public static final class Ring {
        private final int size;
        private final byte[][] slots;

        Ring(int size, int capacity) {
            this.size = size;
            this.slots = new byte[capacity][];
            for (int i = 0; i < capacity; i++) {
                slots[i] = new byte[size];
            }
        }

        /** Call SEQUENCE's payload from PAYLOADS, written into its slot (a fresh array when the ring keeps none). */
        public byte[] payload(PayloadGenerator payloads, long sequence) {
            return slots.length == 0 ? payloads.payload(sequence) : payloads.payloadInto(slot(sequence), sequence);
        }

        /** Call SEQUENCE was lost: its array stays with it, and its slot gets a new one. */
        public void retire(long sequence) {
            if (slots.length > 0) {
                slots[index(sequence)] = new byte[size];
            }
        }

        /** The array call SEQUENCE fills. */
        byte[] slot(long sequence) {
            return slots[index(sequence)];
        }

        int capacity() {
            return slots.length;
        }

        private int index(long sequence) {
            return (int) Math.floorMod(sequence, (long) slots.length);
        }
    }
}
