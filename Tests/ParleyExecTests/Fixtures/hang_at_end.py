"""An exec plugin that reads every line, then neither exits nor lets SIGTERM stop it.

Usage: hang_at_end.py PIDFILE
Writes its process id to PIDFILE once its input has ended, says so on standard error, then sleeps.
"""
import os
import signal
import sys
import time

signal.signal(signal.SIGTERM, signal.SIG_IGN)
for _ in sys.stdin:
    pass
with open(sys.argv[1], "w", encoding="utf-8") as handle:
    handle.write(str(os.getpid()))
print("input ended; not exiting", file=sys.stderr, flush=True)
time.sleep(120)
