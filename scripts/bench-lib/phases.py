#!/usr/bin/env python3
"""Where the wall time of one `check --format json` goes, phase by phase (docs/performance.md,
"Start-up"): uprobes on the functions that start and end each phase of the release binary, and
the kernel's exec and exit of the process, recorded by `perf` over repeated runs.

    sudo scripts/bench-lib/phases.py BUNDLE [--runs N]     (root: uprobes; Linux perf)

Prints the median of each phase over the runs, in milliseconds: from exec to `main` (the
kernel's exec, the dynamic loader, the Swift runtime), argument parsing (to `CheckCommand.run`),
loading the bundle (`BundleOptions.load`), reading the tables (to `Checker.check`), the rules and
sorting (`Checker.check`), the JSON report (`JSONDiagnosticFormatter.format`), and the exit, and
the same for `--version` (exec to `main`, `main` to the exit). The probes cost a few
microseconds each; the runs are back to back, so read them on a quiet machine.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RELEASE = os.path.join(ROOT, ".build", "release", "settings-l10n")

# (name, a symbol the phase starts or ends at, whether the probe is at its return)
PROBES = [
    ("main", "settings_l10n_main", False),
    ("run", "$s13settings_l10n12CheckCommandV3runyyKF", False),
    ("load", "$s13settings_l10n13BundleOptionsV4loadAA06LoadedC0VyKF", True),
    ("rules", "$s17SettingsL10nCheck7CheckerO5check_13configurationSay0aB4Core10DiagnosticVGAA0C7ContextV_AA0C13ConfigurationVtFZ", False),
    ("sorted", "$s17SettingsL10nCheck7CheckerO5check_13configurationSay0aB4Core10DiagnosticVGAA0C7ContextV_AA0C13ConfigurationVtFZ", True),
    ("json", "$s16SettingsL10nCore23JSONDiagnosticFormatterV6format_4intoyAA16DiagnosticReportV_ySSXEtF", True),
]
PHASES = [("exec to main", "exec", "main"), ("argument parsing", "main", "run"), ("loading the bundle", "run", "load"),
          ("reading the tables", "load", "rules"), ("rules and sorting", "rules", "sorted"),
          ("the JSON report", "sorted", "json"), ("exit", "json", "end")]


def file_offsets(binary, symbols):
    """Each symbol's offset in the file (what `perf probe` takes), from its address and the
    loadable segment holding it."""
    addresses = {}
    for line in subprocess.run(["nm", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] in symbols:
            addresses[parts[2]] = int(parts[0], 16)
    segments = []
    for line in subprocess.run(["readelf", "-lW", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split()
        if parts and parts[0] == "LOAD":
            segments.append((int(parts[2], 16), int(parts[1], 16), int(parts[5], 16)))  # vaddr, offset, file size
    missing = [symbol for symbol in symbols if symbol not in addresses]
    if missing:
        sys.exit(f"phases: the binary has no {', '.join(missing)}: built from another version of the code?")
    offsets = {}
    for symbol, address in addresses.items():
        vaddr, offset, _ = next(segment for segment in segments if segment[0] <= address < segment[0] + segment[2])
        offsets[symbol] = address - vaddr + offset
    return offsets


def record(binary, argv, runs, probes, work):
    """The events of `runs` runs of `binary argv`: per run, each probe's first time and the last
    thread's exit, in seconds."""
    data = os.path.join(work, "perf.data")
    events = ["-e", "sched:sched_process_exec", "-e", "sched:sched_process_exit"] + [a for p in probes for a in ("-e", f"probe_phases:{p}")]
    loop = f"for i in $(seq {runs}); do {binary} {' '.join(argv)} >/dev/null 2>&1; done; true"
    recorded = subprocess.run(["perf", "record", "-q", "-o", data] + events + ["--", "bash", "-c", loop],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if recorded.returncode != 0:
        sys.exit(f"phases: perf record failed: {recorded.stderr.strip()}")
    script = subprocess.run(["perf", "script", "-i", data, "-F", "comm,time,event"], capture_output=True, text=True, check=True).stdout
    name = os.path.basename(binary)[:15]
    found, current = [], None
    for line in script.splitlines():
        parts = line.split()
        if len(parts) < 3:
            continue
        comm, time, event = parts[0], float(parts[1].rstrip(":")), parts[2].rstrip(":").split(":")[-1]
        if event == "sched_process_exec" and comm == name:
            current = {"exec": time}
            found.append(current)
        elif current is not None and event == "sched_process_exit" and comm != "bash" and comm != "seq":
            current["end"] = time
        elif current is not None and event in probes and event not in current:
            current[event] = time
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bundle")
    parser.add_argument("--runs", type=int, default=31)
    args = parser.parse_args()
    if not os.path.exists(RELEASE):
        sys.exit(f"phases: no release binary at {RELEASE}: run `make release` first")
    work = tempfile.mkdtemp(prefix="settings-l10n-phases-")
    binary = os.path.join(work, "settings-l10n")
    subprocess.run(["cp", RELEASE, binary], check=True)
    offsets = file_offsets(binary, {symbol for _, symbol, _ in PROBES})
    # Probes a run that was stopped left behind.
    subprocess.run(["perf", "probe", "-q", "-d", "probe_phases:*"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for name, symbol, at_return in PROBES:
            spec = f"probe_phases:{name}=0x{offsets[symbol]:x}" + ("%return" if at_return else "")
            subprocess.run(["perf", "probe", "-q", "-x", binary, "-a", spec], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # perf names a probe at a return NAME__return.
        names = [name + ("__return" if at_return else "") for name, _, at_return in PROBES]
        renamed = dict(zip(names, [name for name, _, _ in PROBES]))
        runs = [{renamed.get(k, k): v for k, v in run.items()} for run in
                record(binary, ["check", args.bundle, "--format", "json"], args.runs, names, work)]
        version = [{renamed.get(k, k): v for k, v in run.items()} for run in record(binary, ["--version"], args.runs, names, work)]
    finally:
        subprocess.run(["perf", "probe", "-q", "-d", "probe_phases:*"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run(["rm", "-rf", work])
    whole = [run for run in runs if all(key in run for _, a, b in PHASES for key in (a, b))]
    if not whole:
        sys.exit("phases: no run recorded every probe (perf probe needs root and uprobes)")
    print(f"check {args.bundle} --format json, medians of {len(whole)} runs (ms):")
    for label, start, end in PHASES:
        print(f"  {label:<22} {statistics.median((run[end] - run[start]) * 1000 for run in whole):6.2f}")
    print(f"  {'in all':<22} {statistics.median((run['end'] - run['exec']) * 1000 for run in whole):6.2f}")
    complete = [run for run in version if "main" in run and "end" in run]
    print(f"--version, medians of {len(complete)} runs (ms):")
    print(f"  {'exec to main':<22} {statistics.median((run['main'] - run['exec']) * 1000 for run in complete):6.2f}")
    print(f"  {'main to the exit':<22} {statistics.median((run['end'] - run['main']) * 1000 for run in complete):6.2f}")
    print(f"  {'in all':<22} {statistics.median((run['end'] - run['exec']) * 1000 for run in complete):6.2f}")


if __name__ == "__main__":
    main()
