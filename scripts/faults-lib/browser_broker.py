"""The browser of `render --format png`, started outside strace for scripts/check-faults.

strace -f follows every process the tool starts and injects into all of them, so a sweep of the
tool's write path through the png surface would break Chromium (and trace it: most of the run).
The tool is given browser-relay.c's program as its browser (SETTINGS_L10N_BROWSER); the relay
hands its descriptors, arguments and environment to this broker, which starts the real browser
untraced with them and answers with its exit status. When the relay dies (killed by the sweep, or
by the tool that gave up waiting), the broker kills the browser it started for it.
"""
import array
import os
import select
import shutil
import signal
import socket
import struct
import subprocess
import threading

HERE = os.path.dirname(os.path.abspath(__file__))


def build_relay(folder):
    """The relay, compiled statically into `folder` (it must make no call the sweep injects)."""
    relay = os.path.join(folder, "browser-relay")
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        raise SystemExit("scripts/check-faults needs a C compiler for the browser relay: apt-get install -y gcc libc6-dev")
    subprocess.run([compiler, "-static", "-O2", "-o", relay, os.path.join(HERE, "browser-relay.c")], check=True)
    return relay


class BrowserBroker:
    """Listens on a Unix socket in `folder`; each connection is one browser to start."""

    def __init__(self, folder, browser):
        self.browser = browser
        self.path = os.path.join(folder, "broker.sock")
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(self.path)
        self.listener.listen(8)
        self.started = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def environment(self, relay):
        """What the tool's environment needs for its browser to be the relay."""
        return {"SETTINGS_L10N_BROWSER": relay, "SETTINGS_L10N_FAULTS_BROKER": self.path}

    def _accept(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(connection,), daemon=True).start()

    def _serve(self, connection):
        descriptors = []
        try:
            data, descriptors = self._receive(connection)
            if data is None:
                return
            arguments_length, environment_length = struct.unpack("<II", data[:8])
            arguments = [a.decode("utf-8", "surrogateescape") for a in data[8:8 + arguments_length].split(b"\0")[:-1]]
            environment = {}
            for item in data[8 + arguments_length:8 + arguments_length + environment_length].split(b"\0")[:-1]:
                key, _, value = item.decode("utf-8", "surrogateescape").partition("=")
                if key != "SETTINGS_L10N_FAULTS_BROKER":
                    environment[key] = value
            # Above any descriptor the file actions write to, so that no dup2 overwrites a source.
            high = [os.dup2(d, 100 + i, inheritable=False) for i, d in enumerate(descriptors)]
            actions = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0)]
            actions += [(os.POSIX_SPAWN_DUP2, fd, target) for fd, target in zip(high, (1, 2, 3, 4))]
            try:
                pid = os.posix_spawn(self.browser, [self.browser] + arguments, environment, file_actions=actions, setsid=True)
            finally:
                for fd in high:
                    os.close(fd)
            self.started += 1
            for fd in descriptors:
                os.close(fd)
            descriptors = []
            connection.sendall(bytes([self._wait(pid, connection)]))
        except OSError:
            pass
        finally:
            for fd in descriptors:
                os.close(fd)
            connection.close()

    @staticmethod
    def _receive(connection):
        """The relay's message and the descriptors that came with it."""
        data, descriptors = b"", []
        size = struct.calcsize("i") * 4
        while len(data) < 8 or len(data) < 8 + sum(struct.unpack("<II", data[:8])):
            chunk, control, _, _ = connection.recvmsg(1 << 16, socket.CMSG_SPACE(size), socket.MSG_CMSG_CLOEXEC)
            for level, kind, payload in control:
                if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                    received = array.array("i")
                    received.frombytes(payload[:len(payload) - len(payload) % received.itemsize])
                    descriptors += list(received)
            if not chunk:
                return None, descriptors
            data += chunk
        return (data if len(descriptors) == 4 else None), descriptors

    @staticmethod
    def _wait(pid, connection):
        """The browser's exit status (a signal as 128 + its number); the browser and its children
        killed if the relay goes first."""
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return os.waitstatus_to_exitcode(status) & 0xFF if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
            readable, _, _ = select.select([connection], [], [], 0.05)
            if readable and not connection.recv(1, socket.MSG_PEEK):
                try:
                    os.killpg(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                os.waitpid(pid, 0)
                return 137

    def close(self):
        self.listener.close()
        try:
            os.remove(self.path)
        except FileNotFoundError:
            pass
