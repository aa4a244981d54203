"""The commands scripts/bench times and scripts/check-linearity counts: every command and option of
settings-l10n that does work per item, with the inputs they read prepared once per size.

A size's folder (made by generate.py) holds Settings.bundle, po/ and app/ (the app's catalogs); `prepare`
adds, with the tool itself: exports/ (extract --xliff: one XLIFF per locale), exports-xcloc/
(extract --xcloc), exports-xcstrings/ (extract --xcstrings: one String Catalog per table),
wholeapp/ (each locale's XLIFF as an Xcode whole-app export: this bundle's sections under
BenchApp/Settings.bundle/, beside a section of the app's Localizable.strings) and baseline.json
(check --write-baseline), and sync/catalogs/ (sync: the bundle adopted into a String Catalog per
table, from a copy of the bundle, whose tables adoption leaves alone), sync/minified/ (the same
catalogs on one line each, as a minifier writes them) and config-oneline.json (a configuration on
one line ignoring the catalogs' keys, up to the configuration's 1 MiB): JSON on one line, whose
positions were once counted from the line's start for each string; and newtable/ (a copy of the
bundle whose first locale's folder has no table, for an import that makes them). The commands that write (extract, --write-baseline, render --format
html and png, the real merge) write elsewhere in the folder, never into what the others read.
"""
import json
import os
import re
import shutil
import subprocess


class Command:
    """`argv(folder, tool)`: the command line for a size's folder. `statuses`: the exit statuses
    of a run that did the work (check exits 1 when it finds errors, merge --check 1 when a merge
    would change a file). `copy`: runs on a fresh copy of the bundle (it writes the tables; what
    it wrote beside the copy, a catalog, goes with it). `surfaces`: the surfaces of the tool's
    registry (Tests/CLITests/Golden/surfaces.json) whose work it times: every surface that
    scales must be timed by one (`untimed`). `reads(folder)`: what it reads besides the bundle
    (the documents, catalogs, baseline or configuration it is given), for its input's bytes
    (`input_bytes`), which the bench's memory target is set against."""

    def __init__(self, name, label, argv, statuses=(0,), copy=False, surfaces=(), reads=lambda f: (), drawn=None):
        self.name, self.label, self.argv, self.statuses, self.copy = name, label, argv, statuses, copy
        self.surfaces, self.reads = surfaces, reads
        # `drawn(folder)`: the folder a screenshot command draws its pages into, whose PNGs its
        # last run left (the bench gives its time and memory per page drawn).
        self.drawn = drawn


def pages_drawn(folder):
    """The PNGs under `folder`: the pages a screenshot command drew."""
    return sum(name.endswith(".png") for _, _, names in os.walk(folder) for name in names)


def bytes_under(path):
    """The bytes of a file, or of every file under a folder."""
    if os.path.isfile(path):
        return os.path.getsize(path)
    return sum(os.path.getsize(os.path.join(d, name)) for d, _, names in os.walk(path) for name in names)


def input_bytes(command, folder):
    """The bytes `command` reads on the size in `folder`: the bundle (a writing command's copy
    holds the same bytes) and every file it is given (`Command.reads`). What it writes is not
    counted, nor what it reads of itself (the binary, the libraries)."""
    return bytes_under(bundle_of(folder)) + sum(bytes_under(path) for path in command.reads(folder))


def bundle_of(folder):
    return os.path.join(folder, "Settings.bundle")


def copy_of(folder, name="copy"):
    """The copy of the bundle a writing command runs on: one folder per command, so that runs of
    two commands on the same size at once (scripts/check-linearity's jobs) never share one."""
    return os.path.join(folder, "copies", name, "Settings.bundle")


def first_locale(folder):
    return sorted(name[:-6] for name in os.listdir(os.path.join(folder, "exports")) if name.endswith(".xliff"))[0]


