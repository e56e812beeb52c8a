package org.dbuslab.peers;

import org.dbuslab.testkit.LabPaths;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Properties;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * The dbus-java version inside the lab's packaged Java server (the jar the tests run), from the pom.properties the
 * shaded jar keeps: what decides whether sd-bus can authenticate to it peer-to-peer (PeerMatrixIT.unsupported).
 */
final class ServerDbusJava {

    private static final String JAR = "server/target/dbus-lab-server.jar";
    private static final String POM_PROPERTIES = "META-INF/maven/com.github.hypfvieh/dbus-java-core/pom.properties";
    /**
     * The first release checked to answer {@code AUTH EXTERNAL} without an initial response with an empty
     * {@code DATA} challenge (SASL.doResponse); 5.1.1 compares the missing response and throws NullPointerException.
     */
    static final String EXTERNAL_WITHOUT_RESPONSE_FIXED_IN = "5.2.2";

    private ServerDbusJava() {
    }

    static String version() {
        try (JarFile jar = new JarFile(LabPaths.repositoryRoot().resolve(JAR).toFile())) {
            ZipEntry entry = jar.getEntry(POM_PROPERTIES);
            if (entry == null) {
                throw new IllegalStateException(JAR + " has no " + POM_PROPERTIES);
            }
            Properties properties = new Properties();
            try (InputStream in = jar.getInputStream(entry)) {
                properties.load(in);
            }
            return properties.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + JAR, e);
        }
    }

    /** Whether the server's dbus-java accepts sd-bus's "AUTH EXTERNAL" without an initial response. */
    static boolean acceptsExternalWithoutResponse() {
        return compare(version(), EXTERNAL_WITHOUT_RESPONSE_FIXED_IN) >= 0;
    }

    /** Compares dotted release numbers ("5.1.1" < "5.2.2" < "5.10.0"); a suffix such as "-SNAPSHOT" is ignored. */
    static int compare(String a, String b) {
        return Arrays.compare(numbers(a), numbers(b));
    }

    private static int[] numbers(String version) {
        return Arrays.stream(version.replaceAll("-.*", "").split("\\.")).mapToInt(Integer::parseInt).toArray();
    }
}
