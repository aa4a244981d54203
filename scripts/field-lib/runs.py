"""Running the tool for scripts/check-field: each run timed and judged (a crash, a usage error),
copies of bundles, snapshots of their bytes, and every surface of the registry as
Tests/CLITests/CorpusSurfaceTests.swift runs it."""
import json
import os
import shutil
import subprocess
import time

import tables

# docs/cli-contract.md: 0 success, 1 the command found problems, 2 bad usage, any other failure
# (unreadable bundle, I/O error) non-zero with a message; 3 is what "any other failure" uses.
USAGE = 2


class Problems:
    """What one bundle's runs found, by count, each with its command and detail."""

    COUNTS = ("crashes", "usage errors", "refusals", "values lost", "non-idempotent", "round-trip differences",
              "disagreements", "read-only writes")

    def __init__(self):
        self.found = {name: [] for name in self.COUNTS}
        self.notes = []
        self.runs = 0
        self.seconds = 0.0

    def note(self, command, detail):
        """What was not tried, or passed as the contract says, printed but not counted."""
        self.notes.append(f"{command}: {detail}")

    def add(self, count, command, detail):
        self.found[count].append(f"{command}: {detail}")


class Tool:
    def __init__(self, path, problems):
        self.path = path
        self.problems = problems

    def run(self, arguments, expect=(0, 1), cwd=None):
        """Runs the tool; a signal, "Fatal error", a usage error or an exit outside `expect` is counted."""
        started = time.monotonic()
        process = subprocess.run([self.path] + arguments, capture_output=True, cwd=cwd)
        self.problems.runs += 1
        self.problems.seconds += time.monotonic() - started
        status, stderr = process.returncode, process.stderr.decode("utf-8", "replace")
        command = " ".join(arguments[:1] + [shorten(a) for a in arguments[1:]])
        if status < 0 or status >= 128 or "Fatal error" in stderr:
            self.problems.add("crashes", command, f"exit {status}: {last_line(stderr)}")
        elif status == USAGE and USAGE not in expect:
            self.problems.add("usage errors", command, f"exit 2: {last_line(stderr)}")
        elif status not in expect:
            self.problems.add("refusals", command, f"exit {status}: {last_line(stderr)}")
        return process

    def json(self, arguments):
        """The JSON document a run prints, or None (counted as a refusal) where it prints none."""
        process = self.run(arguments)
        try:
            return json.loads(process.stdout)
        except ValueError:
            self.problems.add("refusals", arguments[0], f"no JSON document on stdout: {last_line(process.stderr.decode('utf-8', 'replace'))}")
            return None


def shorten(argument):
    """An argument as printed: temporary paths by their last components."""
    if argument.startswith("/") and "field-" in argument:
        return ".../" + "/".join(argument.split("/")[-2:])
    return argument


def last_line(text):
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1][:300] if lines else "(nothing on stderr)"


def copy_bundle(source, folder, name="Settings.bundle"):
    """A fresh copy of the bundle at `source` in `folder` (created), symbolic links kept as links."""
    os.makedirs(folder, exist_ok=True)
    target = os.path.join(folder, name)
    shutil.copytree(source, target, symlinks=True)
    return target


def snapshot(root):
    """Every file under `root`, by relative path, to its bytes (a link to its target)."""
    files = {}
    for folder, subfolders, names in os.walk(root):
        subfolders.sort()
        for name in names + [s for s in subfolders if os.path.islink(os.path.join(folder, s))]:
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, root)
            if os.path.islink(path):
                files[relative] = b"link:" + os.readlink(path).encode("utf-8", "surrogateescape")
            elif os.path.isfile(path):
                with open(path, "rb") as handle:
                    files[relative] = handle.read()
    return files


def changed(before, after):
    """The relative paths whose bytes differ, appeared or went."""
    return sorted(path for path in set(before) | set(after) if before.get(path) != after.get(path))


def read_tables(root):
    """Every `.strings` table of an `.lproj` folder of the bundle at `root`, by relative path, as
    field-lib reads it (None where the device cannot read it)."""
    result = {}
    for entry in sorted(os.listdir(root)):
        folder = os.path.join(root, entry)
        if not entry.endswith(".lproj") or not os.path.isdir(folder) or os.path.islink(folder):
            continue
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if name.endswith(".strings") and os.path.isfile(path) and not os.path.islink(path):
                with open(path, "rb") as handle:
                    result[f"{entry}/{name}"] = tables.read_table(handle.read())
    return result