def _commands():
    b = bundle_of
    j = os.path.join
    return [
        Command("check", "check", lambda f, t: [t, "check", b(f), "--format", "json"], (0, 1), surfaces=("check --format json",)),
        Command("status", "status", lambda f, t: [t, "status", b(f)], surfaces=("status",)),
        Command("extract", "extract --format json", lambda f, t: [t, "extract", b(f), "--format", "json"], surfaces=("extract --format json",)),
        Command("merge", "merge --dry-run", lambda f, t: [t, "merge", b(f), "--dry-run"], surfaces=("merge --dry-run",)),
        Command("merge-check", "merge --check", lambda f, t: [t, "merge", b(f), "--check"], (0, 1), surfaces=("merge --check",)),
        Command("merge-write", "merge (writes every table)", lambda f, t: [t, "merge", copy_of(f, "merge-write")], copy=True, surfaces=("merge",)),
        Command("merge-fill", "merge --fill-from app/ --dry-run",
                lambda f, t: [t, "merge", b(f), "--fill-from", j(f, "app"), "--dry-run"], surfaces=("merge --fill-from --dry-run",), reads=lambda f: [j(f, "app")]),
        Command("render", "render --locale all --format json", lambda f, t: [t, "render", b(f), "--locale", "all", "--format", "json"], surfaces=("render --format json",)),
        Command("render-html", "render --locale all --format html",
                lambda f, t: [t, "render", b(f), "--locale", "all", "--format", "html", "--output", j(f, "out", "html")], surfaces=("render --format html",)),
        Command("sarif", "check --format sarif", lambda f, t: [t, "check", b(f), "--format", "sarif"], (0, 1), surfaces=("check --format sarif",)),
        Command("check-gitlab", "check --format gitlab", lambda f, t: [t, "check", b(f), "--format", "gitlab"], (0, 1), surfaces=("check --format gitlab",)),
        Command("check-junit", "check --format junit", lambda f, t: [t, "check", b(f), "--format", "junit"], (0, 1), surfaces=("check --format junit",)),
        # The bundle at the commit prepare made of it (git archive, then a second check): it reads
        # the bundle twice, as it is and as the commit holds it.
        Command("check-new-since", "check --new-since (the committed bundle)", lambda f, t: [t, "check", b(f), "--new-since", "HEAD", "--format", "json"],
                (0, 1), surfaces=("check --new-since",), reads=lambda f: [b(f)]),
        Command("check-baseline", "check --baseline", lambda f, t: [t, "check", b(f), "--format", "json", "--baseline", j(f, "baseline.json")], (0, 1), surfaces=("check --baseline",), reads=lambda f: [j(f, "baseline.json")]),
        Command("write-baseline", "check --write-baseline", lambda f, t: [t, "check", b(f), "--write-baseline", j(f, "out", "baseline.json")], surfaces=("check --write-baseline",)),
        Command("extract-xliff", "extract --xliff (every locale)", lambda f, t: [t, "extract", b(f), "--xliff", j(f, "out", "xliff"), "--force"], surfaces=("extract --xliff",)),
        Command("extract-xcloc", "extract --xcloc (every locale)", lambda f, t: [t, "extract", b(f), "--xcloc", j(f, "out", "xcloc"), "--force"], surfaces=("extract --xcloc",)),
        Command("extract-xcstrings", "extract --xcstrings", lambda f, t: [t, "extract", b(f), "--xcstrings", j(f, "out", "xcstrings"), "--force"], surfaces=("extract --xcstrings",)),
        Command("import-xliff", "import --dry-run of one locale's .xliff",
                lambda f, t: [t, "import", b(f), j(f, "exports", first_locale(f) + ".xliff"), "--dry-run"], surfaces=("import --dry-run", "import xliff"), reads=lambda f: [j(f, "exports", first_locale(f) + ".xliff")]),
        # Into a language whose folder lacks its tables: import makes each only where it hides
        # none of the development language's texts, which it checks string by string.
        Command("import-new-table", "import --dry-run, one .xliff, no tables yet",
                lambda f, t: [t, "import", j(f, "newtable", "Settings.bundle"), j(f, "exports", first_locale(f) + ".xliff"), "--dry-run"],
                surfaces=("import --dry-run",), reads=lambda f: [j(f, "exports", first_locale(f) + ".xliff")]),
        Command("import", "import --dry-run of a folder of .xliff", lambda f, t: [t, "import", b(f), j(f, "exports"), "--dry-run"], surfaces=("import folder",), reads=lambda f: [j(f, "exports")]),
        Command("import-wholeapp", "import --dry-run, whole-app .xliff", lambda f, t: [t, "import", b(f), j(f, "wholeapp"), "--dry-run"],
                reads=lambda f: [j(f, "wholeapp")]),
        Command("import-xcloc", "import --dry-run of a folder of .xcloc", lambda f, t: [t, "import", b(f), j(f, "exports-xcloc"), "--dry-run"], surfaces=("import xcloc",), reads=lambda f: [j(f, "exports-xcloc")]),
        Command("import-xcstrings", "import --dry-run of a folder of .xcstrings",
                lambda f, t: [t, "import", b(f), j(f, "exports-xcstrings"), "--dry-run"], surfaces=("import xcstrings",), reads=lambda f: [j(f, "exports-xcstrings")]),
        # One catalog per table (a folder of them): the large bundle in one catalog would be
        # 288 MB, more than settings-l10n reads (256 MiB), which sync refuses to write.
        Command("sync-adopt", "sync --dry-run (adopting into new catalogs)",
                lambda f, t: [t, "sync", b(f), "--catalog", j(f, "out", "new-catalogs"), "--dry-run"], surfaces=("sync --dry-run", "sync, a catalog per table")),
        Command("sync-check", "sync --check (adopted catalogs)",
                lambda f, t: [t, "sync", b(f), "--catalog", j(f, "sync", "catalogs"), "--check"], (0, 1), surfaces=("sync --check",), reads=lambda f: [j(f, "sync", "catalogs")]),
        # The other surfaces that scale: each output format and mode once, on the same inputs.
        Command("check-text", "check (text)", lambda f, t: [t, "check", b(f)], (0, 1), surfaces=("check",)),
        Command("check-github", "check --format github", lambda f, t: [t, "check", b(f), "--format", "github"], (0, 1),
                surfaces=("check --format github",)),
        Command("check-locale", "check --locale (one locale)", lambda f, t: [t, "check", b(f), "--locale", first_locale(f)], (0, 1),
                surfaces=("check --locale",)),
        Command("check-output", "check --output", lambda f, t: [t, "check", b(f), "--format", "json", "--output", j(f, "out", "report.json")], (0, 1),
                surfaces=("check --output",)),
        Command("status-json", "status --format json", lambda f, t: [t, "status", b(f), "--format", "json"], surfaces=("status --format json",)),
        Command("status-markdown", "status --format markdown", lambda f, t: [t, "status", b(f), "--format", "markdown"],
                surfaces=("status --format markdown",)),
        Command("status-locale", "status --locale (one locale)", lambda f, t: [t, "status", b(f), "--locale", first_locale(f)],
                surfaces=("status --locale",)),
        Command("extract-text", "extract (text)", lambda f, t: [t, "extract", b(f)], surfaces=("extract",)),
        Command("extract-xliff-locale", "extract --xliff --locale (one locale)",
                lambda f, t: [t, "extract", b(f), "--xliff", j(f, "out", "xliff-one"), "--locale", first_locale(f), "--force"],
                surfaces=("extract --xliff --locale",)),
        Command("extract-xcstrings-locale", "extract --xcstrings --locale (one locale)",
                lambda f, t: [t, "extract", b(f), "--xcstrings", j(f, "out", "xcstrings-one"), "--locale", first_locale(f), "--force"],
                surfaces=("extract --xcstrings --locale",)),
        Command("merge-check-json", "merge --check --format json", lambda f, t: [t, "merge", b(f), "--check", "--format", "json"], (0, 1),
                surfaces=("merge --check --format json",)),
        Command("merge-check-locale", "merge --check --locale (one locale)",
                lambda f, t: [t, "merge", b(f), "--check", "--locale", first_locale(f)], (0, 1), surfaces=("merge --check --locale",)),
        Command("merge-prune", "merge --prune (writes)", lambda f, t: [t, "merge", copy_of(f, "merge-prune"), "--prune"], copy=True, surfaces=("merge --prune",)),
        Command("merge-fill-source", "merge --fill source (writes)", lambda f, t: [t, "merge", copy_of(f, "merge-fill-source"), "--fill", "source"], copy=True,
                surfaces=("merge --fill source",)),
        Command("render-text", "render --locale all (text)", lambda f, t: [t, "render", b(f), "--locale", "all"], surfaces=("render",)),
        Command("render-languages", "render --languages (a user's list)",
                lambda f, t: [t, "render", b(f), "--languages", "fr," + first_locale(f), "--format", "json"], surfaces=("render --languages",)),
        # Screenshots of one locale's pages (headless Chromium: a browser start, then each page drawn).
        Command("render-png", "render --format png --locale (one locale)",
                lambda f, t: [t, "render", b(f), "--locale", first_locale(f), "--format", "png", "--output", j(f, "out", "png"), "--force"],
                surfaces=("render --format png",), drawn=lambda f: j(f, "out", "png")),
        # The same pages drawn into one locale's .xcloc package, with Xcode's map of them.
        Command("extract-xcloc-screenshots", "extract --xcloc --screenshots --locale (one locale)",
                lambda f, t: [t, "extract", b(f), "--xcloc", j(f, "out", "xcloc-shots"), "--locale", first_locale(f), "--screenshots", "--force"],
                surfaces=("extract --xcloc --screenshots",), drawn=lambda f: j(f, "out", "xcloc-shots")),
        # sync writing: adopted into catalogs beside a fresh copy, then again with --prune.
        Command("sync-write", "sync (writes the catalogs)",
                lambda f, t: [t, "sync", copy_of(f, "sync-write"), "--catalog", j(os.path.dirname(copy_of(f, "sync-write")), "catalogs")], copy=True,
                surfaces=("sync",)),
        Command("sync-prune", "sync --prune (writes the catalogs)",
                lambda f, t: [t, "sync", copy_of(f, "sync-prune"), "--catalog", j(os.path.dirname(copy_of(f, "sync-prune")), "catalogs"), "--prune"], copy=True,
                surfaces=("sync --prune",)),
        Command("sync-prefer-tables", "sync --prefer-tables (writes the catalogs)",
                lambda f, t: [t, "sync", copy_of(f, "sync-prefer-tables"), "--catalog", j(os.path.dirname(copy_of(f, "sync-prefer-tables")), "catalogs"), "--prefer-tables"],
                copy=True, surfaces=("sync --prefer-tables",)),
        Command("sync-check-minified", "sync --check (minified catalogs)",
                lambda f, t: [t, "sync", b(f), "--catalog", j(f, "sync", "minified"), "--check"], (0, 1), surfaces=("sync --check",), reads=lambda f: [j(f, "sync", "minified")]),
        Command("check-catalog-minified", "check --catalog (minified catalogs)",
                lambda f, t: [t, "check", b(f), "--format", "json", "--catalog", j(f, "sync", "minified")], (0, 1), surfaces=("check --format json",), reads=lambda f: [j(f, "sync", "minified")]),
        Command("status-config-oneline", "status --config (a configuration on one line)",
                lambda f, t: [t, "status", b(f), "--config", j(f, "config-oneline.json")], surfaces=("status",), reads=lambda f: [j(f, "config-oneline.json")]),
    ]


