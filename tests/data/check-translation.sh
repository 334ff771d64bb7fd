#!/usr/bin/env bash
# check-translation.sh SRCDIR [BUILDDIR] — every language in po/LINGUAS is
# complete for the sources as they are now
#
# TAP. Extracts a fresh template from po/POTFILES.in with xgettext, the way
# i18n.gettext(preset: 'glib') does, merges each po/LL.po against it with
# msgmerge as "volumeter-update-po" would, and fails for any untranslated or
# fuzzy message or a "msgfmt --check" error, naming the messages. It also
# fails when xgettext warns (a message cut short, such as "%" G_GUINT64_FORMAT
# inside _()) and when a source file that is not in POTFILES.in has translatable
# strings. Nothing in SRCDIR is changed; the work is done in a temporary
# directory (under BUILDDIR when given).
#
# A missing gettext tool is a failure, not a skip, as for the other validators
# of the data suite.
set -u

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 SRCDIR [BUILDDIR]" >&2
  exit 2
fi
src=$(readlink -f "$1")
po="$src/po"
domain=volumeter
n=0
failed=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do echo "# $l"; done; }
# diag < FILE: each line as a TAP comment
diag() { sed 's/^/#   /'; }

for tool in xgettext msgmerge msgfmt msgattrib; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "Bail out! $tool not found: install the Debian package gettext"
    exit 1
  fi
done

if [ ! -f "$po/POTFILES.in" ] || [ ! -f "$po/LINGUAS" ]; then
  echo "Bail out! $po has no POTFILES.in or LINGUAS"
  exit 1
fi

