#!/usr/bin/env python3
"""Runs the test virtualenv's Python tools in one warm interpreter, on 127.0.0.1, for tests that
run them many times (ParleyTesting's PythonTool).

Each tool's start was mostly imports: a quarter to half a second of CPU (ag-ui-validate 0.25 s,
xmlschema 0.6 s, check-jsonschema 0.5 s, kubernetes-validate 0.35 s) on the 2-core test machine,
where the test groups are bound by CPU. Here a tool's modules load once, on its first run; every
run still starts the tool from its own entry point with its own arguments.

POST /run {"argv": [...], "cwd": "folder or null", "env": {"NAME": "value"}} answers
{"status": N, "stdout": "...", "stderr": "..."}. argv[0] is "-c" (then the code and its
arguments), a .py file (run as __main__), or the name of one of this virtualenv's console scripts
(check-jsonschema, kubernetes-validate, ag-ui-validate). One run at a time: a run owns sys.argv,
the working folder, the environment and the standard streams while it runs.

--exit-with-parent  exits once the process that started it has: the server is shared by the tests
                    of one test process, and no one test stops it.
Prints "listening on http://127.0.0.1:PORT" once ready.
"""
import io
import json
import logging
import os
import runpy
import sys
import threading
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.metadata import entry_points

from parent_watch import exit_with_parent

lock = threading.Lock()


def capture():
    """A text stream over bytes, as a tool's standard stream: tools that write bytes find .buffer."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="replace", write_through=True)


def text(stream):
    stream.flush()
    return stream.buffer.getvalue().decode("utf-8", errors="replace")


def exit_status(code):
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)  # sys.exit("message") prints it and exits 1
    return 1


def console_script(name):
    found = entry_points(group="console_scripts", name=name)
    if not found:
        raise SystemExit(f"python_tools.py: no console script {name!r} in {sys.prefix}")
    return next(iter(found)).load()


def run(argv, cwd, env):
    with lock:
        saved_argv, saved_cwd, saved_env = sys.argv, os.getcwd(), dict(os.environ)
        saved_streams = (sys.stdout, sys.stderr)
        saved_handlers = list(logging.root.handlers)
        out, err = capture(), capture()
        status = 0
        try:
            if cwd:
                os.chdir(cwd)
            os.environ.update(env or {})
            sys.stdout, sys.stderr = out, err
            program = argv[0]
            if program == "-c":
                sys.argv = ["-c"] + argv[2:]
                exec(compile(argv[1], "<string>", "exec"), {"__name__": "__main__"})
            elif program.endswith(".py"):
                sys.argv = list(argv)
                runpy.run_path(program, run_name="__main__")
            else:
                sys.argv = list(argv)
                result = console_script(program)()
                status = result if isinstance(result, int) else 0
        except SystemExit as stop:
            status = exit_status(stop.code)
        except BaseException:
            traceback.print_exc()
            status = 1
        finally:
            stdout, stderr = text(out), text(err)
            sys.stdout, sys.stderr = saved_streams
            sys.argv = saved_argv
            os.chdir(saved_cwd)
            os.environ.clear()
            os.environ.update(saved_env)
            # A tool's logging.basicConfig bound its handler to this run's stream; the next run's
            # call must bind its own.
            logging.root.handlers[:] = saved_handlers
        return {"status": status, "stdout": stdout, "stderr": stderr}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *_):
        pass

    def do_POST(self):
        if self.path != "/run":
            return self.answer(404, {"error": f"no {self.path} here"})
        length = int(self.headers.get("Content-Length", "0"))
        request = json.loads(self.rfile.read(length) or b"{}")
        argv = request.get("argv")
        if not isinstance(argv, list) or not argv or not all(isinstance(a, str) for a in argv):
            return self.answer(400, {"error": "argv must be a non-empty list of strings"})
        self.answer(200, run(argv, request.get("cwd"), request.get("env")))

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def main():
    if "--exit-with-parent" in sys.argv[1:]:
        exit_with_parent()
    ThreadingHTTPServer.request_queue_size = 128
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(f"listening on http://127.0.0.1:{server.server_address[1]}/", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
