/* vol-fio-hosts.c — parsing the hosts of a remote run
 *
 * Strict on purpose: fio's server runs whatever job it is sent, so a
 * typo must not become a connection to some other machine. A name is
 * letters, digits, '.', '-' and '_' (a DNS name or an IPv4 address), or
 * an IPv6 address (hex digits, ':' and '.'); anything else is refused
 * with the text quoted. A host named twice is refused too: fio would run
 * the job twice on it, at once, in the same folder.
 *
 * Names are normalised before anything else sees them: DNS ignores case
 * and the trailing dot of an absolute name, but fio's client does not
 * ("localhost." failed to resolve there and fio then ran no host at
 * all), and the check for a host named twice must not be fooled by
 * "DB1" beside "db1".
 */
#include "vol-fio-hosts.h"

#include <arpa/inet.h>
#include <errno.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-file-read.h"

void
vol_fio_host_free (VolFioHost *host)
{
  if (host == NULL)
    return;
  g_free (host->address);
  g_free (host->spelling);
  g_free (host);
}

static gboolean
is_name (const char *s)
{
  /* "db1..lab" has an empty label: no resolver takes it */
  if (*s == '\0' || *s == '-' || *s == '.' || strstr (s, "..") != NULL)
    return FALSE;
  for (; *s; s++)
    if (!g_ascii_isalnum (*s) && *s != '.' && *s != '-' && *s != '_')
      return FALSE;
  return TRUE;
}

static gboolean
is_ipv6 (const char *s)
{
  return strchr (s, ':') != NULL && g_hostname_is_ip_address (s);
}

/* The one text of an address: an IPv6 address as inet_ntop writes it
 * ("0:0:0:0:0:0:0:1" is "::1"), a name in lower case without the trailing
 * dot of an absolute name. */
static char *
normalise (const char *address)
{
  g_autofree char *lower = g_ascii_strdown (address, -1);
  gsize len = strlen (lower);
  struct in6_addr a6;
  char text[INET6_ADDRSTRLEN];

  if (strchr (lower, ':') != NULL)
    {
      if (inet_pton (AF_INET6, lower, &a6) == 1 && inet_ntop (AF_INET6, &a6, text, sizeof text) != NULL)
        return g_strdup (text);
      return g_steal_pointer (&lower);
    }
  if (len > 1 && lower[len - 1] == '.')
    lower[len - 1] = '\0';
  return g_steal_pointer (&lower);
}

static gboolean
parse_port (const char *text,
            const char *host_text,
            guint16    *port,
            GError    **error)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (text, 10, 1, 65535, &v, NULL))
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("host “%s”: the port “%s” is not a number from 1 to 65535"), host_text, text);
      return FALSE;
    }
  *port = (guint16) v;
  return TRUE;
}

/**
 * vol_fio_host_parse:
 * @text: one host, as above; surrounding blanks are ignored
 *
 * Returns: (transfer full) (nullable): the host, or %NULL with a
 *   VOL_SPEC_ERROR that quotes @text
 */
VolFioHost *
vol_fio_host_parse (const char  *text,
                    guint16      default_port,
                    GError     **error)
{
  g_autofree char *s = g_strstrip (g_strdup (text));
  g_autofree char *address = NULL;
  const char *port_text = NULL;
  guint16 port = default_port;
  VolFioHost *host;

  if (*s == '\0')
    {
      g_set_error_literal (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                           _("a host name is empty"));
      return NULL;
    }
  if (g_str_has_prefix (s, "ip6:"))
    /* fio's prefix for an IPv6 address */
    memmove (s, s + 4, strlen (s + 4) + 1);
  else if (g_str_has_prefix (s, "ip:") || g_str_has_prefix (s, "sock:"))
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("host “%s”: name a host and a port; fio's “%s” prefix is not taken"),
                   text, g_str_has_prefix (s, "ip:") ? "ip:" : "sock:");
      return NULL;
    }

  if (s[0] == '[')
    {
      char *close = strchr (s, ']');

      if (close == NULL)
        {
          g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                       _("host “%s”: the “[” of an IPv6 address is not closed"), text);
          return NULL;
        }
      address = g_strndup (s + 1, close - s - 1);
      if (close[1] == ':' || close[1] == ',')
        port_text = close + 2;
      else if (close[1] != '\0')
        {
          g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                       _("host “%s”: after “]” only “:PORT” may follow"), text);
          return NULL;
        }
    }
  else
    {
      char *comma = strchr (s, ',');
      char *colon = strchr (s, ':');

      if (comma != NULL)
        {
          address = g_strndup (s, comma - s);
          port_text = comma + 1;
        }
      else if (colon != NULL && strchr (colon + 1, ':') == NULL)
        {
          address = g_strndup (s, colon - s);
          port_text = colon + 1;
        }
      else
        address = g_strdup (s);
    }

  if (address[0] != '\0' && strspn (address, "0123456789") == strlen (address))
    {
      /* "db1,9000" on a command line is two hosts, the second a port */
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("host “%s”: a number alone is not a host; a port is written HOST:PORT"), text);
      return NULL;
    }
  if (!is_name (address) && !is_ipv6 (address))
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("host “%s”: “%s” is not a host name or an IP address"), text, address);
      return NULL;
    }
  if (port_text != NULL && !parse_port (port_text, text, &port, error))
    return NULL;

  host = g_new0 (VolFioHost, 1);
  host->address = normalise (address);
  host->port = port;
  host->spelling = g_strstrip (g_strdup (text));
  return host;
}