def surfaces(registry_path):
    with open(registry_path, encoding="utf-8") as handle:
        return json.load(handle)["surfaces"]


def inputs(tool, bundle, folder):
    """The registry's placeholders for a copy of a corpus bundle, as CorpusSurfaceTests fills them:
    the bundle's own exports, a baseline, an app folder with a table, a locale."""
    for option in ("--xliff", "--xcloc", "--xcstrings"):
        tool.run(["extract", bundle, option, os.path.join(folder, "inputs" + option[2:])])
    tool.run(["check", bundle, "--write-baseline", os.path.join(folder, "baseline.json")])
    lprojs = sorted(name for name in os.listdir(bundle) if name.endswith(".lproj") and name != "Base.lproj")
    locale = next((name[:-6] for name in lprojs if name not in ("en.lproj", "English.lproj")), "en")
    app = os.path.join(folder, "app", locale + ".lproj")
    os.makedirs(app, exist_ok=True)
    with open(os.path.join(app, "Localizable.strings"), "w", encoding="utf-8") as handle:
        handle.write(f'"Sound" = "Sound ({locale})";\n')

    commit(folder, os.path.relpath(bundle, folder))

    def first(subfolder, suffix):
        names = sorted(os.listdir(os.path.join(folder, subfolder))) if os.path.isdir(os.path.join(folder, subfolder)) else []
        return os.path.join(folder, subfolder, next((n for n in names if n.endswith(suffix)), "none" + suffix))

    return {"{bundle}": bundle, "{out}": os.path.join(folder, "out"), "{catalog}": os.path.join(folder, "Settings.xcstrings"),
            "{xliff}": first("inputsxliff", ".xliff"), "{xcloc}": first("inputsxcloc", ".xcloc"),
            "{xcstrings}": first("inputsxcstrings", ".xcstrings"), "{exports}": os.path.join(folder, "inputsxliff"),
            "{baseline}": os.path.join(folder, "baseline.json"), "{app}": os.path.join(folder, "app"), "{locale}": locale,
            "{ref}": "HEAD"}


def commit(folder, path):
    """`folder` made a git repository holding `path` as it is, for check --new-since HEAD (a fixed
    author, whatever the machine's git configuration), as Tests/CLITests/TestGit.swift does."""
    environment = dict(os.environ, HOME=folder, GIT_CONFIG_NOSYSTEM="1")
    git = ["git", "-C", folder, "-c", "user.name=t", "-c", "user.email=t@example.com"]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "check": True, "env": environment}
    if not os.path.isdir(os.path.join(folder, ".git")):
        subprocess.run(git + ["init", "-q"], **quiet)
    subprocess.run(git + ["--literal-pathspecs", "add", "--", path], **quiet)
    subprocess.run(git + ["commit", "-q", "--allow-empty", "-m", "the bundle"], **quiet)


def every_surface(tool, source, work, registry):
    """Every surface of the registry on copies of the bundle at `source`: a surface that writes gets
    a copy of its own, the others share one, which must stay byte for byte as it was. Exits 0, 1
    and 3 are what the tests accept (3: a refusal with a message, e.g. a document with no section
    for the bundle); 2, a signal or "Fatal error" is counted."""
    shared_folder = os.path.join(work, "surfaces")
    shared = copy_bundle(source, shared_folder)
    placeholders = inputs(tool, shared, shared_folder)
    pristine = snapshot(shared)
    for number, surface in enumerate(registry):
        values = dict(placeholders)
        if surface["writes"]:
            folder = os.path.join(work, f"surface-{number}")
            values.update({"{bundle}": copy_bundle(source, folder), "{out}": os.path.join(folder, "out"),
                           "{catalog}": os.path.join(folder, "Settings.xcstrings")})
        arguments = []
        for argument in surface["arguments"]:
            for placeholder, value in values.items():
                argument = argument.replace(placeholder, value)
            arguments.append(argument)
        tool.run(arguments, expect=(0, 1, 3))
        if not surface["writes"]:
            difference = changed(pristine, snapshot(shared))
            if difference:
                tool.problems.add("read-only writes", surface["name"], f"changed {', '.join(difference[:5])}")
        shutil.rmtree(os.path.join(shared_folder, "out"), ignore_errors=True)
        if surface["writes"]:
            shutil.rmtree(os.path.join(work, f"surface-{number}"), ignore_errors=True)
    shutil.rmtree(shared_folder, ignore_errors=True)
    return len(registry)
