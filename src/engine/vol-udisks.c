/* vol-udisks.c — a block device opened read-only through UDisks2 */

#include "vol-udisks.h"

#include <fcntl.h>

#include <gio/gunixfdlist.h>
#include <glib/gi18n.h>

#define UDISKS_NAME "org.freedesktop.UDisks2"

/* The object of @device, as UDisks2 names it. */
static char *
resolve (GDBusConnection  *bus,
         const char       *device,
         GCancellable     *cancellable,
         GError          **error)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) paths = NULL;
  g_autoptr(GVariant) first = NULL;
  GVariantBuilder spec;

  g_variant_builder_init (&spec, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&spec, "{sv}", "path", g_variant_new_string (device));
  reply = g_dbus_connection_call_sync (bus, UDISKS_NAME, "/org/freedesktop/UDisks2/Manager",
                                       "org.freedesktop.UDisks2.Manager", "ResolveDevice",
                                       g_variant_new ("(a{sv}a{sv})", &spec, NULL),
                                       G_VARIANT_TYPE ("(ao)"), G_DBUS_CALL_FLAGS_NONE, 10000,
                                       cancellable, error);
  if (reply == NULL)
    return NULL;
  paths = g_variant_get_child_value (reply, 0);
  if (g_variant_n_children (paths) == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("UDisks2 does not know %s"), device);
      return NULL;
    }
  first = g_variant_get_child_value (paths, 0);
  return g_variant_dup_string (first, NULL);
}

int
vol_udisks_open_read (const char    *device,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_autoptr(GDBusConnection) bus = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GUnixFDList) fds = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *object = NULL;
  GVariantBuilder options;
  gint32 index;
  int fd;

  bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, &local);
  if (bus == NULL || (object = resolve (bus, device, cancellable, &local)) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   _("UDisks2 did not answer (%s)"), local->message);
      return -1;
    }

  g_variant_builder_init (&options, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&options, "{sv}", "flags", g_variant_new_int32 (O_DIRECT));
  reply = g_dbus_connection_call_with_unix_fd_list_sync (bus, UDISKS_NAME, object,
                                                         "org.freedesktop.UDisks2.Block", "OpenDevice",
                                                         g_variant_new ("(sa{sv})", "r", &options),
                                                         G_VARIANT_TYPE ("(h)"),
                                                         G_DBUS_CALL_FLAGS_ALLOW_INTERACTIVE_AUTHORIZATION,
                                                         /* polkit may be asking the user */
                                                         G_MAXINT, NULL, &fds, cancellable, &local);
  if (reply == NULL)
    {
      g_dbus_error_strip_remote_error (local);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   _("UDisks2 refused (%s)"), local->message);
      return -1;
    }
  g_variant_get (reply, "(h)", &index);
  fd = fds ? g_unix_fd_list_get (fds, index, &local) : -1;
  if (fd < 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("UDisks2 sent no descriptor (%s)"), local ? local->message : "");
      return -1;
    }
  return fd;
}