COMMANDS = _commands()
BY_NAME = {command.name: command for command in COMMANDS}
REGISTRY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "CLITests", "Golden", "surfaces.json")


def untimed():
    """The surfaces of the tool's registry that scale and that no command here times: a path a
    user can take that the bench and scripts/check-linearity would not see grow."""
    import json
    timed = {surface for command in COMMANDS for surface in command.surfaces}
    registry = json.load(open(REGISTRY))["surfaces"]
    unknown = timed - {surface["name"] for surface in registry}
    if unknown:
        raise SystemExit(f"scripts/bench-lib/commands.py times surfaces the registry does not have: {', '.join(sorted(unknown))}")
    return [surface["name"] for surface in registry if surface["scales"] and surface["name"] not in timed]


def whole_app(xliff_text):
    """A settings-l10n export as Xcode's whole-app export of an app holding the bundle: each
    section's original under BenchApp/Settings.bundle/, and a section of the app's own strings."""
    text = re.sub(r'original="([^"/]+\.lproj/[^"/]+\.strings)"', r'original="BenchApp/Settings.bundle/\1"', xliff_text)
    match = re.search(r'<file [^>]*target-language="([^"]+)"', text)
    language = match.group(1) if match else "de"
    units = "".join(f'<trans-unit id="app.string.{i}"><source>App string {i}</source><target>App string {i} ({language})</target></trans-unit>\n'
                    for i in range(20))
    section = (f'<file original="BenchApp/en.lproj/Localizable.strings" source-language="en" target-language="{language}" datatype="plaintext">\n'
               f'<body>\n{units}</body>\n</file>\n')
    return text.replace("</xliff>", section + "</xliff>", 1)


