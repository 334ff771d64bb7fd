/* vol-param.c — parsing, checking and printing one test parameter
 *
 * A message names the parameter: by its key, the way the user typed it on
 * the command line ("chunk: …"), or by its translated title for a row in
 * the window ("Chunk size: …", vol_param_parse_titled()).
 */
#include "vol-param.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-fio-value.h"
#include "vol-size.h"

static gboolean
parse_int (const char *text,
           gint64     *out)
{
  char *end;

  if (text == NULL)
    return FALSE;
  while (*text == ' ')
    text++;
  if (!g_ascii_isdigit (*text) && *text != '-')
    return FALSE;
  errno = 0;
  *out = g_ascii_strtoll (text, &end, 10);
  while (*end == ' ')
    end++;
  return errno == 0 && *end == '\0';
}

static char *
describe_bound (const VolParamDesc *desc,
                double              bound)
{
  if (desc->type == VOL_PARAM_SIZE || desc->type == VOL_PARAM_SIZE_LIST
      || desc->type == VOL_PARAM_SIZE_OR_PERCENT)
    return vol_size_format_exact ((guint64) bound);
  if (desc->type == VOL_PARAM_DOUBLE)
    return g_strdup_printf ("%g", bound);
  return g_strdup_printf ("%.0f", bound);
}

static gboolean
check_number (const VolParamDesc *desc,
              const char         *name,
              double              value,
              const char         *shown,
              GError            **error)
{
  if (value < desc->min || value > desc->max)
    {
      g_autofree char *lo = describe_bound (desc, desc->min);
      g_autofree char *hi = describe_bound (desc, desc->max);
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("%s: %s is out of range; use %s to %s"),
                   name, shown, lo, hi);
      return FALSE;
    }
  if ((desc->type == VOL_PARAM_SIZE || desc->type == VOL_PARAM_SIZE_LIST
       || desc->type == VOL_PARAM_SIZE_OR_PERCENT)
      && desc->multiple_of > 0 && fmod (value, (double) desc->multiple_of) != 0)
    {
      g_autofree char *unit = vol_size_format (desc->multiple_of);
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("%s: %s is not a multiple of %s"), name, shown, unit);
      return FALSE;
    }
  if ((desc->flags & VOL_PARAM_FLAG_POWER_OF_TWO) != 0)
    {
      guint64 v = (guint64) value;
      if (v == 0 || (v & (v - 1)) != 0)
        {
          g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                       _("%s: %s is not a power of two"), name, shown);
          return FALSE;
        }
    }
  return TRUE;
}

static char *
show_value (const VolParamDesc *desc,
            gint64              v)
{
  if (desc->type == VOL_PARAM_SIZE || desc->type == VOL_PARAM_SIZE_LIST
      || desc->type == VOL_PARAM_SIZE_OR_PERCENT)
    return vol_size_format_exact ((guint64) v);
  return g_strdup_printf ("%" G_GINT64_FORMAT, v);
}

