"""The trials of scripts/check-field on one bundle, beside the surfaces (runs.py) and the
agreement of the commands (agree.py): values lost by merge, merge --prune and sync; merges and
syncs that are not idempotent; exports that do not come back byte for byte; a catalog export
that says a table holds what it does not hold."""
import json
import os

from runs import changed, copy_bundle, read_tables, snapshot


def table_name(path):
    """`de.lproj/Root~ipad.strings` -> `Root`: the table a file serves."""
    name = os.path.basename(path)[: -len(".strings")]
    return name.split("~")[0]


def triples(tables_read):
    """Every (table file, key, value) of the tables field-lib can read."""
    return {(path, key, repr(value)) for path, table in tables_read.items() if table is not None for key, value in table.items()}


def schema_keys(tool, bundle, options):
    """The keys the tool's `extract --format json` lists, by table name, each with the fields
    (Title, File, ...) it occurs in."""
    document = tool.json(["extract", bundle, "--format", "json"] + options)
    if document is None:
        return None
    return {table["name"]: {string["key"]: [o["field"] for o in string["occurrences"]] for string in table["strings"]}
            for table in document["tables"]}


def check_after(tool, process, command, excused):
    """`merge --check` or `sync --check` after a run: exit 0, or exit 1 for what `excused` names
    (a table the device cannot read, which both leave alone and report, as the contract says)
    with no line saying a run would change or create something."""
    output = (process.stdout + process.stderr).decode("utf-8", "replace")
    would = [line for line in output.splitlines() if ("would change" in line and "only)" not in line) or "would create" in line]
    if process.returncode == 0 or (process.returncode == 1 and excused and not would):
        if process.returncode:
            tool.problems.note(command, f"exit 1, as the contract says for {excused}")
        return
    tool.problems.add("non-idempotent", command, f"exit {process.returncode}: {(would or [output.strip()])[0][:300]}")


def losses(tool, before, after, command, keep=lambda path, key: True):
    """Counts the triples of `before` missing from `after` whose key `keep` says must survive."""
    missing = sorted(triple for triple in triples(before) - triples(after) if keep(triple[0], triple[1]))
    for path, key, value in missing[:10]:
        now = (after.get(path) or {}).get(key)
        tool.problems.add("values lost", command, f"{path}: {key!r} = {value} {'is gone' if now is None else 'now ' + repr(now)}")
    if len(missing) > 10:
        tool.problems.add("values lost", command, f"and {len(missing) - 10} more")
    return len(missing)


def idempotent(tool, bundle, arguments, command, extra_files=()):
    """Runs `arguments` again on a bundle it already ran on: no byte of the bundle (or of
    `extra_files`) may change."""
    def state():
        files = snapshot(bundle)
        for path in extra_files:
            with open(path, "rb") as handle:
                files["(outside) " + os.path.basename(path)] = handle.read()
        return files
    first = state()
    tool.run(arguments)
    difference = changed(first, state())
    if difference:
        tool.problems.add("non-idempotent", command, f"a second run changed {', '.join(difference[:5])}")


def excuse(before, unloaded):
    unreadable = sorted(path for path, table in before.items() if table is None)
    return "; ".join(filter(None, [f"tables the device cannot read ({', '.join(unreadable)})" if unreadable else "",
                                   f"schema files that do not load ({', '.join(unloaded)})" if unloaded else ""]))


