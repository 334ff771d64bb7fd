/* test-remote-unit.c — the parts of a remote run that need no fio server
 *
 * Host lists (model/vol-fio-hosts.c): what is taken, how it is named to
 * the user and to fio, and what is refused with which words. The job a
 * remote run sends (engine/vol-remote.c): the folder on the hosts, no
 * huge pages (a host's are not ours to reserve), the kinds fio cannot do
 * refused with the reason. The hosts' fio output kept as one file
 * (engine/vol-remote-output.c). The runner's remote backend: every host's
 * report through the runner's "progress", all before the result's task.
 * tests/cli/test-remote.sh runs real servers.
 */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "vol-error.h"
#include "vol-fio-hosts.h"
#include "vol-registry.h"
#include "vol-remote.h"
#include "vol-remote-output.h"
#include "vol-runner.h"

static char *
names (GPtrArray *hosts)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < hosts->len; i++)
    {
      g_autofree char *name = vol_fio_host_to_string (g_ptr_array_index (hosts, i));
      g_autofree char *arg = vol_fio_host_client_arg (g_ptr_array_index (hosts, i));
      g_string_append_printf (out, "%s%s=%s", i ? " " : "", name, arg);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
test_parse (void)
{
  static const struct { const char *list; const char *want; } cases[] = {
    { "db1", "db1:8765=db1,8765" },
    { "db1:9000, db2", "db1:9000=db1,9000 db2:8765=db2,8765" },
    { "10.0.0.7 node-3.lab", "10.0.0.7:8765=10.0.0.7,8765 node-3.lab:8765=node-3.lab,8765" },
    { "[::1]:8766", "[::1]:8766=ip6:::1,8766" },
    { "::1", "[::1]:8765=ip6:::1,8765" },
    { "ip6:fe80::2", "[fe80::2]:8765=ip6:fe80::2,8765" },
    { "\tdb1\n", "db1:8765=db1,8765" },
    /* one spelling of each: case, an absolute name's dot, IPv6 text */
    { "LOCALHOST.", "localhost:8765=localhost,8765" },
    { "DB1.Lab.:9000", "db1.lab:9000=db1.lab,9000" },
    { "[0:0:0:0:0:0:0:1]:8766", "[::1]:8766=ip6:::1,8766" },
    { "ip6:FE80:0:0::2", "[fe80::2]:8765=ip6:fe80::2,8765" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) hosts = vol_fio_hosts_parse (cases[i].list, VOL_FIO_DEFAULT_PORT, &error);
      g_autofree char *got = NULL;

      g_assert_no_error (error);
      got = names (hosts);
      g_assert_cmpstr (got, ==, cases[i].want);
    }
}

static void
test_refused (void)
{
  static const struct { const char *list; const char *words; } cases[] = {
    { "", "no host named" },
    { " , ", "no host named" },
    { "db1:0", "“0” is not a number from 1 to 65535" },
    { "db1:65536", "is not a number from 1 to 65535" },
    { "db1:http", "“http” is not a number" },
    { "bad!host", "“bad!host” is not a host name or an IP address" },
    { "-db1", "is not a host name" },
    { "1.2.3.4:5:6", "is not a host name" },
    { "[::1", "is not closed" },
    { "[::1]x", "only “:PORT” may follow" },
    { "db1,db1:8765", "host db1:8765 is named twice (“db1” and “db1:8765”)" },
    { "localhost LOCALHOST.", "host localhost:8765 is named twice (“localhost” and “LOCALHOST.”)" },
    { "[::1] 0:0:0:0:0:0:0:1", "host [::1]:8765 is named twice (“[::1]” and “0:0:0:0:0:0:0:1”)" },
    { "db1..lab", "“db1..lab” is not a host name" },
    { "sock:/tmp/x", "prefix is not taken" },
    { "db1,9000", "a port is written HOST:PORT" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) hosts = vol_fio_hosts_parse (cases[i].list, VOL_FIO_DEFAULT_PORT, &error);

      g_assert_null (hosts);
      g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
      if (strstr (error->message, cases[i].words) == NULL)
        g_error ("“%s”: the message “%s” does not say “%s”", cases[i].list, error->message, cases[i].words);
    }
}

static void
test_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("volumeter-hosts-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "fleet.list", NULL);
  g_autoptr(GPtrArray) hosts = NULL;
  g_autofree char *got = NULL;

  g_assert_no_error (error);
  /* fio's own host-list lines ("host,port") and comments */
  g_assert_true (g_file_set_contents (path, "# the rack\ndb1\n\ndb2,9000  # fio's way\n[::1]:8766\n", -1, NULL));
  hosts = vol_fio_hosts_load (path, 8765, &error);
  g_assert_no_error (error);
  got = names (hosts);
  g_assert_cmpstr (got, ==, "db1:8765=db1,8765 db2:9000=db2,9000 [::1]:8766=ip6:::1,8766");
  g_clear_pointer (&hosts, g_ptr_array_unref);

  /* the line of the bad host is named */
  g_assert_true (g_file_set_contents (path, "db1\ndb 2\n", -1, NULL));
  hosts = vol_fio_hosts_load (path, 8765, &error);
  g_assert_null (hosts);
  g_assert_nonnull (strstr (error->message, "fleet.list, line 2"));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (path, "# nothing\n", -1, NULL));
  hosts = vol_fio_hosts_load (path, 8765, &error);
  g_assert_null (hosts);
  g_assert_nonnull (strstr (error->message, "names no host"));
  g_clear_error (&error);
  g_unlink (path);

  hosts = vol_fio_hosts_load (path, 8765, &error);
  g_assert_null (hosts);
  g_assert_nonnull (strstr (error->message, "host list"));
  g_rmdir (dir);
}