static gboolean
check_as (const VolParamDesc *desc,
          const char         *name,
          GVariant           *value,
          GError            **error)
{
  if (value == NULL)
    {
      if (desc->flags & VOL_PARAM_FLAG_OPTIONAL)
        return TRUE;
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("%s: a value is required"), name);
      return FALSE;
    }

  switch (desc->type)
    {
    case VOL_PARAM_INT:
    case VOL_PARAM_SIZE:
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT64))
        {
          g_autofree char *shown = show_value (desc, g_variant_get_int64 (value));
          return check_number (desc, name, (double) g_variant_get_int64 (value), shown, error);
        }
      break;

    case VOL_PARAM_SIZE_OR_PERCENT:
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT64))
        {
          g_autofree char *shown = show_value (desc, g_variant_get_int64 (value));
          return check_number (desc, name, (double) g_variant_get_int64 (value), shown, error);
        }
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
        {
          double pct = g_variant_get_double (value);
          if (!isfinite (pct) || pct < 0 || pct > desc->max_percent)
            {
              g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                           _("%s: %g%% is out of range; use 0%% to %g%%"),
                           name, pct, desc->max_percent);
              return FALSE;
            }
          return TRUE;
        }
      break;

    case VOL_PARAM_DOUBLE:
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
        {
          double v = g_variant_get_double (value);
          g_autofree char *shown = g_strdup_printf ("%g", v);
          if (!isfinite (v))
            {
              g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                           _("%s: a finite number is required"), name);
              return FALSE;
            }
          return check_number (desc, name, v, shown, error);
        }
      break;

    case VOL_PARAM_CHOICE:
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
        {
          const char *s = g_variant_get_string (value, NULL);
          g_autofree char *list = NULL;
          if (desc->choices && g_strv_contains (desc->choices, s))
            return TRUE;
          list = g_strjoinv (", ", (char **) desc->choices);
          g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                       _("%s: “%s” is not one of %s"), name, s, list);
          return FALSE;
        }
      break;

    case VOL_PARAM_STRING:
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
        {
          if (desc->max > 0 && g_utf8_strlen (g_variant_get_string (value, NULL), -1) > desc->max)
            {
              g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                           _("%s: longer than %.0f characters"), name, desc->max);
              return FALSE;
            }
          /* free text may name a file or a job: held to what fio reads */
          return vol_fio_value_check (VOL_FIO_VALUE_NAME, name, g_variant_get_string (value, NULL), error);
        }
      break;

    case VOL_PARAM_INT_LIST:
    case VOL_PARAM_SIZE_LIST:
      if (g_variant_is_of_type (value, G_VARIANT_TYPE ("ax")))
        {
          gsize n;
          const gint64 *items = g_variant_get_fixed_array (value, &n, sizeof (gint64));
          if (n == 0)
            {
              g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                           _("%s: at least one value is required"), name);
              return FALSE;
            }
          for (gsize i = 0; i < n; i++)
            {
              g_autofree char *shown = show_value (desc, items[i]);
              if (!check_number (desc, name, (double) items[i], shown, error))
                return FALSE;
            }
          return TRUE;
        }
      break;

    case VOL_PARAM_BOOL:
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
        return TRUE;
      break;

    default:
      g_assert_not_reached ();
    }

  g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
               _("%s: a value of type “%s” does not fit this parameter"),
               name, g_variant_get_type_string (value));
  return FALSE;
}

static gboolean
parse_list (const VolParamDesc *desc,
            const char         *name,
            const char         *text,
            GVariant          **value,
            GError            **error)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  g_autoptr(GArray) items = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; parts[i] != NULL; i++)
    {
      gint64 v;
      g_strstrip (parts[i]);
      if (desc->type == VOL_PARAM_SIZE_LIST)
        {
          guint64 bytes;
          g_autoptr(GError) local = NULL;
          if (!vol_size_parse (parts[i], &bytes, &local) || bytes > G_MAXINT64)
            {
              g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                           "%s: %s", name,
                           local ? local->message : _("too large"));
              return FALSE;
            }
          v = (gint64) bytes;
        }
      else if (!parse_int (parts[i], &v))
        {
          g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                       _("%s: “%s” is not a whole number; give a list such as 1,2,4"),
                       name, parts[i]);
          return FALSE;
        }
      g_array_append_val (items, v);
    }
  *value = g_variant_ref_sink (g_variant_new_fixed_array (G_VARIANT_TYPE_INT64, items->data,
                                                          items->len, sizeof (gint64)));
  return TRUE;
}

