"""Synthetic Settings bundles for scripts/bench, and the same content as gettext PO files.

Deterministic (seeded): the same size always gives the same bytes. A bundle of F schema files
of S specifiers each, L locales besides English: groups with footers, switches, text fields,
sliders, read-only values, pickers of 5-20 options (a third sorted by title, a third with short
titles), radio groups; one table per schema file; UTF-16 (with BOM) tables for a third of the
languages, UTF-8 for the rest; about 5% of the keys missing in each language and a few stale
keys in every table.

The all-change sizes (ALL_CHANGE) model a bundle where every table changes: in every table of
every language but English, at least one key missing (about 5%), three stale keys, and at least
one key changed (about 5%): the table holds it under its previous spelling (in lower case), which
merge and msgmerge both take as a fuzzy match.

Beside the bundle and the PO files, each size has the app's own translations of every key (in
every language) as String Catalogs in app/, one per 50 tables, for `merge --fill-from`.
"""
import json
import os
import random
import shutil

SIZES = {
    "small": (10, 30, 10),
    "medium": (50, 50, 40),
    "large": (200, 50, 40),
    "xlarge": (400, 50, 40),
    # 50 schema files and 800 tables (15 locales), 8 MiB: every table changes (missing, stale and
    # fuzzy keys in each).
    "allchange": (50, 22, 15),
    # One table of some 60,000 strings, one locale: an export and its import (issue 29).
    "onetable": (1, 12000, 1),
}
ALL_CHANGE = {"allchange"}

LOCALES = ["de", "fr", "es", "it", "ja", "ko", "zh-Hans", "zh-Hant", "pt-BR", "ru", "sv", "da", "fi", "nb", "nl",
           "pl", "cs", "tr", "ar", "he", "el", "hu", "ro", "sk", "uk", "vi", "th", "id", "ms", "hi", "ca", "hr",
           "sl", "lt", "lv", "et", "bg", "sr", "fa", "es-MX"]

ADJECTIVES = ["Automatic", "Quick", "Silent", "Shared", "Private", "Offline", "Daily", "Weekly", "Secure", "Smart",
              "Custom", "Default", "Advanced", "Basic", "Compact", "Expanded", "Nightly", "Local", "Remote", "Live"]
NOUNS = ["sync", "backup", "download", "upload", "preview", "reminder", "alert", "theme", "layout", "cache",
         "history", "search", "filter", "playback", "recording", "location", "network", "storage", "export", "import"]
OPTIONS = ["Never", "Always", "Hourly", "Daily", "Weekly", "Monthly", "Low", "Medium", "High", "Maximum", "Minimum",
           "Small", "Large", "Light", "Dark", "System", "Fast", "Slow", "Balanced", "Off", "On", "Ask", "Auto", "Manual"]


def title(rng, file_index, n):
    return f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)} {file_index}.{n}"


def translate(text, locale):
    return f"{text} ({locale})" if locale not in ("ja", "zh-Hans", "zh-Hant", "ko") else f"{text}【{locale}】"


