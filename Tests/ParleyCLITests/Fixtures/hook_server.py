"""A webhook receiver for the CLI's tests: answers every POST with 200 and appends its body to a file.

Usage: hook_server.py BODIES_FILE. Prints "listening on PORT" once bound to 127.0.0.1 (port 0).
"""
import http.server
import sys

BODIES = sys.argv[1]


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with open(BODIES, "ab") as out:
            out.write(body + b"\n")
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
print(f"listening on {server.server_address[1]}", flush=True)
server.serve_forever()
