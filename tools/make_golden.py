"""Record the digests of every output of ``belote-replay`` that tests/golden/test_golden.py pins.

Run from the repository root: ``.venv/bin/python tools/make_golden.py`` (a few minutes; ``--only
samples`` takes seconds). It runs each command of ``tests/golden/catalogue.py`` on every file under
``samples/`` and on a seeded generated file of 10,000 deals per rule system, and writes the SHA-256
digest and size of each output (exit code, standard output, standard error, the file written) to
``tests/golden/digests.json``, with the key paths of today's JSON outputs. Run it when an output
changes on purpose, and say in the commit which output changed and why.

``--via subprocess`` runs the installed console script instead of click's in-process runner (slower)
and ``--output`` writes elsewhere: the two files must be equal, which shows the in-process runs give
the real command's bytes.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.golden import catalogue  # noqa: E402


def _record_sample(path: Path, via: str) -> tuple[str, dict[str, Any], dict[str, set[str]]]:
    with tempfile.TemporaryDirectory() as work:
        entries, paths = catalogue.record(path, Path(work), catalogue.commands_for(generated=False), via)
    return catalogue.sample_key(path), entries, paths


def _record_generated(rules: str, via: str) -> tuple[str, dict[str, Any], dict[str, set[str]]]:
    with tempfile.TemporaryDirectory() as work:
        source = catalogue.generate(rules, Path(work), via)
        file_digest = catalogue.digest(source.read_bytes())
        entries, paths = catalogue.record(source, Path(work) / "runs", catalogue.commands_for(generated=True),
                                          via)
    return rules, {"file": file_digest, "outputs": entries}, paths


def _part(results: list[tuple[str, dict[str, Any], dict[str, set[str]]]]) -> dict[str, Any]:
    outputs = {}
    json_paths: dict[str, set[str]] = {}
    for key, entries, paths in results:
        outputs[key] = entries
        for command, seen in paths.items():
            json_paths.setdefault(command, set()).update(seen)
    return {"json_paths": {command: sorted(seen) for command, seen in sorted(json_paths.items())},
            "outputs": outputs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["samples", "generated"],
                        help="record this part only (keep the other)")
    parser.add_argument("--via", choices=["inprocess", "subprocess"], default="inprocess")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--output", type=Path, default=catalogue.DIGESTS)
    options = parser.parse_args()

    reference: dict[str, Any] = {}
    if options.output.exists():
        reference = json.loads(options.output.read_text(encoding="utf-8"))
    reference["about"] = ("Digests of belote-replay's outputs (tests/golden/catalogue.py says which); "
                          "written by tools/make_golden.py, checked by tests/golden/test_golden.py.")
    reference["generated_settings"] = {"deals": catalogue.GENERATED_DEALS, "seed": catalogue.GENERATED_SEED,
                                       "rules": list(catalogue.RULE_SYSTEMS)}
    with ProcessPoolExecutor(max_workers=options.jobs) as pool:
        if options.only in (None, "samples"):
            samples = catalogue.sample_files()
            vias = [options.via] * len(samples)
            reference["samples"] = _part(list(pool.map(_record_sample, samples, vias)))
        if options.only in (None, "generated"):
            rules = list(catalogue.RULE_SYSTEMS)
            vias = [options.via] * len(rules)
            reference["generated"] = _part(list(pool.map(_record_generated, rules, vias)))
    ordered = {key: reference[key] for key in ("about", "generated_settings", "samples", "generated")
               if key in reference}
    temporary = options.output.with_name(options.output.name + ".tmp")
    temporary.write_text(catalogue.dump_reference(ordered), encoding="utf-8")
    temporary.replace(options.output)
    print(f"wrote {options.output}")


if __name__ == "__main__":
    main()
