/* vol-chart-style.c — the light and dark presets
 *
 * Colours are GNOME's palette (the HIG's blue, orange, green, purple, red,
 * brown, yellow, dark grey), chosen so adjacent series differ in lightness
 * as well as hue; series are also told apart by legend text and markers,
 * never by colour alone.
 */
#include "vol-chart-style.h"

#define RGB(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, 1.0 }

static const VolRgba light_palette[VOL_CHART_PALETTE_SIZE] = {
  RGB (0x1c71d8), RGB (0xe66100), RGB (0x26a269), RGB (0x813d9c),
  RGB (0xc01c28), RGB (0x865e3c), RGB (0xc88800), RGB (0x3d3846),
};

static const VolRgba dark_palette[VOL_CHART_PALETTE_SIZE] = {
  RGB (0x62a0ea), RGB (0xffa348), RGB (0x57e389), RGB (0xc061cb),
  RGB (0xf66151), RGB (0xcdab8f), RGB (0xf8e45c), RGB (0xdeddda),
};

static void
init_fonts (VolChartStyle *style)
{
  style->font_family = g_strdup ("Cantarell, DejaVu Sans, sans-serif");
  style->font_size[VOL_CHART_FONT_TITLE] = 17;
  style->font_size[VOL_CHART_FONT_SUBTITLE] = 11;
  style->font_size[VOL_CHART_FONT_AXIS_TITLE] = 11;
  style->font_size[VOL_CHART_FONT_TICK] = 10;
  style->font_size[VOL_CHART_FONT_VALUE] = 9.5;
  style->font_size[VOL_CHART_FONT_LEGEND] = 10.5;
  style->font_size[VOL_CHART_FONT_FOOTER] = 9;
  style->font_size[VOL_CHART_FONT_WARNING] = 10.5;
  style->line_width = 1.6;
}

VolChartStyle *
vol_chart_style_new_light (void)
{
  VolChartStyle *style = g_new0 (VolChartStyle, 1);

  style->background = (VolRgba) RGB (0xffffff);
  style->plot_background = (VolRgba) RGB (0xfafafa);
  style->foreground = (VolRgba) RGB (0x241f31);
  style->muted = (VolRgba) RGB (0x5e5c64);
  style->grid = (VolRgba) RGB (0xdeddda);
  style->axis = (VolRgba) RGB (0x77767b);
  style->warning = (VolRgba) RGB (0x9c4a00);
  style->warning_background = (VolRgba) RGB (0xfff1d6);
  for (guint i = 0; i < VOL_CHART_PALETTE_SIZE; i++)
    style->palette[i] = light_palette[i];
  init_fonts (style);
  return style;
}

VolChartStyle *
vol_chart_style_new_dark (void)
{
  VolChartStyle *style = g_new0 (VolChartStyle, 1);

  style->background = (VolRgba) RGB (0x1e1e1e);
  style->plot_background = (VolRgba) RGB (0x242424);
  style->foreground = (VolRgba) RGB (0xffffff);
  style->muted = (VolRgba) RGB (0xc0bfbc);
  style->grid = (VolRgba) RGB (0x3d3d3d);
  style->axis = (VolRgba) RGB (0x9a9996);
  style->warning = (VolRgba) RGB (0xffbe6f);
  style->warning_background = (VolRgba) RGB (0x4a3510);
  for (guint i = 0; i < VOL_CHART_PALETTE_SIZE; i++)
    style->palette[i] = dark_palette[i];
  style->dark = TRUE;
  init_fonts (style);
  return style;
}

VolChartStyle *
vol_chart_style_copy (const VolChartStyle *style)
{
  VolChartStyle *copy = g_new (VolChartStyle, 1);

  *copy = *style;
  copy->font_family = g_strdup (style->font_family);
  return copy;
}

void
vol_chart_style_free (VolChartStyle *style)
{
  if (style == NULL)
    return;
  g_free (style->font_family);
  g_free (style);
}
