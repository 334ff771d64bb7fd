/* vol-scratch-file.h — the scratch files most tests need
 *
 * Opening a file in the run's scratch folder the measuring way (O_DIRECT,
 * falling back to buffered + fdatasync + fadvise where the filesystem
 * refuses it, and saying so in the result), learning whether O_DIRECT
 * works and which alignment it needs, fitting a size to the free space,
 * laying down a file of random data before a test reads or overwrites
 * it, flushing and closing with errors that name the file. Worker
 * thread, inside a test's prepare() or run().
 */
#pragma once

#include "vol-run-private.h"

G_BEGIN_DECLS

int      _vol_scratch_file_open     (VolRun       *run,
                                  const char   *name,
                                  int           flags,
                                  gboolean     *direct,
                                  GError      **error);
guint64  _vol_scratch_file_fit      (VolRun       *run,
                                  guint64       wanted,
                                  guint64       keep_free,
                                  GError      **error);
gboolean _vol_scratch_file_probe_direct (VolRun      *run,
                                      const char  *name,
                                      gboolean    *direct,
                                      VolDioAlign *align,
                                      GError     **error);
int      _vol_scratch_file_open_aligned (VolRun      *run,
                                      const char  *name,
                                      int          flags,
                                      guint64      must_align,
                                      gboolean    *direct,
                                      gsize       *mem_align,
                                      GError     **error);
gboolean _vol_scratch_file_flush    (VolRun       *run,
                                  int           fd,
                                  const char   *name,
                                  GError      **error);
gboolean _vol_scratch_file_close    (VolRun       *run,
                                  int           fd,
                                  const char   *name,
                                  GError      **error);

/* Called after each write of a lay-down with the bytes written so far;
 * FALSE stops it quietly. */
typedef gboolean (*VolLayDownFunc) (guint64   done,
                                    gpointer  user_data);

gboolean _vol_scratch_file_lay_down_with (VolRun          *run,
                                       int              fd,
                                       const char      *name,
                                       guint64          size,
                                       VolDataPool     *pool,
                                       guint64          first_serial,
                                       gboolean         direct,
                                       VolLayDownFunc   each,
                                       gpointer         user_data,
                                       GError         **error);
gboolean _vol_scratch_file_lay_down (VolRun       *run,
                                  int           fd,
                                  const char   *name,
                                  guint64       size,
                                  VolDataPool  *pool,
                                  guint64       first_serial,
                                  gboolean      direct,
                                  GError      **error);
gboolean _vol_scratch_file_lay_down_reporting (VolRun      *run,
                                            int          fd,
                                            const char  *name,
                                            guint64      size,
                                            gsize        mem_align,
                                            gboolean     direct,
                                            guint        n_items,
                                            double       rest_s,
                                            guint64     *first_serial,
                                            double      *seconds,
                                            GError     **error);
gboolean _vol_scratch_file_drop_cache (VolRun     *run,
                                    int         fd,
                                    gboolean    direct);

void     _vol_scratch_file_label_ram  (VolRun     *run);

G_END_DECLS