def xml_string(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def schema(rng, file_index, specifiers, children):
    """One schema file as XML, and its localizable strings in catalog order."""
    table = "Root" if file_index == 0 else f"Pane{file_index:03d}"
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
           '<plist version="1.0">', "<dict>", "\t<key>StringsTable</key>", f"\t<string>{table}</string>",
           "\t<key>PreferenceSpecifiers</key>", "\t<array>"]
    keys = []
    seen = set()
    counter = 0

    def add(key):
        if key not in seen:
            seen.add(key)
            keys.append(key)
        return xml_string(key)

    def strings(name, values):
        return [f"\t\t\t<key>{name}</key>", "\t\t\t<array>"] + [f"\t\t\t\t<string>{v}</string>" for v in values] + ["\t\t\t</array>"]

    for n in range(specifiers):
        counter += 1
        kind = n % 8
        body = []
        if kind == 0:
            body = ["\t\t\t<key>Type</key>", "\t\t\t<string>PSGroupSpecifier</string>",
                    "\t\t\t<key>Title</key>", f"\t\t\t<string>{add(title(rng, file_index, counter))}</string>",
                    "\t\t\t<key>FooterText</key>", f"\t\t\t<string>{add('Explains what ' + title(rng, file_index, counter) + ' changes on this device.')}</string>"]
        elif kind in (1, 5):
            body = ["\t\t\t<key>Type</key>", "\t\t\t<string>PSToggleSwitchSpecifier</string>",
                    "\t\t\t<key>Title</key>", f"\t\t\t<string>{add(title(rng, file_index, counter))}</string>",
                    "\t\t\t<key>Key</key>", f"\t\t\t<string>toggle_{file_index}_{n}</string>",
                    "\t\t\t<key>DefaultValue</key>", "\t\t\t<true/>"]
        elif kind == 2:
            body = ["\t\t\t<key>Type</key>", "\t\t\t<string>PSTextFieldSpecifier</string>",
                    "\t\t\t<key>Title</key>", f"\t\t\t<string>{add(title(rng, file_index, counter))}</string>",
                    "\t\t\t<key>Key</key>", f"\t\t\t<string>text_{file_index}_{n}</string>",
                    "\t\t\t<key>KeyboardType</key>", "\t\t\t<string>Alphabet</string>"]
        elif kind in (3, 7):
            count = rng.randint(5, 20)
            options = [f"{rng.choice(OPTIONS)} {file_index}.{counter}.{i}" for i in range(count)]
            body = ["\t\t\t<key>Type</key>", "\t\t\t<string>PSMultiValueSpecifier</string>",
                    "\t\t\t<key>Title</key>", f"\t\t\t<string>{add(title(rng, file_index, counter))}</string>",
                    "\t\t\t<key>Key</key>", f"\t\t\t<string>pick_{file_index}_{n}</string>",
                    "\t\t\t<key>DefaultValue</key>", "\t\t\t<integer>0</integer>"]
            body += strings("Titles", [add(o) for o in options])
            if n % 3 == 0:
                body += strings("ShortTitles", [add(o.split(" ")[0][:3] + f" {i}") for i, o in enumerate(options)])
            body += ["\t\t\t<key>Values</key>", "\t\t\t<array>"] + [f"\t\t\t\t<integer>{i}</integer>" for i in range(count)] + ["\t\t\t</array>"]
            if n % 3 == 1:
                body += ["\t\t\t<key>DisplaySortedByTitle</key>", "\t\t\t<true/>"]
        elif kind == 4:
            body = ["\t\t\t<key>Type</key>", "\t\t\t<string>PSSliderSpecifier</string>",
                    "\t\t\t<key>Key</key>", f"\t\t\t<string>slide_{file_index}_{n}</string>",
                    "\t\t\t<key>DefaultValue</key>", "\t\t\t<real>0.5</real>",
                    "\t\t\t<key>MinimumValue</key>", "\t\t\t<real>0</real>",
                    "\t\t\t<key>MaximumValue</key>", "\t\t\t<real>1</real>"]
        elif kind == 6:
            count = rng.randint(5, 8)
            options = [f"{rng.choice(OPTIONS)} {file_index}.{counter}.{i}" for i in range(count)]
            body = ["\t\t\t<key>Type</key>", "\t\t\t<string>PSRadioGroupSpecifier</string>",
                    "\t\t\t<key>Title</key>", f"\t\t\t<string>{add(title(rng, file_index, counter))}</string>",
                    "\t\t\t<key>Key</key>", f"\t\t\t<string>radio_{file_index}_{n}</string>",
                    "\t\t\t<key>DefaultValue</key>", "\t\t\t<integer>0</integer>"]
            body += strings("Titles", [add(o) for o in options])
            body += ["\t\t\t<key>Values</key>", "\t\t\t<array>"] + [f"\t\t\t\t<integer>{i}</integer>" for i in range(count)] + ["\t\t\t</array>"]
        out += ["\t\t<dict>"] + body + ["\t\t</dict>"]
    for child in children:
        name = f"Pane{child:03d}"
        out += ["\t\t<dict>", "\t\t\t<key>Type</key>", "\t\t\t<string>PSChildPaneSpecifier</string>",
                "\t\t\t<key>Title</key>", f"\t\t\t<string>{add('More ' + name)}</string>",
                "\t\t\t<key>File</key>", f"\t\t\t<string>{name}</string>", "\t\t</dict>"]
    out += ["\t</array>", "</dict>", "</plist>", ""]
    return table, "\n".join(out), keys


def strings_table(keys, values, stale, comment_file, renamed=None):
    """`renamed`: keys the table holds under their previous spelling (key -> previous key)."""
    renamed = renamed or {}
    lines = [f"/* {comment_file} */", ""]
    for key in keys:
        if key in values:
            lines.append(f"/* {comment_file} */")
            lines.append(f'"{escape(renamed.get(key, key))}" = "{escape(values[key])}";')
            lines.append("")
    for key, value in stale:
        lines.append(f'"{escape(key)}" = "{escape(value)}";')
        lines.append("")
    return "\n".join(lines)


def escape(text):
    return text.replace("\\", "\\\\").replace('"', '\\"')


PO_HEADER = """msgid ""
msgstr ""
"Project-Id-Version: bench\\n"
"Report-Msgid-Bugs-To: \\n"
"PO-Revision-Date: 2026-01-01 00:00+0000\\n"
"Last-Translator: bench\\n"
"Language-Team: bench\\n"
"Language: {language}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"

"""