# Commands that read nothing `prepare` makes.
READS_BUNDLE_ONLY = {"merge", "merge-check", "merge-write", "extract-xliff", "extract"}


def prepare(folder, tool, stamp_text, only=None):
    """Makes the inputs the commands read, once per generated bundle (and binary: `stamp_text`).
    `only`: the names of the only commands that will run (scripts/bench --quick on the all-change
    bundle and the 60,000-string table): then only what they read is made."""
    stamp = os.path.join(folder, "inputs.stamp")
    made = open(stamp).read() if os.path.exists(stamp) else None
    if made == stamp_text:
        return
    if only is not None:
        stamp_text += " for " + ",".join(sorted(only))
        if made == stamp_text:
            return
    bundle = bundle_of(folder)
    for name in ("exports", "exports-xcloc", "exports-xcstrings", "wholeapp", "out", "sync", "newtable"):
        shutil.rmtree(os.path.join(folder, name), ignore_errors=True)
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "check": True}
    if only is not None and set(only) <= READS_BUNDLE_ONLY | {"import-xliff"}:
        # The merges and the exports read the bundle alone (the exports write into out/); the
        # import of one locale's XLIFF reads exports/.
        if not set(only) <= READS_BUNDLE_ONLY:
            subprocess.run([tool, "extract", bundle, "--xliff", os.path.join(folder, "exports")], **quiet)
        os.makedirs(os.path.join(folder, "out"))
        open(stamp, "w").write(stamp_text)
        return
    subprocess.run([tool, "extract", bundle, "--xliff", os.path.join(folder, "exports")], **quiet)
    subprocess.run([tool, "extract", bundle, "--xcloc", os.path.join(folder, "exports-xcloc")], **quiet)
    subprocess.run([tool, "extract", bundle, "--xcstrings", os.path.join(folder, "exports-xcstrings")], **quiet)
    subprocess.run([tool, "check", bundle, "--write-baseline", os.path.join(folder, "baseline.json")], **quiet)
    adopted = os.path.join(folder, "sync", "Settings.bundle")
    shutil.copytree(bundle, adopted)
    subprocess.run([tool, "sync", adopted, "--catalog", os.path.join(folder, "sync", "catalogs")], **quiet)
    shutil.rmtree(adopted)
    one_line_inputs(folder)
    without_tables(folder)
    os.makedirs(os.path.join(folder, "wholeapp"))
    for name in os.listdir(os.path.join(folder, "exports")):
        with open(os.path.join(folder, "exports", name), encoding="utf-8") as source:
            text = whole_app(source.read())
        with open(os.path.join(folder, "wholeapp", name), "w", encoding="utf-8") as target:
            target.write(text)
    os.makedirs(os.path.join(folder, "out"))
    commit_bundle(folder)
    open(stamp, "w").write(stamp_text)


