"""A webhook receiver that never answers: it listens on 127.0.0.1 (port 0) and accepts no connection,
so a POST waits for its timeout. Prints "listening on PORT" once bound.
"""
import socket
import time

server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(16)
print(f"listening on {server.getsockname()[1]}", flush=True)
while True:
    time.sleep(3600)
