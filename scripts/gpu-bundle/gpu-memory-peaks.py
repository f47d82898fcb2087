"""Peak GPU memory of each phase of run.sh, from nvidia-smi's samples and the phase log.

    python3 gpu-memory-peaks.py smi.csv phases.txt > gpu-memory.json

smi.csv: `nvidia-smi --query-gpu=timestamp,memory.used --format=csv,noheader,nounits -lms 250` lines;
phases.txt: `NAME START_EPOCH END_EPOCH` lines (seconds).
"""
import json
import sys
from datetime import datetime

samples = []
try:
    for line in open(sys.argv[1]):
        parts = [part.strip() for part in line.split(",")]
        if len(parts) < 2:
            continue
        try:
            when = datetime.strptime(parts[0], "%Y/%m/%d %H:%M:%S.%f").timestamp()
            samples.append((when, float(parts[1])))
        except ValueError:
            continue
except OSError:
    pass
phases = {}
for line in open(sys.argv[2]):
    name, start, end = line.split()
    inside = [used for when, used in samples if float(start) <= when <= float(end)]
    phases[name] = {"peakMiB": max(inside) if inside else None, "samples": len(inside), "seconds": float(end) - float(start)}
baseline = min((used for _, used in samples), default=None)
print(json.dumps({"baselineMiB": baseline, "samples": len(samples), "phases": phases}))