static VolTestSpec *
spec_for (const char *kind,
          const char *target,
          const char *key,
          GVariant   *value)
{
  const VolTestKind *k = vol_registry_lookup (kind);
  g_autoptr(GVariant) defaults = g_variant_ref_sink (vol_test_info_default_params (&k->info));
  g_autoptr(GVariantDict) dict = g_variant_dict_new (defaults);

  if (key != NULL)
    g_variant_dict_insert_value (dict, key, value);
  return vol_test_spec_new (kind, target, VOL_DATA_PATTERN_RANDOM, 0, NULL, g_variant_dict_end (dict));
}

/* The job sent: the hosts' folder, ordinary pages, the sections the
 * kind's from_fio looks for. */
static void
test_job (void)
{
  static const struct { const char *kind; const char *section; } kinds[] = {
    { "queue", "[qd1]" }, { "random", "[write-" }, { "transfer", "[write-262144-0]" },
    { "threads", "[threads-1]" }, { "quick", "[SEQ1M-Q8T1-read-1]" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autoptr(VolTestSpec) spec = spec_for (kinds[i].kind, "/srv/bench", NULL, NULL);
      g_autoptr(GError) error = NULL;
      g_autofree char *job = vol_remote_job (spec, &error);

      g_assert_no_error (error);
      g_assert_true (vol_remote_kind_supported (kinds[i].kind, NULL));
      g_assert_nonnull (strstr (job, "\ndirectory=/srv/bench\n"));
      g_assert_null (strstr (job, "iomem="));
      if (strstr (job, kinds[i].section) == NULL)
        g_error ("%s: the job has no section %s:\n%s", kinds[i].kind, kinds[i].section, job);
    }
}

static void
test_refused_kinds (void)
{
  static const struct { const char *kind; const char *words; } kinds[] = {
    { "smallfiles", "PostMark" },
    { "cached", "hdparm" },
    { "fill", "free space and capacity" },
    { "surface", "reads a block device" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (vol_remote_kind_supported (kinds[i].kind, &error));
      g_assert_true (g_str_has_prefix (error->message, kinds[i].kind));
      g_assert_nonnull (strstr (error->message, "cannot run on remote hosts"));
      g_assert_nonnull (strstr (error->message, kinds[i].words));
    }
  {
    /* the folder is on the hosts: only an absolute path means the same there */
    g_autoptr(VolTestSpec) spec = spec_for ("queue", "bench", NULL, NULL);
    g_autoptr(GError) error = NULL;
    g_autofree char *job = vol_remote_job (spec, &error);

    g_assert_null (job);
    g_assert_nonnull (strstr (error->message, "absolute"));
  }
}

/* No fio program: an error before anything is sent, no result. */
static void
test_no_fio (void)
{
  g_autoptr(VolTestSpec) spec = spec_for ("queue", "/srv/bench", NULL, NULL);
  g_autoptr(GPtrArray) hosts = vol_fio_hosts_parse ("127.0.0.1:1", 8765, NULL);
  VolRemoteOptions options = { "volumeter-no-such-fio", 1, 1, NULL };
  g_autoptr(GError) error = NULL;
  guint n_failed = 99;
  GPtrArray *results = vol_remote_run (spec, hosts, &options, NULL, NULL, NULL, &n_failed, &error);

  g_assert_null (results);
  g_assert_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_REMOTE);
  g_assert_nonnull (strstr (error->message, "volumeter-no-such-fio"));
}

typedef struct
{
  GMainLoop *loop;
  GPtrArray *reports;          /* of VolRemoteProgress, as the runner emitted them */
  guint      reports_at_end;   /* how many had come when the task completed */
  GPtrArray *results;
  guint      n_failed;
  GError    *error;
} RunnerRun;

static void
runner_progress_cb (VolRunner         *runner,
                    const VolProgress *progress,
                    RunnerRun         *run)
{
  g_assert_nonnull (progress->host);   /* a remote run has no local progress */
  g_assert_cmpstr (progress->phase, ==, "remote");
  g_ptr_array_add (run->reports, vol_remote_progress_copy (progress->host));
}

static void
runner_done_cb (GObject      *source,
                GAsyncResult *res,
                gpointer      user_data)
{
  RunnerRun *run = user_data;

  run->reports_at_end = run->reports->len;
  run->results = vol_runner_run_remote_finish (VOL_RUNNER (source), res, &run->n_failed, &run->error);
  g_main_loop_quit (run->loop);
}

static void
runner_run (const char *fio,
            RunnerRun  *run)
{
  g_autoptr(VolRunner) runner = vol_runner_new ();
  g_autoptr(VolTestSpec) spec = spec_for ("queue", "/srv/bench", NULL, NULL);
  /* port 1: refused at once, no fio server needed */
  g_autoptr(GPtrArray) hosts = vol_fio_hosts_parse ("127.0.0.1:1", 8765, NULL);
  VolRemoteOptions options = { fio, 5, 5, NULL };

  run->loop = g_main_loop_new (NULL, FALSE);
  run->reports = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_remote_progress_free);
  run->n_failed = 99;
  g_signal_connect (runner, "progress", G_CALLBACK (runner_progress_cb), run);
  vol_runner_run_remote_async (runner, spec, hosts, &options, NULL, runner_done_cb, run);
  g_assert_true (vol_runner_get_running (runner));
  g_main_loop_run (run->loop);
  g_assert_false (vol_runner_get_running (runner));
  g_main_loop_unref (run->loop);
}