static gboolean
parse_as (const VolParamDesc *desc,
          const char         *name,
          const char         *text,
          GVariant          **value,
          GError            **error)
{
  g_autoptr(GVariant) result = NULL;
  g_autoptr(GError) local = NULL;

  if (text == NULL)
    text = "";

  switch (desc->type)
    {
    case VOL_PARAM_INT:
      {
        gint64 v;
        if (!parse_int (text, &v))
          {
            g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                         _("%s: “%s” is not a whole number"), name, text);
            return FALSE;
          }
        result = g_variant_ref_sink (g_variant_new_int64 (v));
      }
      break;

    case VOL_PARAM_SIZE:
      {
        guint64 bytes;
        if (!vol_size_parse (text, &bytes, &local) || bytes > G_MAXINT64)
          {
            g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                         "%s: %s", name, local ? local->message : _("too large"));
            return FALSE;
          }
        result = g_variant_ref_sink (g_variant_new_int64 ((gint64) bytes));
      }
      break;

    case VOL_PARAM_SIZE_OR_PERCENT:
      {
        guint64 bytes;
        double pct;
        gboolean is_pct;
        if (!vol_size_parse_or_percent (text, &bytes, &pct, &is_pct, &local) || bytes > G_MAXINT64)
          {
            g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                         "%s: %s", name, local ? local->message : _("too large"));
            return FALSE;
          }
        result = g_variant_ref_sink (is_pct ? g_variant_new_double (pct)
                                            : g_variant_new_int64 ((gint64) bytes));
      }
      break;

    case VOL_PARAM_DOUBLE:
      {
        char *end;
        double v;
        errno = 0;
        v = g_ascii_strtod (text, &end);
        if (*text == '\0' || *end != '\0' || errno != 0)
          {
            g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                         _("%s: “%s” is not a number"), name, text);
            return FALSE;
          }
        result = g_variant_ref_sink (g_variant_new_double (v));
      }
      break;

    case VOL_PARAM_CHOICE:
    case VOL_PARAM_STRING:
      if (!g_utf8_validate (text, -1, NULL))
        {
          g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                       _("%s: the text is not valid UTF-8"), name);
          return FALSE;
        }
      result = g_variant_ref_sink (g_variant_new_string (text));
      break;

    case VOL_PARAM_INT_LIST:
    case VOL_PARAM_SIZE_LIST:
      if (!parse_list (desc, name, text, &result, error))
        return FALSE;
      break;

    case VOL_PARAM_BOOL:
      if (g_ascii_strcasecmp (text, "true") == 0 || g_ascii_strcasecmp (text, "yes") == 0
          || g_str_equal (text, "1"))
        result = g_variant_ref_sink (g_variant_new_boolean (TRUE));
      else if (g_ascii_strcasecmp (text, "false") == 0 || g_ascii_strcasecmp (text, "no") == 0
               || g_str_equal (text, "0"))
        result = g_variant_ref_sink (g_variant_new_boolean (FALSE));
      else
        {
          g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                       _("%s: “%s” is not yes or no"), name, text);
          return FALSE;
        }
      break;

    default:
      g_assert_not_reached ();
    }

  if (!check_as (desc, name, result, error))
    return FALSE;
  *value = g_steal_pointer (&result);
  return TRUE;
}

/**
 * vol_param_check:
 *
 * Whether @value is of the right type and within the parameter's range.
 * A message names the parameter by its key, as the command line does.
 * Any thread.
 */
gboolean
vol_param_check (const VolParamDesc *desc,
                 GVariant           *value,
                 GError            **error)
{
  g_return_val_if_fail (desc != NULL, FALSE);

  return check_as (desc, desc->key, value, error);
}

/**
 * vol_param_parse:
 * @value: (out): a new GVariant (not floating) on success
 *
 * Reads the text form the user typed (CLI option, GUI entry) and checks it
 * with vol_param_check(); a message names the parameter by its key
 * ("chunk: …"), the name the command line knows it by. Any thread.
 */
