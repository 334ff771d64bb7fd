/* vol-cli-options.c — `run TEST` options, built from the test's description
 *
 * Nothing here knows about a particular test: every --option and every
 * line of --help comes from the kind's VolParamDesc (vol-kinds.h), so a new test gets
 * its command line for free.
 */
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-cli.h"
#include "vol-error.h"
#include "vol-fio-value.h"

/* Options every test has, next to its own. */
static const struct
{
  const char *name;
  const char *value_name;
  const char *help;
} common_options[] = {
  { "--target", "DIR", N_("Folder on the volume to test (required)") },
  { "--pattern", "random|zeros", N_("Data written: random (default; incompressible) or zeros (compressible, labelled as such)") },
  { "--label", "TEXT", N_("Your description, kept in the result: \"RAID 0, 64 KiB stripe\"") },
  { "--seed", "N", N_("Seed of the random data, to repeat a run exactly (default: a new one, recorded)") },
  { "-o, --output", "FILE", N_("Where to save the result, a file that does not exist yet (default: volumeter-TEST-YYYYMMDD-HHMMSS.volumeter.json here, with -2, -3… when that name is taken)") },
  { "--force", NULL, N_("Replace the -o FILE if it exists (without it the run is refused and the file left as it is)") },
  { "--png", "FILE", N_("Also save the result's chart as a PNG image (2400×1400)") },
  /* xgettext:no-c-format */
  { "--yes", NULL, N_("Run even where the test would fill the system or home volume, or memory (tmpfs, /dev), or leave any volume less than 10 % free; without it the run is refused and the amount named") },
  { "-q, --quiet", NULL, N_("Print nothing but errors") },
  { "-h, --help", NULL, N_("Show this help") },
};

static gboolean
parse_seed (const char *text,
            guint64    *seed,
            GError    **error)
{
  char *end = NULL;
  guint64 v = 0;

  if (text != NULL && (g_str_has_prefix (text, "0x") || g_str_has_prefix (text, "0X")))
    v = g_ascii_strtoull (text + 2, &end, 16);
  else if (text != NULL && g_ascii_isdigit (*text))
    v = g_ascii_strtoull (text, &end, 10);
  if (end == NULL || end == text || *end != '\0')
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("seed: “%s” is not a number (decimal, or hex with 0x)"), text ? text : "");
      return FALSE;
    }
  *seed = v;
  return TRUE;
}

/* "--key=value" or "--key value"; advances *i past what it used. */
static gboolean
take_value (int          argc,
            char       **argv,
            int         *i,
            const char  *arg,
            const char **value,
            GError     **error)
{
  const char *eq = strchr (arg, '=');

  if (eq != NULL)
    {
      *value = eq + 1;
      return TRUE;
    }
  if (*i + 1 >= argc)
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("%s needs a value"), arg);
      return FALSE;
    }
  *value = argv[++*i];
  return TRUE;
}

static gboolean
option_is (const char *arg,
           const char *name)
{
  gsize len = strlen (name);

  return strncmp (arg, name, len) == 0 && (arg[len] == '\0' || arg[len] == '=');
}

/**
 * vol_cli_parse_run:
 * @argv: the test name, then its options
 *
 * Builds and validates the spec. Every problem is one sentence naming the
 * option or parameter.
 */
