package org.dbuslab.peers;

import org.dbuslab.client.run.PayloadGenerator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The C peers make each call's payload exactly as the Java client's PayloadGenerator does (SplittableRandom
 * bytes from the run's seed, the sequence number stamped at both ends), so every client in the lab sends, and
 * expects back, the same bytes for the same run and call.
 */
class PayloadSchemeTest {

    @ParameterizedTest(name = "{0} B, seed {1}, call {2}")
    @CsvSource({"0,1,0", "1,20150430,5", "7,20150430,258", "8,-3,1", "15,42,99", "16,42,99", "17,0,-1",
        "1000,20150431,0", "1000,20150431,127", "10000,-9223372036854775808,9223372036854775807", "100003,7,65535"})
    void sameBytesAsTheJavaClient(int size, long seed, long sequence) throws Exception {
        String c = ForeignRun.run(List.of(PeersBuild.program(PeersBuild.TOOLS, "payload-dump").toString(),
            Integer.toString(size), Long.toString(seed), Long.toString(sequence))).stdout().trim();
        String java = HexFormat.of().formatHex(new PayloadGenerator(size, seed).payload(sequence));
        assertEquals(java, c);
    }
}
