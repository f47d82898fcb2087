"""Reference fp32 / tf32 matmul rate of the GPU through PyTorch (the device benchmark's yardstick).

    python3 torch-matmul.py 1024x896x3584,4096x4096x4096,512x512x512 > torch.json

Each shape: 3 warm-ups, then products until 1 s has passed (at least 10), timed with CUDA events.
"""
import json
import sys
import time

result = {"available": False}
try:
    import torch

    if not torch.cuda.is_available():
        raise RuntimeError("torch sees no CUDA device")
    result = {"available": True, "device": torch.cuda.get_device_name(0), "torch": torch.__version__, "matmul": []}
    for shape in sys.argv[1].split(","):
        m, k, n = map(int, shape.split("x"))
        a = torch.randn(m, k, device="cuda", dtype=torch.float32)
        b = torch.randn(k, n, device="cuda", dtype=torch.float32)
        row = {"shape": shape}
        for mode in ("fp32", "tf32"):
            torch.backends.cuda.matmul.allow_tf32 = mode == "tf32"
            for _ in range(3):
                a @ b
            torch.cuda.synchronize()
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            count, began = 0, time.time()
            start.record()
            while count < 10 or time.time() - began < 1.0:
                a @ b
                count += 1
            end.record()
            torch.cuda.synchronize()
            seconds = start.elapsed_time(end) / 1000 / count
            row[f"{mode}Gflops"] = 2 * m * k * n / seconds / 1e9
        result["matmul"].append(row)
except Exception as error:  # the device script goes on without the reference
    result = {"available": False, "reason": f"{type(error).__name__}: {error}"}
print(json.dumps(result))
