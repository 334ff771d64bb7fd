/* vol-cli-text.c — everything the CLI prints that a file or a host wrote
 *
 * Labels, targets, host names, job names, fio's messages and the error
 * messages that quote them reach the terminal only through these, which
 * escape what a terminal would obey (model/vol-text-escape.c: ESC shown
 * as \x1b, valid UTF-8 kept). Newlines pass: they are the CLI's own line
 * ends; a label's own newline is escaped where the label is printed. Only
 * the progress lines write raw control characters (their own \r and
 * erase-line), never with text from outside in the same call.
 */
#include <stdarg.h>
#include <stdio.h>

#include "vol-cli.h"
#include "vol-text-escape.h"

void
vol_cli_fputs (FILE       *out,
               const char *text)
{
  g_autofree char *safe = vol_text_escape (text, -1, VOL_TEXT_ESCAPE_KEEP_NEWLINES);

  fputs (safe, out);
}

void
vol_cli_printf (FILE       *out,
                const char *format,
                ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  vol_cli_fputs (out, text);
}

char *
vol_cli_escape_line (const char *text)
{
  return vol_text_escape (text, -1, VOL_TEXT_ESCAPE_DEFAULT);
}

void
vol_cli_print_error (const char   *command,
                     const GError *error)
{
  if (command != NULL)
    vol_cli_printf (stderr, "volumeter-cli: %s: %s\n", command, error->message);
  else
    vol_cli_printf (stderr, "volumeter-cli: %s\n", error->message);
}