def values_and_idempotence(tool, source, work, options, unloaded):
    """merge, merge --prune and sync on fresh copies: values lost, a second run changing bytes,
    --check after a run failing. Returns the number of triples before and the schema's keys."""
    before = read_tables(source)
    keys = schema_keys(tool, source, options)
    excused = excuse(before, unloaded)

    merged = copy_bundle(source, os.path.join(work, "merge"))
    tool.run(["merge", merged] + options)
    losses(tool, before, read_tables(merged), "merge")
    idempotent(tool, merged, ["merge", merged] + options, "merge")
    check_after(tool, tool.run(["merge", merged, "--check"] + options), "merge --check after merge", excused)

    pruned = copy_bundle(source, os.path.join(work, "prune"))
    tool.run(["merge", pruned, "--prune"] + options)
    if keys is not None:
        # Only keys the schema no longer uses may go.
        losses(tool, before, read_tables(pruned), "merge --prune", keep=lambda path, key: key in keys.get(table_name(path), set()))
    idempotent(tool, pruned, ["merge", pruned, "--prune"] + options, "merge --prune")

    synced = copy_bundle(source, os.path.join(work, "sync"))
    catalog = os.path.join(work, "sync", "Settings.xcstrings")
    tool.run(["sync", synced, "--catalog", catalog] + options)
    losses(tool, before, read_tables(synced), "sync")
    if os.path.exists(catalog):
        idempotent(tool, synced, ["sync", synced, "--catalog", catalog] + options, "sync", extra_files=[catalog])
        check_after(tool, tool.run(["sync", synced, "--catalog", catalog, "--check"] + options), "sync --check after sync", excused)
    elif unloaded:
        tool.problems.note("sync", f"wrote no catalog: {excused} (the contract: nothing is written until they load)")
    else:
        tool.problems.add("refusals", "sync", "wrote no catalog")
    return len(triples(before)), keys


def documents(folder, suffix):
    return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(suffix)) if os.path.isdir(folder) else []


def round_trips(tool, source, work, options, unloaded):
    """Each export format: extract, then import every document into a fresh copy; no byte of the
    bundle may change. Returns the formats tried and the exports' folder."""
    pristine = snapshot(source)
    formats = 0
    for option, suffix in (("--xliff", ".xliff"), ("--xcloc", ".xcloc"), ("--xcstrings", ".xcstrings")):
        exported = os.path.join(work, "exports" + option[2:])
        tool.run(["extract", source, option, exported] + options)
        found = documents(exported, suffix)
        formats += 1
        if not found and unloaded:
            tool.problems.note(f"extract {option}", f"wrote no document: schema files do not load ({', '.join(unloaded)}), as the contract says")
            continue
        if not found:
            tool.problems.add("round-trip differences", f"extract {option}", "wrote no document")
            continue
        copy = copy_bundle(source, os.path.join(work, "import" + option[2:]))
        for document in found:
            process = tool.run(["import", copy, document] + options)
            if process.returncode != 0:
                tool.problems.add("round-trip differences", f"import {option[2:]} {os.path.basename(document)}",
                                  f"exit {process.returncode}: {process.stderr.decode('utf-8', 'replace').strip()[:300]}")
        difference = changed(pristine, snapshot(copy))
        if difference:
            tool.problems.add("round-trip differences", f"extract {option} then import", f"changed {', '.join(difference[:5])}")
    return formats


def language(name):
    """A folder's or catalog language's name, compared: `zh_cn` and `zh-CN` are one."""
    return name.lower().replace("_", "-")


def catalog_holds_tables(tool, source, work, keys, development):
    """What the catalog export says each table holds, key by key, against field-lib's reading of
    the table: for each schema key of each table, the folder's value equals the catalog unit's
    value, and a key the table lacks has no unit (the development language: no unit where the
    value is the key itself). Returns the number of (folder, key) pairs compared."""
    before = read_tables(source)
    compared = 0
    for document in documents(os.path.join(work, "exportsxcstrings"), ".xcstrings"):
        table = os.path.basename(document)[: -len(".xcstrings")]
        with open(document, encoding="utf-8") as handle:
            strings = json.load(handle)["strings"]
        for path, read in before.items():
            if table_name(path) != table or "~" in path or read is None:
                continue
            folder = path.split("/")[0][: -len(".lproj")]
            for key in sorted((keys or {}).get(table, set())):
                units = strings.get(key, {}).get("localizations", {})
                unit = next((u for name, u in units.items() if language(name) == language(folder)), None)
                shown = unit.get("stringUnit", {}).get("value") if unit else None
                value = read.get(key)
                compared += 1
                if language(folder) == language(development) and shown is None and value in (None, key):
                    continue
                if shown != value:
                    tool.problems.add("round-trip differences", f"extract --xcstrings {table}",
                                      f"{path} holds {key!r} = {value!r}; the catalog says {shown!r}")
    return compared
