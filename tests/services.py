"""Which of this machine's services a test can use (the tests that start real processes)."""

import socket


def port_open(port: int, host: str = "127.0.0.1") -> bool:
    try:
        socket.create_connection((host, port), timeout=0.5).close()
    except OSError:
        return False
    return True


def redis_up(host: str = "127.0.0.1", port: int = 6379) -> bool:
    return port_open(port, host)
