"""Whether status, check and render say the same of each language of a bundle: the rules of
Tests/CLITests/CompletenessCommandTests.swift and StatusCommandTests.swift, in Python.

- status --format json: each locale's missing count, less the strings of tables it counts as
  unreadable (check reports those tables' errors instead: the device drops the whole table);
  translated + fuzzy + missing == total for each language but the development one.
- check --format json: per locale, `missing-translation` and `development-entry-missing`
  findings, plus the count a `table-missing` finding names ("shows its 52 strings untranslated").
- render --format html: the index's "<folder>.lproj · 69.0% translated", equal to status's
  percent. (`render --format json` shows each row's text but not whether it is a translation: the
  index is where render says how much is translated.)
- field-lib (tables.py, the device's reading): per table of each language but the development
  one, the schema keys with a letter that the table does not hold, equal to status's missing
  count for that table (status also counts the source text `merge --fill source` put there, which
  a comment marks: no corpus table has one). A key needs a translation as TranslationPolicy
  says: it has a letter and is not only ever an address a row opens.
"""
import os
import re

from runs import read_tables

# A caveat may follow the share: "69.0% translated (1 table could not be read)".
DETAIL = re.compile(r'<span class="detail">([^<]*?)\.lproj · ([0-9.]+%) translated(?: \([^<]*\))?</span>')


SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def needs_translation(key, fields):
    """TranslationPolicy's rule without a configuration: a key with a letter, and not only ever
    the address a row opens (`File`) written as one (a scheme, a path, a file name)."""
    if not any(c.isalpha() for c in key):
        return False
    address = fields and all(field == "File" for field in fields) and not any(c.isspace() for c in key) and (
        SCHEME.match(key) or "/" in key or len([part for part in key.split(".") if part]) > 1)
    return not address


def device_missing(tool, bundle, status, keys):
    """Holds each table's missing count in status against field-lib's reading of the table."""
    read = read_tables(bundle)
    for locale in status["locales"]:
        if locale["developmentLanguage"]:
            continue
        for table in locale["tables"]:
            if table["file"] == "unreadable" or table["path"] is None:
                continue
            entries = read.get(table["path"]) or {}
            schema = keys.get(table["table"], {})
            expected = sum(1 for key, fields in schema.items() if needs_translation(key, fields) and key not in entries)
            if expected != table["missing"]:
                tool.problems.add("disagreements", f"status vs field-lib {table['path']}",
                                  f"status counts {table['missing']} missing, the table as the device reads it lacks {expected}")


def agreement(tool, bundle, work, options, keys):
    """Counts the languages where the three commands disagree; returns the languages compared."""
    status = tool.json(["status", bundle, "--format", "json"] + options)
    check = tool.json(["check", bundle, "--format", "json"] + options)
    output = os.path.join(work, "previews")
    tool.run(["render", bundle, "--locale", "all", "--format", "html", "--output", output] + options)
    if status is None or check is None:
        return 0
    if keys is not None:
        device_missing(tool, bundle, status, keys)
    numbers, unreadable = {}, set()
    for locale in status["locales"]:
        missing = locale["missing"]
        for table in locale["tables"]:
            if table["file"] == "unreadable":
                missing -= table["missing"]
                unreadable.add(table["path"])
        numbers[locale["locale"]] = {"status": f"{locale['percent']:.1f}%", "preview": None, "statusMissing": missing,
                                     "checkMissing": 0}
        if not locale["developmentLanguage"] and locale["translated"] + locale["fuzzy"] + locale["missing"] != locale["total"]:
            tool.problems.add("disagreements", f"status {locale['locale']}",
                              f"translated {locale['translated']} + fuzzy {locale['fuzzy']} + missing {locale['missing']} != total {locale['total']}")
    findings = check["diagnostics"]
    table_errors = {f["file"] for f in findings if f["rule"] in ("strings-syntax", "strings-encoding")}
    if not unreadable <= table_errors:
        tool.problems.add("disagreements", "status vs check", f"status counts {sorted(unreadable)} unreadable; check reports {sorted(table_errors)}")
    for finding in findings:
        folder = (finding.get("file") or "").split("/")[0]
        if not folder.endswith(".lproj") or folder[:-6] not in numbers:
            continue
        number = numbers[folder[:-6]]
        if finding["rule"] in ("missing-translation", "development-entry-missing"):
            number["checkMissing"] += 1
        elif finding["rule"] == "table-missing":
            number["checkMissing"] += int(finding["message"].split("shows its ")[1].split(" ")[0].replace(",", ""))
    index = os.path.join(output, "index.html")
    if os.path.exists(index):
        with open(index, encoding="utf-8") as handle:
            for folder, percent in DETAIL.findall(handle.read()):
                if folder in numbers:
                    numbers[folder]["preview"] = percent
    else:
        tool.problems.add("disagreements", "render --format html", "wrote no index.html")
    for locale, number in sorted(numbers.items()):
        if number["preview"] != number["status"] or number["checkMissing"] != number["statusMissing"]:
            tool.problems.add("disagreements", f"status/check/render {locale}",
                              f"status {number['status']} missing {number['statusMissing']}, render's index {number['preview']}, "
                              f"check untranslated {number['checkMissing']}")
    return len(numbers)
