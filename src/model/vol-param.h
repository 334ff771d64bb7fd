/* vol-param.h — one test parameter, described once
 *
 * The engine's registry describes every parameter of every test with a
 * VolParamDesc. The CLI builds its options and --help from it, the GUI its
 * rows, and vol_param_parse()/vol_param_check() validate values with a
 * message that names the parameter. Values are GVariants:
 *   INT, SIZE          "x" (gint64; sizes in bytes)
 *   SIZE_OR_PERCENT    "x" for bytes or "d" for a percentage
 *   DOUBLE             "d"
 *   CHOICE, STRING     "s"
 *   INT_LIST,SIZE_LIST "ax"
 *   BOOL               "b"
 * Descriptors are static data; every function here is thread-safe.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  VOL_PARAM_INT,
  VOL_PARAM_SIZE,
  VOL_PARAM_SIZE_OR_PERCENT,
  VOL_PARAM_DOUBLE,
  VOL_PARAM_CHOICE,
  VOL_PARAM_STRING,
  VOL_PARAM_INT_LIST,
  VOL_PARAM_SIZE_LIST,
  VOL_PARAM_BOOL,
} VolParamType;

typedef enum
{
  VOL_PARAM_FLAG_NONE         = 0,
  VOL_PARAM_FLAG_OPTIONAL     = 1 << 0, /* may be left unset (no default) */
  VOL_PARAM_FLAG_POWER_OF_TWO = 1 << 1, /* sizes: each value a power of two */
  /* sizes: the bytes, or the percentage of the capacity, must be less than
   * the target's free space (vol_param_check_space()) */
  VOL_PARAM_FLAG_BELOW_FREE_SPACE = 1 << 2,
} VolParamFlags;

typedef struct
{
  const char         *key;           /* kebab-case: "max-bytes"; also the CLI option */
  VolParamType        type;
  const char         *title;         /* N_("Maximum bytes"), for rows and tables */
  const char         *help;          /* N_(...) one sentence */
  const char         *value_name;    /* "N", "SIZE", "SIZE|N%", for --help */
  const char         *default_value; /* text form, parsed like user input; NULL if optional */
  double              min;           /* numbers, sizes, list items: inclusive range */
  double              max;
  double              max_percent;   /* SIZE_OR_PERCENT: upper bound of the percentage */
  guint64             multiple_of;   /* sizes: 0 or the required granularity */
  const char *const  *choices;       /* CHOICE: NULL-terminated */
  VolParamFlags       flags;
  /* CHOICE: N_() words for each of choices, in their order, for menus
   * ("Random reads" for "read"); NULL shows the choices themselves */
  const char *const  *choice_labels;
} VolParamDesc;

gboolean  vol_param_parse   (const VolParamDesc *desc,
                             const char         *text,
                             GVariant          **value,
                             GError            **error);
gboolean  vol_param_check   (const VolParamDesc *desc,
                             GVariant           *value,
                             GError            **error);
gboolean  vol_param_parse_titled (const VolParamDesc *desc,
                                  const char         *text,
                                  GVariant          **value,
                                  GError            **error);
gboolean  vol_param_check_space  (const VolParamDesc *desc,
                                  GVariant           *value,
                                  guint64             capacity,
                                  guint64             free_bytes,
                                  const char         *where,
                                  GError            **error);
const char *vol_param_choice_label (const VolParamDesc *desc,
                                    guint               index);
char     *vol_param_format  (const VolParamDesc *desc,
                             GVariant           *value);
GVariant *vol_param_default (const VolParamDesc *desc);

G_END_DECLS
