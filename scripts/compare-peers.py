#!/usr/bin/env python3
"""Runs the same generated statements through My Money and its peers, in one run, and prints
ours/theirs ratios.

Peers are used where installed: hledger and ledger (Debian packages), ofxtools, ofxparse and
beancount (PyPI). Missing peers are skipped with a note.

usage: scripts/compare-peers.py [--size N] [--runs N] [--json FILE]
       each side is timed --runs times (default 3) and its fastest run counts; a peer whose
       single run takes over 20 s is timed once
       (build first: swift build -c release --product mymoney-bench --product mymoney)
"""
import argparse, json, os, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, ".build", "release", "mymoney-bench")
MYMONEY = os.path.join(ROOT, ".build", "release", "mymoney")


def timed(cmd, ok=(0,), **kw):
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
    elapsed = time.perf_counter() - start
    if proc.returncode not in ok:
        raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr.decode()[:300]}")
    return elapsed, proc.stdout.decode()


RUNS = 3


def fastest(measure):
    """The fastest of RUNS runs of `measure` (returning seconds first); one run when it takes over 20 s."""
    best = measure()
    if best[0] > 20:
        return best
    for _ in range(RUNS - 1):
        again = measure()
        if again[0] < best[0]:
            best = again
    return best


def parse_file(path):
    """Ours on one file: (whole process seconds, seconds of the read itself as parse-file reports it)."""
    def once():
        elapsed, out = timed([BENCH, "parse-file", path])
        fields = out.strip().split("\t")
        inside = float(fields[2].split()[0]) if len(fields) > 2 else elapsed
        return elapsed, inside
    whole = fastest(once)[0]
    inside = fastest(lambda: once()[::-1])[0]
    return whole, inside


def timed_python(fn):
    def once():
        start = time.perf_counter()
        count = fn()
        return time.perf_counter() - start, count
    return fastest(once)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=100_000)
    ap.add_argument("--json")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    for binary in (BENCH, MYMONEY):
        if not os.path.exists(binary):
            sys.exit(f"{binary} is missing: run swift build -c release --product mymoney-bench --product mymoney")

    work = tempfile.mkdtemp(prefix="mymoney-peers-")
    subprocess.run([BENCH, "generate", "--size", str(args.size), "--accounts", "1", "--out", work], check=True,
                   stdout=subprocess.DEVNULL)
    csv, ofx2, ofx1, qif = (os.path.join(work, f) for f in
                            ("account-0.csv", "account-0.ofx", "account-0-v1.ofx", "account-0.qif"))
    journal, bean = os.path.join(work, "account-0.journal"), os.path.join(work, "account-0.beancount")
    n = args.size
    rows = []

    def add(task, ours_s, peer, theirs_s):
        rows.append({"task": task, "transactions": n, "ours_seconds": round(ours_s, 4), "peer": peer,
                     "peer_seconds": round(theirs_s, 4) if theirs_s else None,
                     "ours_tx_per_s": round(n / ours_s), "peer_tx_per_s": round(n / theirs_s) if theirs_s else None,
                     "ratio": round(theirs_s / ours_s, 1) if theirs_s else None})

    # hledger and ledger are timed as whole processes, and so is ours next to them; the Python
    # libraries are timed inside their interpreter (its start-up left out), and ours next to them
    # is the read itself as parse-file reports it (our process start-up left out the same way).
    ours_csv, _ = parse_file(csv)
    if shutil.which("hledger"):
        t, _ = fastest(lambda: timed(["hledger", "-f", csv, "--rules-file", csv + ".rules", "stats"]))
        add("read CSV (hledger: 10 rules)", ours_csv, "hledger", t)
    _, ours_ofx2 = parse_file(ofx2)
    _, ours_ofx1 = parse_file(ofx1)
    try:
        from ofxtools.Parser import OFXTree
        import warnings
        warnings.simplefilter("ignore")

        def run_ofxtools():
            tree = OFXTree()
            tree.parse(ofx2)
            return len(tree.convert().statements[0].transactions)
        t, _ = timed_python(run_ofxtools)
        add("read OFX 2 (ofxtools)", ours_ofx2, "ofxtools", t)
    except ImportError:
        print("ofxtools not installed: skipped", file=sys.stderr)
    try:
        import ofxparse

        def run_ofxparse():
            with open(ofx1, "rb") as f:
                return len(ofxparse.OfxParser.parse(f).account.statement.transactions)
        t, _ = timed_python(run_ofxparse)
        add("read OFX 1 (ofxparse)", ours_ofx1, "ofxparse", t)
    except ImportError:
        print("ofxparse not installed: skipped", file=sys.stderr)
    _, ours_qif = parse_file(qif)
    add("read QIF", ours_qif, "-", None)
    # The same 10 categorizing rules hledger gets, in our rule language.
    rules_dir = os.path.join(work, "rules")
    os.makedirs(rules_dir, exist_ok=True)
    merchants = ["REWE MARKT", "EDEKA CENTER", "LIDL DIENSTL", "ALDI SUED", "WHOLE FOODS MARKET", "TRADER JOES",
                 "SAFEWAY", "SHELL OIL", "ARAL STATION", "BP CONNECT"]
    with open(os.path.join(rules_dir, "10-peers.rules"), "w") as f:
        for i, m in enumerate(merchants):
            f.write(f'rule "r{i}"\n  when payee contains "{m}"\n  set category Expenses:M{i}\n\n')
    ledger_file = os.path.join(work, "ledger.sqlite")
    ours_import, _ = timed([MYMONEY, "import", csv, "--ledger", ledger_file, "--rules", rules_dir, "--account", "Bench",
                            "--currency", "EUR"], ok=(0, 1))
    if shutil.which("ledger"):
        t, _ = fastest(lambda: timed(["ledger", "-f", journal, "bal"]))
        add("load a ledger (ours: full CSV import into SQLite; ledger: journal balance)", ours_import, "ledger", t)
    try:
        from beancount import loader
        # Its pickle cache would make every run after the first a cache read.
        if hasattr(loader, "initialize"):
            loader.initialize(use_cache=False)

        def run_beancount():
            entries, errors, _ = loader.load_file(bean)
            return len(entries)
        t, _ = timed_python(run_beancount)
        add("load a ledger (ours: full CSV import into SQLite; beancount: load_file)", ours_import, "beancount", t)
    except ImportError:
        print("beancount not installed: skipped", file=sys.stderr)

    print(f"{'task':74} {'ours tx/s':>11} {'peer':>10} {'peer tx/s':>11} {'ours faster':>11}")
    for r in rows:
        peer_rate = r["peer_tx_per_s"] or "-"
        ratio = f"{r['ratio']}x" if r["ratio"] else "-"
        print(f"{r['task']:74} {r['ours_tx_per_s']:>11} {r['peer']:>10} {peer_rate:>11} {ratio:>11}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
