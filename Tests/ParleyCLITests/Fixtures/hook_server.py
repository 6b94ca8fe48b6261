"""A webhook receiver for the CLI's tests: appends each POST's body to a file, then answers as its mode says.

Usage: hook_server.py BODIES_FILE [MODE]. Prints "listening on http://127.0.0.1:PORT PORT" once bound to 127.0.0.1 (port 0).
The X-Parley-Signature header of each request goes, a line each, to BODIES_FILE.signatures.
Modes: ok (200, the default); slow (never answers: holds the request open for an hour); error (500
every time); busy (429 with Retry-After: 60 every time). Each request gets its own thread, so a held
request does not hold up the next. Stopped by its PID.
"""
import http.server
import sys
import time

BODIES = sys.argv[1]
MODE = sys.argv[2] if len(sys.argv) > 2 else "ok"


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with open(BODIES, "ab") as out:
            out.write(body + b"\n")
        # The signature header of each request, a line each, beside the bodies.
        with open(BODIES + ".signatures", "a") as out:
            out.write(self.headers.get("X-Parley-Signature", "-") + "\n")
        if MODE == "slow":
            time.sleep(3600)
            return
        if MODE == "error":
            self.send_response(500)
        elif MODE == "busy":
            self.send_response(429)
            self.send_header("Retry-After", "60")
        else:
            self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    # The metrics plugin's Pushgateway push is a PUT; the same modes apply.
    do_PUT = do_POST

    def log_message(self, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # Python's default listen backlog is 5: a burst of parallel flows overflows it, and a dropped
    # SYN is sent again only after a second, which reads as a peer that did not answer.
    request_queue_size = 128


server = Server(("127.0.0.1", 0), Handler)
print(f"listening on http://127.0.0.1:{server.server_address[1]} {server.server_address[1]}", flush=True)
server.serve_forever()
