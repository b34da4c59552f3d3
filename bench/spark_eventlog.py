"""How a Spark job used its cores, from Spark's event log (issue #13's preflop job).

Amdahl's law, in bench/preflop.py, calls everything that did not get faster on more cores
serial. The event log tells what it was: how long 0, 1, 2, ... tasks ran at once between the
first job and the last, the task time in all, and the longest stages with their tasks.

    PYSPARK_SUBMIT_ARGS="--conf spark.eventLog.enabled=true --conf spark.eventLog.dir=file:///tmp/events pyspark-shell" \\
        python bench/preflop.py --skip-lookup
    python bench/spark_eventlog.py /tmp/events/eventlog_v2_local-...   (one application's log)

A log is a directory of ``events_N_*`` files (Spark 4 rolls them), compressed with zstd by
default: read with the ``zstd`` command.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path


def events(log: Path) -> list[dict]:
    files = sorted(log.glob("events_*"), key=lambda f: int(f.name.split("_")[1])) if log.is_dir() else [log]
    lines: list[str] = []
    for file in files:
        if file.suffix == ".zstd":
            lines += subprocess.run(["zstd", "-qdc", str(file)], check=True, capture_output=True, text=True).stdout.splitlines()
        else:
            lines += file.read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def main() -> None:
    tasks: list[tuple[int, int, int]] = []  # (launch ms, finish ms, stage)
    stages: dict[int, tuple[int, int, int, str]] = {}
    times: dict[str, int] = {}
    for event in events(Path(sys.argv[1])):
        kind = event["Event"]
        if kind == "SparkListenerTaskEnd":
            info = event["Task Info"]
            tasks.append((info["Launch Time"], info["Finish Time"], event["Stage ID"]))
        elif kind == "SparkListenerStageCompleted":
            info = event["Stage Info"]
            stages[info["Stage ID"]] = (info["Number of Tasks"], info.get("Submission Time") or 0, info.get("Completion Time") or 0, info["Stage Name"][:50])
        elif kind == "SparkListenerJobStart":
            times.setdefault("first_job", event["Submission Time"])
        elif kind == "SparkListenerJobEnd":
            times["last_job"] = event["Completion Time"]
    start, end = times["first_job"], times["last_job"]
    running, last, spent = 0, start, defaultdict(float)
    for moment, change in sorted([(launch, 1) for launch, _, _ in tasks] + [(finish, -1) for _, finish, _ in tasks]):
        spent[running] += (moment - last) / 1000
        running += change
        last = moment
    spent[running] += (end - last) / 1000
    print(f"first job to last job: {(end - start) / 1000:.1f} s; seconds with N tasks running: "
          + ", ".join(f"{n}: {seconds:.1f}" for n, seconds in sorted(spent.items())))
    print(f"task time: {sum(finish - launch for launch, finish, _ in tasks) / 1000:.1f} s in {len(tasks)} tasks, {len(stages)} stages")
    for stage, (count, submitted, completed, name) in sorted(stages.items(), key=lambda kv: kv[1][1] - kv[1][2])[:5]:
        seconds = sorted((finish - launch) / 1000 for launch, finish, of in tasks if of == stage)
        print(f"  stage {stage}: {(completed - submitted) / 1000:.1f} s, {count} tasks of {seconds[0]:.1f} to {seconds[-1]:.1f} s  ({name})")


if __name__ == "__main__":
    main()