def po_quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def previous_spelling(key):
    """The spelling a changed key had before: fuzzy-equal to it (case, or a final colon)."""
    return key.lower() if key.lower() != key else key + ":"


def all_change_values(rng, keys, locale):
    """A table where everything changes: (values, renamed), at least one key missing and one
    changed."""
    draws = [rng.random() for _ in keys]
    missing = {key for key, draw in zip(keys, draws) if draw < 0.05} or {keys[-1]}
    changed = {key for key, draw in zip(keys, draws) if 0.05 <= draw < 0.10 and key not in missing}
    if not changed:
        changed = {next(key for key in keys if key not in missing)}
    values = {key: translate(key, locale) for key in keys if key not in missing}
    return values, {key: previous_spelling(key) for key in changed}


# Tables per catalog of the app's translations: one catalog of xlarge's 400 tables would be 322 MB,
# more than settings-l10n reads (256 MiB).
TABLES_PER_APP_CATALOG = 50


def app_catalogs(folder, catalog, locales):
    """The app's String Catalogs, in `folder`: every key of the bundle translated into every
    language, the tables' keys in catalogs of TABLES_PER_APP_CATALOG tables each (as an app keeps
    a catalog per feature)."""
    os.makedirs(folder)
    for part in range(0, len(catalog), TABLES_PER_APP_CATALOG):
        strings = {}
        for _, _, keys in catalog[part:part + TABLES_PER_APP_CATALOG]:
            for key in keys:
                units = {locale: {"stringUnit": {"state": "translated", "value": translate(key, locale)}} for locale in locales}
                strings[key] = {"localizations": units}
        name = f"Feature{part // TABLES_PER_APP_CATALOG + 1:02d}.xcstrings"
        with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
            json.dump({"sourceLanguage": "en", "strings": strings, "version": "1.0"}, handle, ensure_ascii=False, sort_keys=True)


def generate(size, folder):
    """`size`: a name of SIZES, or a (files, specifiers, locales) tuple, or (files, specifiers,
    locales, True) for a bundle where every table changes."""
    files, specifiers, locale_count = (SIZES[size] if isinstance(size, str) else size)[:3]
    all_change = size in ALL_CHANGE if isinstance(size, str) else len(size) > 3 and size[3]
    rng = random.Random(f"settings-l10n bench {size}")
    locales = LOCALES[:locale_count]
    bundle = os.path.join(folder, "Settings.bundle")
    po = os.path.join(folder, "po")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(bundle)
    os.makedirs(po)
    catalog = []
    for index in range(files):
        children = list(range(1, files)) if index == 0 else []
        table, text, keys = schema(rng, index, specifiers, children)
        name = "Root.plist" if index == 0 else f"{table}.plist"
        with open(os.path.join(bundle, name), "w", encoding="utf-8") as handle:
            handle.write(text)
        catalog.append((table, name, keys))
    # The development language: every key, its text.
    for locale in ["en"] + locales:
        folder_name = os.path.join(bundle, f"{locale}.lproj")
        os.makedirs(folder_name)
        utf16 = locales.index(locale) % 3 == 2 if locale != "en" else False
        entries = []
        for table, name, keys in catalog:
            renamed = {}
            if locale == "en":
                values = {key: key for key in keys}
                stale = []
            else:
                if all_change:
                    values, renamed = all_change_values(rng, keys, locale)
                else:
                    values = {key: translate(key, locale) for key in keys if rng.random() >= 0.05}
                stale = [(f"Removed setting {table} {i}", f"Removed {i} ({locale})") for i in range(3)]
            entries.append((table, values, stale, renamed))
            text = strings_table(keys, values, stale, name, renamed)
            path = os.path.join(folder_name, f"{table}.strings")
            if utf16:
                with open(path, "wb") as handle:
                    handle.write(b"\xff\xfe" + text.encode("utf-16-le"))
            else:
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(text)
        if locale != "en":
            # The same translations as one PO file per locale (tables as msgctxt).
            with open(os.path.join(po, f"{locale}.po"), "w", encoding="utf-8") as handle:
                handle.write(PO_HEADER.format(language=locale))
                for table, values, stale, renamed in entries:
                    for key, value in [(renamed.get(k, k), v) for k, v in values.items()] + stale:
                        handle.write(f"msgctxt {po_quote(table)}\nmsgid {po_quote(key)}\nmsgstr {po_quote(value)}\n\n")
    with open(os.path.join(po, "template.pot"), "w", encoding="utf-8") as handle:
        handle.write(PO_HEADER.format(language=""))
        for table, name, keys in catalog:
            for key in keys:
                handle.write(f"#: {name}\nmsgctxt {po_quote(table)}\nmsgid {po_quote(key)}\nmsgstr \"\"\n\n")
    app_catalogs(os.path.join(folder, "app"), catalog, locales)
    return bundle, po, locales
