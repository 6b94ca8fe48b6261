"""A TCP listener that accepts connections and never answers: a WebSocket handshake that hangs."""
import socket
import time

listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(64)
print(f"silent listener on http://127.0.0.1:{listener.getsockname()[1]}/", flush=True)
held = []
while True:
    connection, _ = listener.accept()
    held.append(connection)
    time.sleep(0.01)