static void
runner_run_clear (RunnerRun *run)
{
  g_ptr_array_unref (run->reports);
  g_clear_pointer (&run->results, g_ptr_array_unref);
  g_clear_error (&run->error);
}

/* The runner's remote backend: a host that refuses fails with the reason,
 * its reports (connecting, then failed) all arrive through "progress"
 * before the task completes, and the results name it. "true" stands in
 * for fio: with no host answering, fio is never started. */
static void
test_runner_backend (void)
{
  RunnerRun run = { 0 };
  const VolRemoteProgress *first, *last;

  runner_run ("true", &run);
  g_assert_no_error (run.error);
  g_assert_nonnull (run.results);
  g_assert_cmpuint (run.n_failed, ==, 1);
  g_assert_cmpuint (run.reports_at_end, ==, run.reports->len);
  g_assert_cmpuint (run.reports->len, >=, 2);
  first = g_ptr_array_index (run.reports, 0);
  last = g_ptr_array_index (run.reports, run.reports->len - 1);
  g_assert_cmpuint (first->host, ==, 0);
  g_assert_cmpint (first->state, ==, VOL_REMOTE_HOST_CONNECTING);
  g_assert_cmpuint (last->host, ==, 0);
  g_assert_cmpint (last->state, ==, VOL_REMOTE_HOST_FAILED);
  g_assert_nonnull (strstr (last->message, "cannot connect to 127.0.0.1:1"));
  for (guint i = 0; i < run.results->len; i++)
    {
      const VolResult *result = g_ptr_array_index (run.results, i);

      g_assert_cmpint (result->status, ==, VOL_RESULT_STATUS_FAILED);
      g_assert_nonnull (strstr (result->message, "cannot connect"));
    }
  runner_run_clear (&run);

  /* nothing could be sent: the same task completes with the error */
  runner_run ("volumeter-no-such-fio", &run);
  g_assert_null (run.results);
  g_assert_error (run.error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_REMOTE);
  g_assert_cmpuint (run.reports->len, ==, 0);
  runner_run_clear (&run);
}

