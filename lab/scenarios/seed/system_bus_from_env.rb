# Loaded with `ruby -r` before a seed script, which then runs unchanged.
# Why: ruby-dbus up to 0.17 (Debian 12 ships 0.16) hard-codes the system bus socket
# (/var/run/dbus/system_bus_socket) and ignores DBUS_SYSTEM_BUS_ADDRESS; newer
# ruby-dbus honours the variable. This gives the old one the newer behaviour, so the
# seed's DBus.system_bus reaches the lab's private bus. Nothing else changes.
require "dbus"

if ENV["DBUS_SYSTEM_BUS_ADDRESS"]
  module DBus
    class ASystemBus < Connection
      def initialize
        super(ENV["DBUS_SYSTEM_BUS_ADDRESS"])
        send_hello
      end
    end
  end
end
