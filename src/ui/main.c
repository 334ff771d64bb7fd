/* main.c — the Volumeter application */
#include <glib/gi18n.h>

#include "vol-application.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(VolApplication) app = NULL;

  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = vol_application_new (APP_ID, G_APPLICATION_HANDLES_OPEN);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
