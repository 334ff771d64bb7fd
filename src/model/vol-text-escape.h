/* vol-text-escape.h — text from a file or a host, made safe to show
 *
 * A label, a path or a host's message may hold bytes a terminal obeys:
 * ESC starts a sequence that retitles the window, clears the screen or
 * moves the cursor over earlier lines; a newline or carriage return
 * forges a line of output. vol_text_escape() is the one function every
 * printer of such text uses (the CLI's output and messages, the fio-job
 * validator's messages). Pure; any thread.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  VOL_TEXT_ESCAPE_DEFAULT       = 0,
  VOL_TEXT_ESCAPE_KEEP_NEWLINES = 1 << 0, /* '\n' passes: a text of several lines (our messages) */
} VolTextEscapeFlags;

char     *vol_text_escape      (const char         *text,
                                gssize              length,
                                VolTextEscapeFlags  flags);
gboolean  vol_text_is_safe     (const char         *text,
                                gssize              length,
                                VolTextEscapeFlags  flags);

G_END_DECLS
