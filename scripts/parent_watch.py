"""`--exit-with-parent` for the test servers in scripts/: a server shared by the tests of one test
process, which no one test stops, goes when that process does."""
import os
import threading
import time


def exit_with_parent():
    """Exits this process, from a daemon thread, once the process that started it has gone."""
    parent = os.getppid()

    def watch():
        # Orphaned, the process is handed to another parent.
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
