package org.dbuslab.scenarios.reads;

import org.dbuslab.scenarios.bus.Calls;
import org.dbuslab.scenarios.bus.Installer;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.errors.UnknownProperty;
import org.freedesktop.dbus.exceptions.DBusException;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.StringReader;

/**
 * Strategy "introspect-get", the pattern the Agama blog saw from ruby-dbus: before every read, Introspect the
 * object and look the property up in the XML (as ruby-dbus builds its proxy from it), then Properties.Get.
 * (ruby-dbus 0.16 itself introspects once per proxy object; this strategy is the per-read worst case the blog
 * describes, measured so the cost of the extra round trip and XML parse is visible.)
 */
public final class IntrospectThenGet implements PropertySource {

    private final DBusConnection conn;
    private final DocumentBuilderFactory xml = DocumentBuilderFactory.newInstance();

    public IntrospectThenGet(DBusConnection conn) {
        this.conn = conn;
        // Introspection XML declares the freedesktop DTD; never fetch it.
        xml.setValidating(false);
        try {
            xml.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        } catch (javax.xml.parsers.ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void open() {
        // nothing: the introspection happens on every read
    }

    @Override
    public Object read(String property) throws DBusException {
        String data = (String) Calls.call(conn, Installer.INTROSPECTABLE, "Introspect", null).getParameters()[0];
        if (!declares(data, property)) {
            throw new UnknownProperty("introspection data of " + Installer.OBJECT_PATH + " has no property " + property);
        }
        return GetEachTime.unwrap(Calls.get(conn, property).getParameters()[0]);
    }

    /** Does the introspection XML declare {@code property} on the installer interface? */
    boolean declares(String introspection, String property) {
        try {
            NodeList interfaces = xml.newDocumentBuilder().parse(new InputSource(new StringReader(introspection)))
                .getElementsByTagName("interface");
            for (int i = 0; i < interfaces.getLength(); i++) {
                Element iface = (Element) interfaces.item(i);
                if (!Installer.INTERFACE.equals(iface.getAttribute("name"))) {
                    continue;
                }
                NodeList props = iface.getElementsByTagName("property");
                for (int j = 0; j < props.getLength(); j++) {
                    if (property.equals(((Element) props.item(j)).getAttribute("name"))) {
                        return true;
                    }
                }
            }
            return false;
        } catch (Exception e) {
            throw new IllegalStateException("unreadable introspection data: " + e.getMessage(), e);
        }
    }
}
