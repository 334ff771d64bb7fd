/* vol-fio-value.c — the one check of text bound for a fio job
 *
 * Why each is refused (fio's init.c, parse.c and options.c, fio 3.x):
 *
 *   not UTF-8         it could not be shown truthfully in a message, a
 *                     terminal or a chart; no real folder needs it here
 *   C0, DEL, C1       a newline (or CR, which fio strips as blank) ends
 *                     the value: what follows is read as a line of its own,
 *                     an option such as exec_prerun= or a [section];
 *                     fio's is_empty_or_comment() and strip_blank_end()
 *                     treat every control character as blank
 *   longer than       fgets() reads OPT_LEN_MAX (8192) bytes of a line:
 *   VOL_FIO_VALUE_MAX the rest of a longer one becomes a line of its own
 *   blank at either   strip_blank_front()/strip_blank_end() drop it: the
 *   end               job would name another folder than the one checked
 *   ; #               strip_blank_end() cuts the value at the first of
 *                     them (comments): again another folder
 *   $                 fio_option_dup_subs() replaces "${NAME}" from fio's
 *                     environment; fio_keyword_replace() replaces
 *                     $pagesize, $mb_memory and $ncpus and then hands the
 *                     value to bc through popen(); filename_format reads
 *                     $jobname, $jobnum, $filenum and $clientuid
 *   \                 the writer escapes ":" as "\:" (fio's get_next_str()
 *                     splits names at ":" unless escaped): a backslash of
 *                     the name's own would make that ambiguous
 *   a leading -       on fio's command line (the job file's name, --client)
 *                     it is read as an option; "-" alone is standard input
 *   [ ] (job names)   a section's name ends at its last "]"
 * Kept, and why that is safe:
 *   :                 escaped as "\:" by the writer (vol-fio-job.c)
 *   =                 get_option() splits a line at its first "=": one in
 *                     the value stays in the value
 *   %                 read only by pattern options (lib/pattern.c, "%o")
 *                     and percentages of sizes, never in a file name
 *   ' " spaces        a job file is not a shell: fio takes them as they are
 * A label never goes into a job: only the first two rules apply to it.
 */
#include "vol-fio-value.h"

#include <string.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-text-escape.h"

static gboolean
refuse (const char  *field,
        const char  *value,
        const char  *why,
        GError     **error)
{
  g_autofree char *shown = NULL;

  /* the value itself is quoted escaped: it is what we refuse to print */
  shown = vol_text_escape (value, MIN (strlen (value), (gsize) 200), VOL_TEXT_ESCAPE_DEFAULT);
  /* TRANSLATORS: a field ("target"), its value, then why it is refused */
  g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE, _("%s: “%s” %s"), field, shown, why);
  return FALSE;
}

static gboolean
has_control (const char *value)
{
  for (const char *p = value; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f))
        return TRUE;
    }
  return FALSE;
}

/**
 * vol_fio_value_check:
 * @field: what names the value in the message ("target", "--dir")
 * @value: (nullable): the text; %NULL passes (nothing goes into the job)
 *
 * Returns: %TRUE if @value may go into a fio job as @kind (see the top of
 *   vol-fio-value.c); else %FALSE with a VOL_SPEC_ERROR_INVALID_VALUE that
 *   names @field, quotes @value escaped and says why
 */
gboolean
vol_fio_value_check (VolFioValueKind   kind,
                     const char       *field,
                     const char       *value,
                     GError          **error)
{
  gsize length;

  g_return_val_if_fail (field != NULL, FALSE);

  if (value == NULL)
    return TRUE;
  length = strlen (value);
  if (!g_utf8_validate (value, (gssize) length, NULL))
    return refuse (field, value, _("is not UTF-8 text"), error);
  if (kind == VOL_FIO_VALUE_LABEL)
    return !has_control (value)
           || refuse (field, value, _("holds a newline or another control character, which would break its line or be obeyed by a terminal"), error);
  if (has_control (value))
    return refuse (field, value, _("holds a newline or another control character: in a fio job what follows would be read as a line of its own"), error);

  if (length == 0)
    return refuse (field, value, _("is empty"), error);
  if (length > VOL_FIO_VALUE_MAX)
    return refuse (field, value, _("is longer than fio reads in one line"), error);
  if (g_ascii_isspace (value[0]) || g_ascii_isspace (value[length - 1]))
    return refuse (field, value, _("begins or ends with a blank, which fio drops"), error);
  if (value[0] == '-')
    return refuse (field, value, _("begins with “-”, which fio's command line reads as an option"), error);
  if (strpbrk (value, ";#") != NULL)
    return refuse (field, value, _("holds “;” or “#”, where fio's job file cuts a value off as a comment"), error);
  if (strchr (value, '$') != NULL)
    return refuse (field, value, _("holds “$”, which fio replaces (environment variables, its own keywords)"), error);
  if (strchr (value, '\\') != NULL)
    return refuse (field, value, _("holds “\\”, fio's escape character"), error);
  if (kind == VOL_FIO_VALUE_NAME && strpbrk (value, "[]") != NULL)
    return refuse (field, value, _("holds “[” or “]”, which end a fio job's name"), error);
  return TRUE;
}