def without_tables(folder):
    """newtable/Settings.bundle: the bundle with the first locale's folder emptied of its tables,
    which an import of that locale's export makes again (import-new-table)."""
    copy = os.path.join(folder, "newtable", "Settings.bundle")
    shutil.copytree(bundle_of(folder), copy)
    emptied = os.path.join(copy, first_locale(folder) + ".lproj")
    for name in os.listdir(emptied):
        if name.endswith(".strings"):
            os.remove(os.path.join(emptied, name))


def commit_bundle(folder):
    """The size's folder made a git repository of its own holding the bundle, for check
    --new-since HEAD (a fixed author and date, whatever the machine's git configuration)."""
    environment = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", HOME=folder, GIT_AUTHOR_DATE="2026-01-01T00:00:00Z",
                       GIT_COMMITTER_DATE="2026-01-01T00:00:00Z")
    git = ["git", "-C", folder, "-c", "user.name=bench", "-c", "user.email=bench@example.com"]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "check": True, "env": environment}
    if not os.path.isdir(os.path.join(folder, ".git")):
        subprocess.run(git + ["init", "-q"], **quiet)
    subprocess.run(git + ["add", "--", "Settings.bundle"], **quiet)
    subprocess.run(git + ["commit", "-q", "--allow-empty", "-m", "the bench bundle"], **quiet)


# The configuration's size limit (1 MiB), less room for the closing brackets.
CONFIGURATION_LIMIT = (1 << 20) - 16


def one_line_inputs(folder):
    """sync/minified/ (each adopted catalog on one line) and config-oneline.json (a configuration
    on one line whose `ignore` names the catalogs' keys, as many as fit in 1 MiB)."""
    catalogs, minified = os.path.join(folder, "sync", "catalogs"), os.path.join(folder, "sync", "minified")
    os.makedirs(minified)
    keys = []
    for name in sorted(os.listdir(catalogs)):
        with open(os.path.join(catalogs, name), encoding="utf-8") as source:
            document = json.load(source)
        keys += list(document["strings"])
        with open(os.path.join(minified, name), "w", encoding="utf-8") as target:
            json.dump(document, target, ensure_ascii=False, separators=(",", ":"))
    entries, size = [], len('{"ignore":[]}')
    for key in keys:
        entry = json.dumps({"rule": "missing-translation", "key": key}, ensure_ascii=False, separators=(",", ":"))
        if size + len(entry.encode()) + 1 > CONFIGURATION_LIMIT:
            break
        entries.append(entry)
        size += len(entry.encode()) + 1
    with open(os.path.join(folder, "config-oneline.json"), "w", encoding="utf-8") as target:
        target.write('{"ignore":[' + ",".join(entries) + "]}")


def fresh_copy(folder, command):
    """A copy of the bundle for a command that writes its tables (and what it wrote beside the
    copy, sync's catalogs, removed), flushed to disk, so that each run starts alike."""
    def run():
        target = copy_of(folder, command.name)
        shutil.rmtree(os.path.dirname(target), ignore_errors=True)
        shutil.copytree(bundle_of(folder), target)
        os.sync()
    return run
