// libdbus, for one request to RealtimeKit (rtkit) on the system bus.
#include <dbus/dbus.h>
