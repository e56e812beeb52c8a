package org.dbuslab.bench;

import org.freedesktop.dbus.types.UInt64;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The three signals of the rustbus comparison (KillingSpark/rust-dbus-comparisons, benches/marshal_bench.rs,
 * its {@code MessageParts}; see docs/BENCHMARKS.md for the commit). Each repeat appends six parameters,
 * {@code string1, int1, (int2, string2), dict, int_array, string_array}, i.e. signature {@code st(ts)a{si}atas}.
 * Values are built once, like the Rust benches build their parts outside the timed loop.
 */
public record RustComparisonMessage(
    String name,
    String path,
    String iface,
    String member,
    String string1,
    String string2,
    UInt64 int1,
    UInt64 int2,
    Map<String, Integer> dict,
    UInt64[] intArray,
    String[] stringArray,
    int repeat) {

    public static final String PATH = "/io/killing/spark";
    public static final String INTERFACE = "io.killing.spark";
    public static final String MEMBER = "TestSignal";
    /** Signature of one repeat. */
    public static final String REPEAT_SIGNATURE = "st(ts)a{si}atas";

    static final UInt64 U64_MAX = new UInt64(new BigInteger("FFFFFFFFFFFFFFFF", 16));
    static final int DICT_VALUE = 1234567;
    /** 1024 * 10 in the comparison's make_big_array_message and make_big_string_array_message. */
    public static final int BIG_COUNT = 1024 * 10;

    /** MarshalMixed: 10 repeats, dict A..E, 15 x u64::MAX, string array [""]. */
    public static RustComparisonMessage mixed() {
        UInt64[] ints = new UInt64[15];
        Arrays.fill(ints, U64_MAX);
        return new RustComparisonMessage("mixed", PATH, INTERFACE, MEMBER, "Testtest", "TesttestTestest",
            U64_MAX, U64_MAX, dict("A", "B", "C", "D", "E"), ints, new String[] {""}, 10);
    }

    /** MarshalBigArray: 1 repeat, 10240 x u64 0, dict {A}, string array [""]. */
    public static RustComparisonMessage bigArray() {
        UInt64[] ints = new UInt64[BIG_COUNT];
        Arrays.fill(ints, new UInt64(0));
        return new RustComparisonMessage("bigArray", PATH, INTERFACE, MEMBER, "Testtest", "TesttestTestest",
            U64_MAX, U64_MAX, dict("A"), ints, new String[] {""}, 1);
    }

    /** MarshalStrArray (MarshalBigStrArray in the source): 10240 strings, string i = decimal i written 12 times. */
    public static RustComparisonMessage strArray() {
        String[] strings = new String[BIG_COUNT];
        for (int i = 0; i < BIG_COUNT; i++) {
            strings[i] = String.valueOf(i).repeat(12);
        }
        return new RustComparisonMessage("strArray", PATH, INTERFACE, MEMBER, "Testtest", "TesttestTestest",
            U64_MAX, U64_MAX, dict("A"), new UInt64[] {new UInt64(0)}, strings, 1);
    }

    public static List<RustComparisonMessage> all() {
        return List.of(mixed(), strArray(), bigArray());
    }

    private static Map<String, Integer> dict(String... keys) {
        Map<String, Integer> map = new LinkedHashMap<>();
        for (String key : keys) {
            map.put(key, DICT_VALUE);
        }
        return Collections.unmodifiableMap(map);
    }

    public String signature() {
        return REPEAT_SIGNATURE.repeat(repeat);
    }

    /**
     * The signal's body in dbus-java's Java types: {@code at} as {@code UInt64[]} (dbus-java's primitive-array
     * fast path covers {@code ax} but not {@code at}), {@code as} as {@code String[]}, the struct as a
     * {@link U64StringStruct}.
     */
    public Object[] arguments() {
        List<Object> args = new ArrayList<>(6 * repeat);
        U64StringStruct struct = new U64StringStruct(int2, string2);
        for (int i = 0; i < repeat; i++) {
            args.add(string1);
            args.add(int1);
            args.add(struct);
            args.add(dict);
            args.add(intArray);
            args.add(stringArray);
        }
        return args.toArray();
    }
}