gboolean
vol_cli_parse_run (int                argc,
                   char             **argv,
                   VolCliRunOptions  *options,
                   GError           **error)
{
  g_autoptr(GVariantDict) params = NULL;
  g_autoptr(GVariant) defaults = NULL;
  const char *target = NULL, *label = NULL, *target_option = "--target";
  VolDataPattern pattern = VOL_DATA_PATTERN_RANDOM;
  guint64 seed = 0;

  memset (options, 0, sizeof *options);

  if (argc < 1 || argv[0][0] == '-')
    {
      if (argc >= 1 && (g_str_equal (argv[0], "--help") || g_str_equal (argv[0], "-h")))
        {
          options->show_help = TRUE;
          return TRUE;
        }
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_UNKNOWN_KIND,
                   _("run: name a test, such as “run fill”; see “volumeter-cli --help”"));
      return FALSE;
    }

  options->kind = vol_kinds_lookup (argv[0]);
  if (options->kind == NULL)
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_UNKNOWN_KIND,
                   _("There is no test called “%s”; see “volumeter-cli --help”"), argv[0]);
      return FALSE;
    }

  defaults = g_variant_ref_sink (vol_test_info_default_params (options->kind));
  params = g_variant_dict_new (defaults);

  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      const char *value = NULL;

      if (g_str_equal (arg, "--help") || g_str_equal (arg, "-h"))
        {
          options->show_help = TRUE;
          return TRUE;
        }
      else if (g_str_equal (arg, "--quiet") || g_str_equal (arg, "-q"))
        options->quiet = TRUE;
      else if (g_str_equal (arg, "--yes"))
        options->yes = TRUE;
      else if (g_str_equal (arg, "--force"))
        options->force = TRUE;
      else if (option_is (arg, "--target"))
        {
          if (!take_value (argc, argv, &i, arg, &target, error))
            return FALSE;
          target_option = "--target";
        }
      else if (option_is (arg, "--device") && options->kind->reads_device)
        {
          /* a test that reads a device takes the device itself too */
          if (!take_value (argc, argv, &i, arg, &target, error))
            return FALSE;
          target_option = "--device";
        }
      else if (option_is (arg, "--label"))
        {
          if (!take_value (argc, argv, &i, arg, &label, error))
            return FALSE;
        }
      else if (option_is (arg, "--pattern"))
        {
          if (!take_value (argc, argv, &i, arg, &value, error))
            return FALSE;
          if (!vol_data_pattern_from_string (value, &pattern))
            {
              g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                           _("pattern: “%s” is not one of random, zeros"), value);
              return FALSE;
            }
        }
      else if (option_is (arg, "--seed"))
        {
          if (!take_value (argc, argv, &i, arg, &value, error) || !parse_seed (value, &seed, error))
            return FALSE;
        }
      else if (option_is (arg, "--png"))
        {
          if (!take_value (argc, argv, &i, arg, &value, error))
            return FALSE;
          g_free (options->png);
          options->png = g_strdup (value);
        }
      else if (option_is (arg, "--output") || g_str_equal (arg, "-o"))
        {
          if (!take_value (argc, argv, &i, arg, &value, error))
            return FALSE;
          g_free (options->output);
          options->output = g_strdup (value);
        }
      else if (g_str_has_prefix (arg, "--"))
        {
          g_autofree char *key = g_strndup (arg + 2, strcspn (arg + 2, "="));
          const VolParamDesc *desc = vol_test_info_find_param (options->kind, key);
          GVariant *parsed = NULL;

          if (desc == NULL)
            {
              g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_UNKNOWN_PARAM,
                           _("%s: the %s test has no such option; see “volumeter-cli run %s --help”"),
                           arg, options->kind->name, options->kind->name);
              return FALSE;
            }
          if (desc->type == VOL_PARAM_BOOL && strchr (arg, '=') == NULL)
            value = "yes";
          else if (!take_value (argc, argv, &i, arg, &value, error))
            return FALSE;
          if (!vol_param_parse (desc, value, &parsed, error))
            return FALSE;
          g_variant_dict_insert_value (params, key, parsed);
          g_variant_unref (parsed);
        }
      else
        {
          g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                       _("Unexpected argument “%s”"), arg);
          return FALSE;
        }
    }

  if (target == NULL)
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   options->kind->reads_device
                   ? _("--device or --target: name the device to read, such as --device /dev/sdb, or a folder on it")
                   : _("--target: name the folder to test in, such as --target /mnt/raid"));
      return FALSE;
    }

  /* named as the user wrote them (the spec checks them again, as
   * "target" and "label", for every other entry) */
  if (!vol_fio_value_check (VOL_FIO_VALUE_PATH, target_option, target, error)
      || !vol_fio_value_check (VOL_FIO_VALUE_LABEL, "--label", label, error))
    return FALSE;
  options->spec = vol_test_spec_new (options->kind->name, target, pattern, seed, label,
                                     g_variant_dict_end (params));
  if (!vol_test_spec_validate (options->spec, options->kind, error))
    return FALSE;
  return TRUE;
}

void
vol_cli_run_options_clear (VolCliRunOptions *options)
{
  g_clear_pointer (&options->spec, vol_test_spec_unref);
  g_clear_pointer (&options->output, g_free);
  g_clear_pointer (&options->png, g_free);
}

static void
print_option (const char *name,
              const char *value_name,
              const char *help,
              const char *default_text)
{
  g_autofree char *left = value_name ? g_strdup_printf ("%s %s", name, value_name) : g_strdup (name);

  /* by characters, not bytes: "N,N,…" is 5 characters in 7 bytes */
  if (g_utf8_strlen (left, -1) > 24)
    g_print ("  %s\n  %s  ", left, vol_cli_pad ("", 24));
  else
    g_print ("  %s  ", vol_cli_pad (left, 24));
  g_print ("%s", help);
  if (default_text)
    g_print (_(" [default: %s]"), default_text);
  g_print ("\n");
}

/**
 * vol_cli_print_run_help:
 *
 * `run TEST --help`: every parameter with its default, from the kind's
 * description (vol-kinds.h).
 */
void
vol_cli_print_run_help (const VolTestInfo *info)
{
  if (info->reads_device)
    g_print (_("Usage: volumeter-cli run %s --device DEVICE | --target DIR [OPTION…]\n\n"), info->name);
  else
    g_print (_("Usage: volumeter-cli run %s --target DIR [OPTION…]\n\n"), info->name);
  g_print ("%s — %s\n\n", _(info->title), _(info->description));
  g_print (_("Test parameters:\n"));
  for (guint i = 0; i < info->n_params; i++)
    {
      const VolParamDesc *desc = &info->params[i];
      g_autofree char *name = g_strdup_printf ("--%s", desc->key);
      g_autofree char *choices = desc->choices ? g_strjoinv ("|", (char **) desc->choices) : NULL;

      print_option (name, choices ? choices : desc->value_name, _(desc->help),
                    desc->default_value ? desc->default_value : _("none"));
    }
  if (info->reads_device)
    print_option ("--device", "DEVICE", _("The block device to read, such as /dev/sdb (instead of --target: "
                                          "a folder, whose volume's device is read)"), NULL);
  g_print (_("\nCommon options:\n"));
  for (guint i = 0; i < G_N_ELEMENTS (common_options); i++)
    print_option (common_options[i].name, common_options[i].value_name,
                  _(common_options[i].help),
                  g_str_equal (common_options[i].name, "--pattern") ? "random" : NULL);
  g_print (_("\nSizes are binary: 512, 4K (4096 bytes), 32M, 1G, 2T; “KiB”, “MiB”… work too.\n"
             "Throughput is printed in MB/s (10^6 bytes per second), as the reviews do.\n"));
}

void
vol_cli_print_tests (FILE *out)
{
  guint n;
  const VolTestKind *const *kinds = vol_registry_list (&n);

  for (guint i = 0; i < n; i++)
    vol_cli_printf (out, "  %-12s  %s%s\n", kinds[i]->info.name, _(kinds[i]->info.title),
                    kinds[i]->run ? "" : _(" (not available yet)"));
}