static gboolean
add_host (GPtrArray   *hosts,
          GHashTable  *seen,
          const char  *text,
          guint16      default_port,
          const char  *where,
          GError     **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(VolFioHost) host = vol_fio_host_parse (text, default_port, &local);
  g_autofree char *key = NULL;

  if (host == NULL)
    {
      if (where != NULL)
        g_set_error (error, local->domain, local->code, "%s: %s", where, local->message);
      else
        g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  key = vol_fio_host_to_string (host);
  if (g_hash_table_contains (seen, key))
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("host %s is named twice (“%s” and “%s”); fio would run the job on it twice at once"), key,
                   (const char *) g_hash_table_lookup (seen, key), host->spelling);
      return FALSE;
    }
  if (hosts->len >= VOL_FIO_MAX_HOSTS)
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("more than %d hosts; a run takes up to %d"), VOL_FIO_MAX_HOSTS, VOL_FIO_MAX_HOSTS);
      return FALSE;
    }
  /* the first spelling, for the message of a second */
  g_hash_table_insert (seen, g_steal_pointer (&key), g_strdup (host->spelling));
  g_ptr_array_add (hosts, g_steal_pointer (&host));
  return TRUE;
}

static GPtrArray *
hosts_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) vol_fio_host_free);
}

/**
 * vol_fio_hosts_parse:
 * @list: hosts separated by commas or blanks ("a:8765,b", "a b:9000");
 *   fio's "host,port" cannot be told from two hosts here, so a port is
 *   written "host:port"
 *
 * Returns: (transfer full) (element-type VolFioHost) (nullable): at least
 *   one host, or %NULL with an error naming the one that is wrong
 */
GPtrArray *
vol_fio_hosts_parse (const char  *list,
                     guint16      default_port,
                     GError     **error)
{
  g_autoptr(GPtrArray) hosts = hosts_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto(GStrv) parts = g_strsplit_set (list != NULL ? list : "", ", \t\n", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0' && !add_host (hosts, seen, parts[i], default_port, NULL, error))
      return NULL;
  if (hosts->len == 0)
    {
      g_set_error_literal (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                           _("no host named: give one or more, such as “db1,db2:8766”"));
      return NULL;
    }
  return g_steal_pointer (&hosts);
}

/**
 * vol_fio_hosts_load:
 * @path: a host-list file: one host per line ("host", "host:port" or
 *   fio's "host,port"); blank lines and "#" comments are skipped
 *
 * Returns: (transfer full) (element-type VolFioHost) (nullable): the
 *   hosts; %NULL with an error naming the file and line
 */
GPtrArray *
vol_fio_hosts_load (const char  *path,
                    guint16      default_port,
                    GError     **error)
{
  g_autoptr(GPtrArray) hosts = hosts_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;
  g_auto(GStrv) lines = NULL;
  gsize length;

  /* a FIFO or a device is refused before reading (vol-file-read.c) */
  text = vol_file_read_bounded (path, 1024 * 1024, &length, &local);
  if (text == NULL)
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("host list %s: %s"), path, local->message);
      return NULL;
    }
  if (length > 1024 * 1024 || memchr (text, '\0', length) != NULL)
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("host list %s: not a list of hosts (binary, or over 1 MiB)"), path);
      return NULL;
    }
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *hash = strchr (lines[i], '#');
      g_autofree char *where = NULL;

      if (hash != NULL)
        *hash = '\0';
      g_strstrip (lines[i]);
      if (lines[i][0] == '\0')
        continue;
      where = g_strdup_printf (_("%s, line %u"), path, i + 1);
      if (!add_host (hosts, seen, lines[i], default_port, where, error))
        return NULL;
    }
  if (hosts->len == 0)
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("host list %s names no host"), path);
      return NULL;
    }
  return g_steal_pointer (&hosts);
}

gboolean
vol_fio_host_is_ipv6 (const VolFioHost *host)
{
  return strchr (host->address, ':') != NULL;
}

/* "db1:8765", "[::1]:8765": how results and messages name the host */
char *
vol_fio_host_to_string (const VolFioHost *host)
{
  if (vol_fio_host_is_ipv6 (host))
    return g_strdup_printf ("[%s]:%u", host->address, host->port);
  return g_strdup_printf ("%s:%u", host->address, host->port);
}

/* fio's --client= argument: "db1,8765", "ip6:::1,8765" */
char *
vol_fio_host_client_arg (const VolFioHost *host)
{
  return g_strdup_printf ("%s%s,%u", vol_fio_host_is_ipv6 (host) ? "ip6:" : "",
                          host->address, host->port);
}