/* --fio-output: each host's client_stats in one list (messages around
 * the JSON left out), "All clients" the sum over the hosts that finished. */
static void
test_output_merge (void)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  const gboolean finished[] = { TRUE, FALSE, TRUE };
  g_autofree char *dir = g_dir_make_tmp ("volumeter-output-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "fio.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *stats;
  JsonObject *all;

  g_ptr_array_add (texts, (gpointer) "<db1> a message\n{\n\"fio version\" : \"fio-3.33\", \"client_stats\" : "
                   "[ { \"jobname\" : \"qd1\", \"read\" : { \"total_ios\" : 10, \"io_bytes\" : 40960 }, "
                   "\"write\" : { \"total_ios\" : 0, \"io_bytes\" : 0 } } ]\n}\nfio: a last word\n");
  g_ptr_array_add (texts, (gpointer) "{\n\"client_stats\" : [ { \"jobname\" : \"qd1\", "
                   "\"read\" : { \"total_ios\" : 1000, \"io_bytes\" : 1 } } ]\n}\n");
  g_ptr_array_add (texts, (gpointer) "{\n\"client_stats\" : [ { \"jobname\" : \"qd1\", "
                   "\"read\" : { \"total_ios\" : 5, \"io_bytes\" : 20480 }, \"write\" : { \"total_ios\" : 2, \"io_bytes\" : 8192 } } ]\n}\n");
  g_assert_true (vol_remote_output_save (path, texts, finished, TRUE, &error));
  g_assert_no_error (error);
  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (json_parser_get_root (parser)), "fio version"),
                   ==, "fio-3.33");
  stats = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "client_stats");
  g_assert_cmpuint (json_array_get_length (stats), ==, 4);
  all = json_array_get_object_element (stats, 3);
  g_assert_cmpstr (json_object_get_string_member (all, "jobname"), ==, "All clients");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (all, "read"), "total_ios"), ==, 15);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (all, "read"), "io_bytes"), ==, 61440);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (all, "write"), "total_ios"), ==, 2);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/remote/hosts/parse", test_parse);
  g_test_add_func ("/vol/remote/hosts/refused", test_refused);
  g_test_add_func ("/vol/remote/hosts/file", test_file);
  g_test_add_func ("/vol/remote/job", test_job);
  g_test_add_func ("/vol/remote/refused-kinds", test_refused_kinds);
  g_test_add_func ("/vol/remote/no-fio", test_no_fio);
  g_test_add_func ("/vol/remote/runner-backend", test_runner_backend);
  g_test_add_func ("/vol/remote/output-merge", test_output_merge);
  return g_test_run ();
}
