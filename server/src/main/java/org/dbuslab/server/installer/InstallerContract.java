package org.dbuslab.server.installer;

/**
 * Names of the studied service (Agama, then D-Installer, blog of 2023-03-07; REFERENCE.md §2), exactly as the
 * seed's Ruby and Rust programs use them, so those programs run against the mock unchanged.
 */
public final class InstallerContract {

    public static final String BUS_NAME = "org.opensuse.DInstaller.Software";
    public static final String OBJECT_PATH = "/org/opensuse/DInstaller/Software1";
    public static final String INTERFACE = "org.opensuse.DInstaller.Software1";
    public static final String PROPERTIES_INTERFACE = "org.freedesktop.DBus.Properties";

    /** a(ss): (id, display name) of every base product the installer offers. */
    public static final String AVAILABLE_BASE_PRODUCTS = "AvailableBaseProducts";
    public static final String AVAILABLE_BASE_PRODUCTS_SIGNATURE = "a(ss)";
    /** s: id of the selected product; writable through SelectProduct(s) or Properties.Set. */
    public static final String SELECTED_BASE_PRODUCT = "SelectedBaseProduct";

    private InstallerContract() {
    }
}