if [ $# -eq 2 ] && [ -d "$2" ]; then
  work=$(mktemp -d "$(readlink -f "$2")/check-translation.XXXXXX")
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/check-translation.XXXXXX")
fi
trap 'rm -rf "$work"' EXIT

# The arguments of meson's i18n.gettext(preset: 'glib'), mesonbuild/modules/i18n.py.
# shellcheck disable=SC2054  # the commas are xgettext's, inside one argument
xgettext_args=(
  --package-name="$domain" -D "$src" -k_
  --from-code=UTF-8 --add-comments
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format
  --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format
  --flag=g_print:1:c-format --flag=g_printerr:1:c-format --flag=g_printf:1:c-format
  --flag=g_fprintf:2:c-format --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format
)

# POTFILES.in: one path a line; blank lines and # comments ignored.
listed="$work/POTFILES"
sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$po/POTFILES.in" > "$listed"

# 1. Every file POTFILES.in names exists.
missing=()
while IFS= read -r f; do
  [ -f "$src/$f" ] || missing+=("$f")
done < "$listed"
if [ ${#missing[@]} -eq 0 ]; then
  ok "every file in POTFILES.in exists ($(wc -l < "$listed") files)"
else
  not_ok "POTFILES.in names files that do not exist" "${missing[@]}"
fi

# 2. No file with translatable strings is missing from POTFILES.in.
unlisted="$work/unlisted"
( cd "$src" && find src data -type f \( -name '*.c' -o -name '*.h' -o -name '*.ui' \
      -o -name '*.desktop.in' -o -name '*.metainfo.xml.in' -o -name '*.appdata.xml.in' \
      -o -name '*.gschema.xml' \) | LC_ALL=C sort ) | grep -vxF -f "$listed" > "$unlisted"
if [ ! -s "$unlisted" ]; then
  ok "POTFILES.in lists every file with translatable strings"
elif ! xgettext "${xgettext_args[@]}" -f "$unlisted" -o "$work/unlisted.pot" 2> "$work/unlisted.err"; then
  not_ok "xgettext failed on the files not in POTFILES.in"
  diag < "$work/unlisted.err"
elif [ ! -f "$work/unlisted.pot" ]; then
  ok "POTFILES.in lists every file with translatable strings"
else
  files=$(sed -n 's/^#: //p' "$work/unlisted.pot" | tr ' ' '\n' | sed 's/:[0-9]*$//' | LC_ALL=C sort -u)
  # shellcheck disable=SC2086
  not_ok "files with translatable strings are not in POTFILES.in" $files
fi

# 3. The template, extracted as meson's volumeter-pot does.
pot="$work/$domain.pot"
if xgettext "${xgettext_args[@]}" -f "$listed" -o "$pot" 2> "$work/xgettext.err" && [ -f "$pot" ]; then
  total=$(msgattrib --no-obsolete "$pot" 2>/dev/null | grep -c '^msgid ')
  ok "xgettext extracts the template ($((total - 1)) messages)"
  # A warning is a message translators get wrong or cannot see: most often
  # "%" G_GUINT64_FORMAT inside _(), which xgettext cuts short (use PRIu64).
  if [ -s "$work/xgettext.err" ]; then
    not_ok "xgettext extracts without warnings"
    diag < "$work/xgettext.err"
  else
    ok "xgettext extracts without warnings"
  fi
else
  not_ok "xgettext could not extract the template"
  diag < "$work/xgettext.err"
  echo "1..$n"
  exit 1
fi

# list_messages PO: "file:line: msgid" for each message of PO (header left out)
list_messages() {
  awk '
    /^#: / { if (ref == "") ref = $2; next }
    /^msgid / { s = substr($0, 8, length($0) - 8); inid = 1; next }
    inid && /^"/ { s = s substr($0, 2, length($0) - 2); next }
    /^msgid_plural / || /^msgstr/ { if (inid && s != "") print ref ": " s; inid = 0; ref = ""; s = ""; next }
    /^$/ { ref = "" }
  ' "$1"
}

langs=$(sed -e 's/#.*//' "$po/LINGUAS" | tr -s ' \t' '\n' | sed '/^$/d')
if [ -z "$langs" ]; then
  ok "po/LINGUAS lists no languages # SKIP nothing to check"
fi

for lang in $langs; do
  file="$po/$lang.po"
  if [ ! -f "$file" ]; then
    not_ok "$lang: po/$lang.po exists (it is in LINGUAS)"
    continue
  fi

  # 4. The file as committed passes msgfmt --check (header, formats, accelerators).
  if msgfmt --check --check-accelerators=_ -o /dev/null "$file" 2> "$work/$lang.check"; then
    ok "$lang: msgfmt --check $lang.po"
  else
    not_ok "$lang: msgfmt --check $lang.po"
    diag < "$work/$lang.check"
  fi

  # 5. Merged with the fresh template: nothing untranslated, nothing fuzzy.
  merged="$work/$lang.po"
  if ! msgmerge --quiet --lang="$lang" "$file" "$pot" -o "$merged" 2> "$work/$lang.merge"; then
    not_ok "$lang: msgmerge against the template"
    diag < "$work/$lang.merge"
    continue
  fi
  msgattrib --untranslated --no-obsolete --no-wrap "$merged" -o "$work/$lang.untranslated" 2>/dev/null
  msgattrib --only-fuzzy --no-obsolete --no-wrap "$merged" -o "$work/$lang.fuzzy" 2>/dev/null
  untranslated=$(list_messages "$work/$lang.untranslated" 2>/dev/null)
  fuzzy=$(list_messages "$work/$lang.fuzzy" 2>/dev/null)
  if [ -z "$untranslated" ]; then
    ok "$lang: no untranslated messages"
  else
    not_ok "$lang: $(printf '%s\n' "$untranslated" | wc -l) untranslated message(s) (run: meson compile volumeter-update-po, then translate)"
    printf '%s\n' "$untranslated" | diag
  fi
  if [ -z "$fuzzy" ]; then
    ok "$lang: no fuzzy messages"
  else
    not_ok "$lang: $(printf '%s\n' "$fuzzy" | wc -l) fuzzy message(s) (the source text changed; review and remove the fuzzy flag)"
    printf '%s\n' "$fuzzy" | diag
  fi

  # 6. The merged file compiles cleanly (formats of the current template).
  if msgfmt --check --statistics -o /dev/null "$merged" 2> "$work/$lang.mcheck"; then
    ok "$lang: msgfmt --check after merging: $(tail -n 1 "$work/$lang.mcheck")"
  else
    not_ok "$lang: msgfmt --check after merging"
    diag < "$work/$lang.mcheck"
  fi
  obsolete=$(grep -c '^#~ msgid ' "$merged")
  [ "$obsolete" -gt 0 ] && echo "# $lang: $obsolete message(s) no longer in the sources (obsolete after merging)"
done

echo "1..$n"
[ "$failed" -eq 0 ]