gboolean
vol_param_parse (const VolParamDesc *desc,
                 const char         *text,
                 GVariant          **value,
                 GError            **error)
{
  g_return_val_if_fail (desc != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  return parse_as (desc, desc->key, text, value, error);
}

/**
 * vol_param_parse_titled:
 *
 * vol_param_parse() for a row that shows the parameter's title: the
 * message names it by its translated title ("Chunk size: …"), not by a
 * key the window never shows. Any thread.
 */
gboolean
vol_param_parse_titled (const VolParamDesc *desc,
                        const char         *text,
                        GVariant          **value,
                        GError            **error)
{
  g_return_val_if_fail (desc != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  return parse_as (desc, _(desc->title), text, value, error);
}

/**
 * vol_param_check_space:
 * @value: a value that passed vol_param_check()
 * @capacity: the target volume's size in bytes; 0 when it has none
 * @free_bytes: its free space in bytes
 * @where: the target, as the message names it
 *
 * For a parameter with %VOL_PARAM_FLAG_BELOW_FREE_SPACE: whether its bytes
 * (or its percentage of @capacity) are less than @free_bytes, so that the
 * range that depends on the target is checked before a run, not after
 * its start. Other parameters, and a volume without a size, always pass.
 * The message names the parameter by its translated title. Any thread.
 */
gboolean
vol_param_check_space (const VolParamDesc *desc,
                       GVariant           *value,
                       guint64             capacity,
                       guint64             free_bytes,
                       const char         *where,
                       GError            **error)
{
  double bytes;

  g_return_val_if_fail (desc != NULL, FALSE);

  if ((desc->flags & VOL_PARAM_FLAG_BELOW_FREE_SPACE) == 0 || value == NULL || capacity == 0)
    return TRUE;
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT64))
    bytes = (double) g_variant_get_int64 (value);
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
    bytes = (double) capacity * g_variant_get_double (value) / 100.0;
  else
    return TRUE;
  if (bytes < (double) free_bytes)
    return TRUE;
  {
    g_autofree char *size = vol_size_format ((guint64) bytes);
    g_autofree char *shown = g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE)
      ? g_strdup_printf ("%g%% (%s)", g_variant_get_double (value), size) : g_strdup (size);
    g_autofree char *free_text = vol_size_format (free_bytes);
    g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                 _("%s: %s is not less than the free space of %s (%s)"),
                 _(desc->title), shown, where, free_text);
  }
  return FALSE;
}

/**
 * vol_param_choice_label:
 * @index: an index into @desc->choices
 *
 * The translated words for choice @index ("Random reads" for "read"), or
 * the choice itself when the descriptor gives none. Any thread.
 */
const char *
vol_param_choice_label (const VolParamDesc *desc,
                        guint               index)
{
  g_return_val_if_fail (desc != NULL && desc->choices != NULL, NULL);

  if (desc->choice_labels != NULL && desc->choice_labels[index] != NULL)
    return _(desc->choice_labels[index]);
  return desc->choices[index];
}

/**
 * vol_param_format:
 *
 * The text form of @value that vol_param_parse() reads back: "32M", "2%",
 * "1,2,4". Any thread.
 */
char *
vol_param_format (const VolParamDesc *desc,
                  GVariant           *value)
{
  g_return_val_if_fail (desc != NULL, NULL);

  if (value == NULL)
    return g_strdup ("");

  if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT64))
    return show_value (desc, g_variant_get_int64 (value));
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      g_ascii_formatd (buf, sizeof buf, "%g", g_variant_get_double (value));
      if (desc->type == VOL_PARAM_SIZE_OR_PERCENT)
        return g_strconcat (buf, "%", NULL);
      return g_strdup (buf);
    }
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
    return g_variant_dup_string (value, NULL);
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
    return g_strdup (g_variant_get_boolean (value) ? "yes" : "no");
  if (g_variant_is_of_type (value, G_VARIANT_TYPE ("ax")))
    {
      GString *s = g_string_new (NULL);
      gsize n;
      const gint64 *items = g_variant_get_fixed_array (value, &n, sizeof (gint64));
      for (gsize i = 0; i < n; i++)
        {
          g_autofree char *item = show_value (desc, items[i]);
          if (i > 0)
            g_string_append_c (s, ',');
          g_string_append (s, item);
        }
      return g_string_free (s, FALSE);
    }
  return g_variant_print (value, FALSE);
}

/**
 * vol_param_default:
 *
 * The parameter's default as a value, or NULL for an optional parameter
 * without one. A default that does not parse is a programming error.
 */
GVariant *
vol_param_default (const VolParamDesc *desc)
{
  g_autoptr(GError) error = NULL;
  GVariant *value = NULL;

  g_return_val_if_fail (desc != NULL, NULL);

  if (desc->default_value == NULL)
    return NULL;
  if (!vol_param_parse (desc, desc->default_value, &value, &error))
    g_error ("Default of parameter %s does not parse: %s", desc->key, error->message);
  return value;
}
