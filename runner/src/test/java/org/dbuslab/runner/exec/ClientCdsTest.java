package org.dbuslab.runner.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The class list the static dump is made from: JDK 17's dump crashes on its lambda lines, so they go. */
class ClientCdsTest {

    @Test
    void lambdaProxyAndLambdaFormLinesAreLeftOutClassesKept() {
        List<String> list = List.of(
            "java/lang/Object id: 0",
            "org/dbuslab/client/ClientMain id: 1 super: 0 source: /tmp/x/dbus-lab-client.jar",
            "@lambda-proxy org/dbuslab/client/ClientMain run ()Ljava/lang/Runnable; ()V REF_invokeStatic x ()V",
            "@lambda-form-invoker [LF_RESOLVE] java.lang.invoke.DirectMethodHandle$Holder invokeStatic L_L",
            "# NOTE: Do not modify this file.");
        assertEquals(List.of("java/lang/Object id: 0",
                "org/dbuslab/client/ClientMain id: 1 super: 0 source: /tmp/x/dbus-lab-client.jar",
                "# NOTE: Do not modify this file."),
            ClientCds.withoutLambdaProxies(list));
    }
}
